package interp

import (
	"fmt"
	"image/color"
	"slices"

	"msrepl/internal/pyfmt"
	vplot "msrepl/viz/plot"
)

// The drawing methods: plot, scatter, hist, bar and imshow, and
// colorbar.

// lineProps are plot's keyword arguments for its lines; nil is unset.
type lineProps struct {
	color                *color.NRGBA
	colorSpec            Value
	linestyle, marker    string
	linewidth, markersz  float64
	alpha                float64
	labels               []string
	hasLabel, perColumns bool
}

func (th *Thread) mplLineProps(kw *mplKw) (*lineProps, error) {
	p := &lineProps{linewidth: -1, markersz: -1}
	if v, err := kw.take("color", "c"); err != nil {
		return nil, err
	} else if v != nil {
		c, err := th.mplColor(v)
		if err != nil {
			return nil, err
		}
		p.color, p.colorSpec = &c, v
	}
	if v, err := kw.take("linestyle", "ls"); err != nil {
		return nil, err
	} else if v != nil {
		// None is the default style, as in matplotlib.
		if v != None {
			s, ok := v.(Str)
			if !ok {
				return nil, ValueErrorf("%s is not a valid value for ls", reprNoThread(nil, v))
			}
			if p.linestyle, err = vplot.LineStyle(string(s)); err != nil {
				return nil, ValueErrorf("%s", err)
			}
		}
	}
	if v, err := kw.take("marker"); err != nil {
		return nil, err
	} else if v != nil {
		if v != None {
			s, ok := v.(Str)
			if !ok {
				return nil, ValueErrorf("Unrecognized marker style %s", reprNoThread(nil, v))
			}
			if p.marker, err = vplot.Marker(string(s)); err != nil {
				return nil, ValueErrorf("%s", err)
			}
		}
	}
	if v, err := kw.take("linewidth", "lw"); err != nil {
		return nil, err
	} else if v != nil {
		if p.linewidth, err = mplPositive("linewidth", v); err != nil {
			return nil, err
		}
	}
	if v, err := kw.take("markersize", "ms"); err != nil {
		return nil, err
	} else if v != nil {
		if p.markersz, err = mplPositive("markersize", v); err != nil {
			return nil, err
		}
	}
	v, err := kw.take("alpha")
	if err != nil {
		return nil, err
	}
	if p.alpha, err = mplAlpha(v); err != nil {
		return nil, err
	}
	if v, err := kw.take("label"); err != nil {
		return nil, err
	} else if v != nil && v != None {
		p.hasLabel = true
		if _, isStr := v.(Str); !isStr {
			// A list of labels labels the columns of a 2-D y.
			if items, err := th.iterateAll(v); err == nil {
				p.perColumns = true
				for _, it := range items {
					s, err := th.Str(it)
					if err != nil {
						return nil, err
					}
					p.labels = append(p.labels, s)
				}
			}
		}
		if !p.perColumns {
			s, err := th.Str(v)
			if err != nil {
				return nil, err
			}
			p.labels = []string{s}
		}
	}
	return p, nil
}

func mplPlot(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	pos, kw := mplKwargs(args, kwnames, AttributeErrorClass, "Line2D.set()")
	props, err := th.mplLineProps(kw)
	if err != nil {
		return nil, err
	}
	if err := kw.done(); err != nil {
		return nil, err
	}
	var lines []Value
	for len(pos) > 0 {
		// Groups of x, y and fmt, as matplotlib splits them: two values,
		// and a str after them if there is one.
		n := min(2, len(pos))
		group := slices.Clone(pos[:n])
		pos = pos[n:]
		if len(pos) > 0 {
			if _, ok := pos[0].(Str); ok {
				group = append(group, pos[0])
				pos = pos[1:]
			}
		}
		f := vplot.Format{}
		if len(group) > 1 {
			if s, ok := group[len(group)-1].(Str); ok {
				if f, err = vplot.ParseFormat(string(s)); err != nil {
					return nil, ValueErrorf("%s", err)
				}
				group = group[:len(group)-1]
			}
		}
		got, err := th.mplPlotGroup(ax, group, f, props)
		if err != nil {
			return nil, err
		}
		lines = append(lines, got...)
	}
	return NewList(lines), nil
}

// mplPlotGroup draws one x, y, fmt group of plot: one line per column.
func (th *Thread) mplPlotGroup(ax *mplAxes, group []Value, f vplot.Format, p *lineProps) ([]Value, error) {
	y, err := th.mplNumbers("plot", "y", group[len(group)-1])
	if err != nil {
		return nil, err
	}
	if len(y.shape) == 0 {
		y.shape = []int{1}
	}
	var x *mplArray
	if len(group) == 2 {
		if x, err = th.mplData("plot", group[0]); err != nil {
			return nil, err
		}
		if len(x.shape) == 0 {
			x.shape = []int{1}
		}
		x.categorize(ax)
	} else {
		x = &mplArray{shape: []int{y.shape[0]}}
		for i := range y.shape[0] {
			x.vals = append(x.vals, float64(i))
		}
	}
	if x.shape[0] != y.shape[0] {
		return nil, ValueErrorf("x and y must have same first dimension, but have shapes %s and %s", x.shapeText(), y.shapeText())
	}
	if len(x.shape) > 2 || len(y.shape) > 2 {
		return nil, ValueErrorf("x and y can be no greater than 2D, but have shapes %s and %s", x.shapeText(), y.shapeText())
	}
	cols := func(a *mplArray) int {
		if len(a.shape) == 2 {
			return a.shape[1]
		}
		return 1
	}
	ncx, ncy := cols(x), cols(y)
	if ncx > 1 && ncy > 1 && ncx != ncy {
		return nil, ValueErrorf("x has %d columns but y has %d columns", ncx, ncy)
	}
	n := max(ncx, ncy)
	if p.perColumns && len(p.labels) != n {
		return nil, ValueErrorf("label must be scalar or have the same length as the input data, but found %d for %d datasets.", len(p.labels), n)
	}
	column := func(a *mplArray, nc, k int) []float64 {
		if nc == 1 {
			return a.vals
		}
		out := make([]float64, a.shape[0])
		for i := range out {
			out[i] = a.vals[i*nc+k%nc]
		}
		return out
	}
	var out []Value
	for k := range n {
		var c color.NRGBA
		var spec Value
		switch {
		case p.color != nil:
			c, spec = *p.color, p.colorSpec
		case f.Color != nil:
			c, spec = *f.Color, Str(f.ColorSpec)
		default:
			c = ax.a.NextLineColor()
			spec = Str(vplot.Hex(c))
		}
		l := vplot.NewLine(column(x, ncx, k), column(y, ncy, k), c)
		if f.LineStyle != "" {
			l.LineStyle = f.LineStyle
		}
		if f.Marker != "" {
			l.Marker = f.Marker
		}
		if p.linestyle != "" {
			l.LineStyle = p.linestyle
		}
		if p.marker != "" {
			l.Marker = p.marker
			if f.LineStyle == "" && p.linestyle == "" && f.Marker == "" {
				// A marker keyword keeps the default solid line.
				l.LineStyle = "-"
			}
		}
		if p.linewidth >= 0 {
			l.LineWidth = p.linewidth
		}
		if p.markersz >= 0 {
			l.MarkerSize = p.markersz
		}
		l.Alpha = p.alpha
		switch {
		case p.perColumns:
			l.Label = p.labels[k]
		case p.hasLabel:
			l.Label = p.labels[0]
		default:
			// matplotlib names unlabelled lines _child0, ..., which legend
			// skips.
			l.Label = fmt.Sprintf("_child%d", len(ax.a.Artists))
		}
		ax.a.Add(l)
		out = append(out, &mplLine{l: l, color: spec})
	}
	return out, nil
}

func mplScatter(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var x, y Value
	var s, c, marker, cmap, vmin, vmax, alpha, colorKw, label Value = None, None, Str("o"), None, None, None, None, None, None
	if err := UnpackArgs("scatter", args, kwnames, "x", &x, "y", &y, "s?", &s, "c?", &c, "marker?", &marker, "cmap?", &cmap,
		"*vmin?", &vmin, "*vmax?", &vmax, "*alpha?", &alpha, "*color?", &colorKw, "*label?", &label); err != nil {
		return nil, err
	}
	xs, err := th.mplData("scatter", x)
	if err != nil {
		return nil, err
	}
	ys, err := th.mplNumbers("scatter", "y", y)
	if err != nil {
		return nil, err
	}
	xs.categorize(ax)
	n := len(xs.vals)
	if n != len(ys.vals) {
		return nil, ValueErrorf("x and y must be the same size")
	}
	sc := &vplot.Scatter{X: xs.vals, Y: ys.vals, Sizes: []float64{vplot.DefaultScatterSize}}
	if s != None {
		sizes, err := th.mplNumbers("scatter", "s", s)
		if err != nil {
			return nil, err
		}
		if len(sizes.vals) != 1 && len(sizes.vals) != n {
			return nil, ValueErrorf("s must be a scalar, or float array-like with the same size as x and y")
		}
		sc.Sizes = sizes.vals
	}
	if c != None && colorKw != None {
		return nil, ValueErrorf("Supply a 'c' argument or a 'color' kwarg but not both; they differ but their functionalities overlap.")
	}
	switch {
	case colorKw != None:
		if sc.Colors, err = th.mplColors(colorKw); err != nil {
			return nil, err
		}
	case c == None:
		sc.Colors = []color.NRGBA{ax.a.NextPatchColor()}
	default:
		// Numbers, one per point, are coloured through cmap; otherwise c
		// is one colour or one each, as in matplotlib, where value mapping
		// wins when the lengths match.
		vals, verr := th.mplNumbers("scatter", "c", c)
		if verr == nil && len(vals.vals) == n && len(vals.shape) <= 1 {
			cm, err := mplCmapArg(cmap)
			if err != nil {
				return nil, err
			}
			sc.Values = vals.vals
			if sc.Map, err = mplScalarMap(cm, vals.vals, vmin, vmax); err != nil {
				return nil, err
			}
			break
		}
		colors, cerr := th.mplColors(c)
		switch {
		case cerr == nil && (len(colors) == 1 || len(colors) == n):
			sc.Colors = colors
		case verr == nil:
			return nil, ValueErrorf("'c' argument has %d elements, which is inconsistent with 'x' and 'y' with size %d.", len(vals.vals), n)
		default:
			return nil, cerr
		}
	}
	if marker == None {
		marker = Str("o")
	}
	ms, ok := marker.(Str)
	if !ok {
		return nil, ValueErrorf("Unrecognized marker style %s", reprNoThread(nil, marker))
	}
	if sc.Marker, err = vplot.Marker(string(ms)); err != nil {
		return nil, ValueErrorf("%s", err)
	}
	if sc.Alpha, err = mplAlpha(alpha); err != nil {
		return nil, err
	}
	if sc.Label, err = th.mplLabel(label); err != nil {
		return nil, err
	}
	ax.a.Add(sc)
	col := &mplCollection{s: sc, ax: ax}
	if sc.Values != nil {
		ax.fig.mappable = col
	}
	return col, nil
}

func mplHist(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var x Value
	var bins, rng, density, weights, histtype, colorKw, edge, ec, lw, linewidth, alpha, label Value = None, None, False, None, Str("bar"), None, None, None, None, None, None, None
	if err := UnpackArgs("hist", args, kwnames, "x", &x, "bins?", &bins, "range?", &rng, "density?", &density, "weights?", &weights,
		"*histtype?", &histtype, "*color?", &colorKw, "*edgecolor?", &edge, "*ec?", &ec, "*linewidth?", &linewidth, "*lw?", &lw,
		"*alpha?", &alpha, "*label?", &label); err != nil {
		return nil, err
	}
	data, err := th.mplNumbers("hist", "x", x)
	if err != nil {
		return nil, err
	}
	if len(data.shape) > 1 {
		return nil, ValueErrorf("hist() takes one data set, a 1-D array, not one of shape %s", data.shapeText())
	}
	spec := vplot.HistSpec{Bins: 10, Float32: data.float32}
	switch b := bins.(type) {
	case NoneType:
	case Str:
		return nil, ValueErrorf("hist() takes bins as a number of bins or a sequence of edges, not %s", pyfmt.QuoteString(string(b)))
	default:
		if n, err := toIndex(bins); err == nil {
			spec.Bins = n
			break
		}
		edges, err := th.mplNumbers("hist", "bins", bins)
		if err != nil {
			return nil, TypeErrorf("`bins` must be an integer, a string, or an array")
		}
		if len(edges.shape) != 1 {
			return nil, ValueErrorf("`bins` must be 1d, when an array")
		}
		spec.Edges = edges.vals
	}
	if rng != None {
		r, err := th.mplNumbers("hist", "range", rng)
		if err != nil || len(r.vals) != 2 {
			return nil, ValueErrorf("range must be a pair of numbers (min, max), not %s", reprNoThread(nil, rng))
		}
		spec.Range = &[2]float64{r.vals[0], r.vals[1]}
	}
	if weights != None {
		w, err := th.mplNumbers("hist", "weights", weights)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(w.shape, data.shape) {
			return nil, ValueErrorf("weights should have the same shape as x")
		}
		spec.Weights = w.vals
	}
	if spec.Density, err = th.Truth(density); err != nil {
		return nil, err
	}
	ht, _ := histtype.(Str)
	if !slices.Contains(vplot.HistTypes, string(ht)) {
		return nil, ValueErrorf("%s is not a valid value for histtype; supported values are 'bar', 'barstacked', 'step', 'stepfilled'", reprNoThread(nil, histtype))
	}
	var c color.NRGBA
	if colorKw != None {
		if c, err = th.mplColor(colorKw); err != nil {
			return nil, err
		}
	} else {
		c = ax.a.NextLineColor()
	}
	h, err := vplot.NewHist(data.vals, spec, c)
	if err != nil {
		return nil, ValueErrorf("%s", err)
	}
	h.Type = string(ht)
	if err := th.mplEdge(edge, ec, linewidth, lw, &h.EdgeColor, &h.EdgeWidth); err != nil {
		return nil, err
	}
	if h.Type == "step" && h.EdgeWidth > 0 {
		h.LineWidth = h.EdgeWidth
	}
	if h.Alpha, err = mplAlpha(alpha); err != nil {
		return nil, err
	}
	if h.Label, err = th.mplLabel(label); err != nil {
		return nil, err
	}
	ax.a.Add(h)
	counts, err := th.mplFloats(h.Counts)
	if err != nil {
		return nil, err
	}
	edges, err := th.mplFloats(h.Edges)
	if err != nil {
		return nil, err
	}
	var patches Value
	if h.Type == "bar" || h.Type == "barstacked" {
		bc := &mplBarContainer{}
		for i, n := range h.Counts {
			bc.rects = append(bc.rects, &mplRect{x: h.Edges[i], y: 0, w: h.Edges[i+1] - h.Edges[i], h: n})
		}
		patches = bc
	} else {
		patches = NewList([]Value{&mplPolygon{h: h}})
	}
	return Tuple{counts, edges, patches}, nil
}

// mplEdge reads edgecolor (or ec) and linewidth (or lw) of bars:
// matplotlib's patches draw an edge of 1 point when given a colour.
func (th *Thread) mplEdge(edge, ec, linewidth, lw Value, c *color.NRGBA, width *float64) error {
	for _, pair := range [][2]Value{{edge, ec}, {linewidth, lw}} {
		if pair[0] != None && pair[1] != None {
			return TypeErrorf("Got both the full and the short name of one argument, which are aliases of one another")
		}
	}
	if edge == None {
		edge = ec
	}
	if linewidth == None {
		linewidth = lw
	}
	if edge != None {
		var err error
		if *c, err = th.mplColor(edge); err != nil {
			return err
		}
		*width = 1
	}
	if linewidth != None {
		w, err := mplPositive("linewidth", linewidth)
		if err != nil {
			return err
		}
		*width = w
		if edge == None {
			*c = color.NRGBA{A: 255}
		}
	}
	return nil
}

func mplBar(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var x, height Value
	var width, bottom, align, colorKw, edge, ec, linewidth, lw, tickLabel, label, alpha Value = Float(vplot.DefaultBarWidth), Int(0), Str("center"), None, None, None, None, None, None, None, None
	if err := UnpackArgs("bar", args, kwnames, "x", &x, "height", &height, "width?", &width, "bottom?", &bottom, "*align?", &align,
		"*color?", &colorKw, "*edgecolor?", &edge, "*ec?", &ec, "*linewidth?", &linewidth, "*lw?", &lw,
		"*tick_label?", &tickLabel, "*label?", &label, "*alpha?", &alpha); err != nil {
		return nil, err
	}
	xs, err := th.mplData("bar", x)
	if err != nil {
		return nil, err
	}
	xs.categorize(ax)
	arrays := []*mplArray{xs}
	for _, v := range []struct {
		name string
		v    Value
	}{{"height", height}, {"width", width}, {"bottom", bottom}} {
		a, err := th.mplNumbers("bar", v.name, v.v)
		if err != nil {
			return nil, err
		}
		arrays = append(arrays, a)
	}
	// numpy broadcasting of 0-D and 1-D arrays: those of size 1 stretch.
	n, first := 1, -1
	for i, a := range arrays {
		if len(a.shape) > 1 {
			return nil, ValueErrorf("bar() takes 1-D data, not an array of shape %s", a.shapeText())
		}
		k := len(a.vals)
		switch {
		case len(a.shape) == 0 || k == 1:
		case first < 0:
			first, n = i, k
		case k != n:
			return nil, ValueErrorf("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg %d with shape %s and arg %d with shape %s.",
				first, arrays[first].shapeText(), i, a.shapeText())
		}
	}
	at := func(a *mplArray, i int) float64 {
		if len(a.vals) == 1 {
			return a.vals[0]
		}
		return a.vals[i]
	}
	al, _ := align.(Str)
	if al != "center" && al != "edge" {
		return nil, ValueErrorf("%s is not a valid value for align; supported values are 'center', 'edge'", reprNoThread(nil, align))
	}
	b := &vplot.Bars{Alpha: -1}
	bc := &mplBarContainer{}
	for i := range n {
		w := at(arrays[2], i)
		left := at(xs, i)
		if al == "center" {
			left -= w / 2
		}
		b.Left = append(b.Left, left)
		b.Width = append(b.Width, w)
		b.Bottom = append(b.Bottom, at(arrays[3], i))
		b.Height = append(b.Height, at(arrays[1], i))
		bc.rects = append(bc.rects, &mplRect{x: left, y: at(arrays[3], i), w: w, h: at(arrays[1], i)})
	}
	if colorKw != None {
		if b.Colors, err = th.mplColors(colorKw); err != nil {
			return nil, err
		}
	} else {
		b.Colors = []color.NRGBA{ax.a.NextPatchColor()}
	}
	if err := th.mplEdge(edge, ec, linewidth, lw, &b.EdgeColor, &b.EdgeWidth); err != nil {
		return nil, err
	}
	if b.Alpha, err = mplAlpha(alpha); err != nil {
		return nil, err
	}
	if b.Label, err = th.mplLabel(label); err != nil {
		return nil, err
	}
	if tickLabel != None {
		labels := []Value{tickLabel}
		if _, isStr := tickLabel.(Str); !isStr {
			if labels, err = th.iterateAll(tickLabel); err != nil {
				return nil, err
			}
		}
		if len(labels) != 1 && len(labels) != n {
			return nil, ValueErrorf("number of tick labels (%d) does not match number of bars (%d).", len(labels), n)
		}
		ax.a.XTicks = nil
		for i := range n {
			s, err := th.Str(labels[min(i, len(labels)-1)])
			if err != nil {
				return nil, err
			}
			ax.a.XTicks = append(ax.a.XTicks, vplot.Tick{Value: at(xs, i), Label: s})
		}
	}
	ax.a.Add(b)
	return bc, nil
}

func mplImshow(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var x Value
	var cmap, aspect, interpolation, alpha, vmin, vmax, origin Value = None, None, None, None, None, None, None
	if err := UnpackArgs("imshow", args, kwnames, "X", &x, "cmap?", &cmap, "*aspect?", &aspect, "*interpolation?", &interpolation,
		"*alpha?", &alpha, "*vmin?", &vmin, "*vmax?", &vmax, "*origin?", &origin); err != nil {
		return nil, err
	}
	data, err := th.mplNumbers("imshow", "X", x)
	if err != nil {
		return nil, err
	}
	im := &vplot.Image{}
	switch {
	case len(data.shape) == 2:
		im.Rows, im.Cols = data.shape[0], data.shape[1]
		cm, err := mplCmapArg(cmap)
		if err != nil {
			return nil, err
		}
		im.Values = data.vals
		if im.Map, err = mplScalarMap(cm, data.vals, vmin, vmax); err != nil {
			return nil, err
		}
	case len(data.shape) == 3 && (data.shape[2] == 3 || data.shape[2] == 4):
		im.Rows, im.Cols = data.shape[0], data.shape[1]
		ch := data.shape[2]
		scale := 1.0
		if data.integer {
			scale = 255
		}
		im.RGBA = make([]color.NRGBA, im.Rows*im.Cols)
		for i := range im.RGBA {
			px := data.vals[i*ch : (i+1)*ch]
			a := 1.0
			if ch == 4 {
				a = px[3] / scale
			}
			im.RGBA[i] = vplot.RGBA(px[0]/scale, px[1]/scale, px[2]/scale, a)
		}
	default:
		return nil, TypeErrorf("Invalid shape %s for image data", data.shapeText())
	}
	if interpolation != None {
		if _, ok := interpolation.(Str); !ok {
			return nil, TypeErrorf("interpolation must be a str or None, not %s", TypeName(interpolation))
		}
	}
	if aspect == None {
		aspect = Str("equal")
	}
	if ax.a.Aspect, err = mplAspect(aspect); err != nil {
		return nil, err
	}
	switch origin {
	case None, Str("upper"):
		ax.a.InvertY = true
	case Str("lower"):
		ax.a.InvertY = false
	default:
		return nil, ValueErrorf("%s is not a valid value for origin; supported values are 'upper', 'lower'", reprNoThread(nil, origin))
	}
	if im.Alpha, err = mplAlpha(alpha); err != nil {
		return nil, err
	}
	ax.a.Add(im)
	img := &mplImage{im: im, ax: ax}
	ax.fig.mappable = img
	return img, nil
}

// colorbar is Figure.colorbar and pyplot.colorbar.
func (f *mplFigure) colorbar(th *Thread, args []Value, kwnames []string) (Value, error) {
	var mappable, cax, axArg, label, orientation Value = None, None, None, Str(""), Str("vertical")
	var fraction, pad, shrink, aspect Value = None, None, None, None
	if err := UnpackArgs("colorbar", args, kwnames, "mappable?", &mappable, "cax?", &cax, "ax?", &axArg, "*label?", &label,
		"*orientation?", &orientation, "*fraction?", &fraction, "*pad?", &pad, "*shrink?", &shrink, "*aspect?", &aspect); err != nil {
		return nil, err
	}
	if cax != None {
		return nil, ValueErrorf("colorbar(cax=...) is not supported: the colorbar goes beside its Axes")
	}
	if orientation != Str("vertical") {
		return nil, ValueErrorf("colorbar() draws vertical colorbars only, not orientation=%s", reprNoThread(nil, orientation))
	}
	var m mplMappable
	switch x := mappable.(type) {
	case NoneType:
		if f.mappable == nil {
			return nil, RuntimeErrorf("No mappable was found to use for colorbar creation. First define a mappable such as an image (with imshow) or a contour set (with contourf).")
		}
		m = f.mappable
	case mplMappable:
		m = x
	default:
		return nil, TypeErrorf("colorbar() needs an image or a scatter coloured by value, not %s", TypeName(mappable))
	}
	target := m.axes()
	switch a := axArg.(type) {
	case NoneType:
	case *mplAxes:
		target = a
	default:
		return nil, TypeErrorf("colorbar() ax must be an Axes, not %s", TypeName(axArg))
	}
	text, err := th.mplLabel(label)
	if err != nil {
		return nil, err
	}
	cb := &vplot.Colorbar{Map: m.scalarMap(), Label: text}
	target.a.Colorbar = cb
	return &mplColorbar{cb: cb}, nil
}
