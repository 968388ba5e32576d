package interp

import (
	"fmt"
	"strconv"
	"strings"

	"msrepl/internal/pyfmt"
	vplot "msrepl/viz/plot"
)

// The Python objects of matplotlib.pyplot: figures, Axes (alone or in
// the array subplots returns) and what drawing returns (lines, images,
// bar containers, texts, legends, colorbars, colormaps).

var (
	mplFigureClass       = newMSClass("Figure", "matplotlib.figure", ObjectClass, nil)
	mplAxesClass         = newMSClass("Axes", "matplotlib.axes._axes", ObjectClass, nil)
	mplLineClass         = newMSClass("Line2D", "matplotlib.lines", ObjectClass, nil)
	mplImageClass        = newMSClass("AxesImage", "matplotlib.image", ObjectClass, nil)
	mplCollectionClass   = newMSClass("PathCollection", "matplotlib.collections", ObjectClass, nil)
	mplBarContainerClass = newMSClass("BarContainer", "matplotlib.container", ObjectClass, nil)
	mplRectangleClass    = newMSClass("Rectangle", "matplotlib.patches", ObjectClass, nil)
	mplPolygonClass      = newMSClass("Polygon", "matplotlib.patches", ObjectClass, nil)
	mplTextClass         = newMSClass("Text", "matplotlib.text", ObjectClass, nil)
	mplLegendClass       = newMSClass("Legend", "matplotlib.legend", ObjectClass, nil)
	mplColorbarClass     = newMSClass("Colorbar", "matplotlib.colorbar", ObjectClass, nil)
	mplColormapClass     = newMSClass("Colormap", "matplotlib.colors", ObjectClass, nil)
	// mplAxesArrayClass is the numpy object array subplots returns; it is
	// not msrepl's numpy.ndarray, which holds numbers only.
	mplAxesArrayClass = newMSClass("ndarray", "numpy", ObjectClass, nil)
)

func init() {
	mplAxesArrayClass.TypeName = "numpy.ndarray"
	figureMethods := map[string]func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error){
		"add_subplot": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			if err := noKwargs("add_subplot", kwnames); err != nil {
				return nil, err
			}
			nrows, ncols, index, err := mplSubplotSpec("add_subplot", args)
			if err != nil {
				return nil, err
			}
			return f.addSubplot(nrows, ncols, index)
		},
		"subplots": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			nrows, ncols := 1, 1
			var sharex, sharey Value = False, False
			squeeze := true
			if err := UnpackArgs("subplots", args, kwnames, "nrows?", &nrows, "ncols?", &ncols, "*sharex?", &sharex,
				"*sharey?", &sharey, "*squeeze?", &squeeze); err != nil {
				return nil, err
			}
			return f.subplots(nrows, ncols, squeeze)
		},
		"savefig": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			return f.savefig(th, args, kwnames)
		},
		"suptitle": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			return f.suptitle(args, kwnames)
		},
		"colorbar": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			return f.colorbar(th, args, kwnames)
		},
		"show": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("show", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return None, f.show(th)
		},
		"gca": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("gca", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return f.gca(), nil
		},
		"clf": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("clf", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			f.clear()
			return None, nil
		},
		"tight_layout": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			return None, nil
		},
		"get_size_inches": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("get_size_inches", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return Tuple{Float(f.f.Width), Float(f.f.Height)}, nil
		},
		"set_size_inches": func(th *Thread, f *mplFigure, args []Value, kwnames []string) (Value, error) {
			var w, h Value = nil, None
			if err := UnpackArgs("set_size_inches", args, kwnames, "w", &w, "h?", &h); err != nil {
				return nil, err
			}
			size := w
			if h != None {
				size = Tuple{w, h}
			}
			width, height, err := mplFigsize(th, size)
			if err != nil {
				return nil, err
			}
			if _, err := vplot.NewFigure(width, height, f.f.DPI); err != nil {
				return nil, ValueErrorf("%s", err)
			}
			f.f.Width, f.f.Height = width, height
			return None, nil
		},
	}
	m := map[string]BuiltinFunc{}
	for name, fn := range figureMethods {
		m[name] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			f, rest, err := mplSelf[*mplFigure](args, kwnames, mplFigureClass, name)
			if err != nil {
				return nil, err
			}
			return fn(th, f, rest, kwnames)
		}
	}
	defMethods(mplFigureClass, m)
	defMethods(mplAxesArrayClass, map[string]BuiltinFunc{
		"flatten": axesArrayFlat("flatten"),
		"ravel":   axesArrayFlat("ravel"),
		"tolist": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			a, rest, err := mplSelf[*mplAxesArray](args, kwnames, mplAxesArrayClass, "tolist")
			if err != nil {
				return nil, err
			}
			if err := checkArity("tolist", rest, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return a.toList(), nil
		},
		"reshape": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			a, rest, err := mplSelf[*mplAxesArray](args, kwnames, mplAxesArrayClass, "reshape")
			if err != nil {
				return nil, err
			}
			if err := noKwargs("reshape", kwnames); err != nil {
				return nil, err
			}
			return a.reshape(th, rest)
		},
	})
	defMethods(mplLineClass, map[string]BuiltinFunc{
		"get_label":     lineGetter("get_label", func(th *Thread, l *vplot.Line) (Value, error) { return Str(l.Label), nil }),
		"get_xdata":     lineGetter("get_xdata", func(th *Thread, l *vplot.Line) (Value, error) { return th.mplFloats(l.X) }),
		"get_ydata":     lineGetter("get_ydata", func(th *Thread, l *vplot.Line) (Value, error) { return th.mplFloats(l.Y) }),
		"get_linestyle": lineGetter("get_linestyle", func(th *Thread, l *vplot.Line) (Value, error) { return Str(l.LineStyle), nil }),
		"get_marker":    lineGetter("get_marker", func(th *Thread, l *vplot.Line) (Value, error) { return Str(l.Marker), nil }),
		"get_color": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			l, rest, err := mplSelf[*mplLine](args, kwnames, mplLineClass, "get_color")
			if err != nil {
				return nil, err
			}
			return l.color, checkArity("get_color", rest, kwnames, 0, 0)
		},
		"set_label": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			l, rest, err := mplSelf[*mplLine](args, kwnames, mplLineClass, "set_label")
			if err != nil {
				return nil, err
			}
			var label Value
			if err := UnpackArgs("set_label", rest, kwnames, "s", &label); err != nil {
				return nil, err
			}
			s, err := th.Str(label)
			l.l.Label = s
			return None, err
		},
	})
	defMethods(mplColorbarClass, map[string]BuiltinFunc{
		"set_label": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			cb, rest, err := mplSelf[*mplColorbar](args, kwnames, mplColorbarClass, "set_label")
			if err != nil {
				return nil, err
			}
			var label Value
			if err := UnpackArgs("set_label", rest, kwnames, "label", &label); err != nil {
				return nil, err
			}
			s, err := th.Str(label)
			cb.cb.Label = s
			return None, err
		},
	})
	rectGetter := func(name string, get func(r *mplRect) float64) BuiltinFunc {
		return func(th *Thread, args []Value, kwnames []string) (Value, error) {
			r, rest, err := mplSelf[*mplRect](args, kwnames, mplRectangleClass, name)
			if err != nil {
				return nil, err
			}
			if err := checkArity(name, rest, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return Float(get(r)), nil
		}
	}
	defMethods(mplRectangleClass, map[string]BuiltinFunc{
		"get_x":      rectGetter("get_x", func(r *mplRect) float64 { return r.x }),
		"get_y":      rectGetter("get_y", func(r *mplRect) float64 { return r.y }),
		"get_width":  rectGetter("get_width", func(r *mplRect) float64 { return r.w }),
		"get_height": rectGetter("get_height", func(r *mplRect) float64 { return r.h }),
	})
}

// mplSelf checks the receiver of a method of cls, which a call through
// the class (Axes.plot(x)) may get wrong, and returns the other
// arguments.
func mplSelf[T Value](args []Value, kwnames []string, cls *Class, name string) (T, []Value, error) {
	var zero T
	if len(args)-len(kwnames) < 1 {
		return zero, nil, TypeErrorf("descriptor '%s' of '%s' object needs an argument", name, cls.Name)
	}
	self, ok := args[0].(T)
	if !ok {
		return zero, nil, TypeErrorf("descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, cls.Name, TypeName(args[0]))
	}
	return self, args[1:], nil
}

// mplFigure is a matplotlib Figure.
type mplFigure struct {
	f     *vplot.Figure
	num   int
	label string
	// axes are the Python objects of f.Axes, in its order.
	axes []*mplAxes
	cur  *mplAxes
	// mappable is the latest image or value-coloured scatter drawn, which
	// colorbar() shows when given none.
	mappable mplMappable
}

func (*mplFigure) Type() *Class { return mplFigureClass }

func (f *mplFigure) Repr(th *Thread) (string, error) {
	w, h := f.f.Width*f.f.DPI, f.f.Height*f.f.DPI
	return fmt.Sprintf("<Figure size %gx%g with %d Axes>", w, h, len(f.f.Axes)), nil
}

func (f *mplFigure) Str(th *Thread) (string, error) {
	return fmt.Sprintf("Figure(%gx%g)", f.f.Width*f.f.DPI, f.f.Height*f.f.DPI), nil
}

// MIMEBundle renders the figure as a PNG; a figure without Axes shows
// as text only, as matplotlib's inline backend shows it.
func (f *mplFigure) MIMEBundle(th *Thread) (Bundle, error) {
	text, _ := f.Repr(th)
	b := Bundle{Data: map[string]any{"text/plain": text}}
	if len(f.f.Axes) == 0 {
		return b, nil
	}
	png, err := f.render("png")
	if err != nil {
		return Bundle{}, err
	}
	b.Data["image/png"] = png
	return b, nil
}

// Attr gives a figure's attributes: axes, number and dpi.
func (f *mplFigure) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "axes":
		items := make([]Value, len(f.axes))
		for i, a := range f.axes {
			items[i] = a
		}
		return NewList(items), true, nil
	case "number":
		return MakeInt(int64(f.num)), true, nil
	case "dpi":
		return Float(f.f.DPI), true, nil
	}
	return nil, false, nil
}

func (f *mplFigure) AttrNames() []string { return []string{"axes", "dpi", "number"} }

// wrap is the Python object of one of the figure's Axes.
func (f *mplFigure) wrap(a *vplot.Axes) *mplAxes {
	for _, ax := range f.axes {
		if ax.a == a {
			return ax
		}
	}
	panic("pyplot: Axes of another figure")
}

// gca is the figure's current Axes, added if it has none.
func (f *mplFigure) gca() *mplAxes {
	if f.cur == nil {
		ax, _ := f.addSubplot(1, 1, 1)
		return ax
	}
	return f.cur
}

// addSubplot adds Axes at a cell of a grid and makes them current.
func (f *mplFigure) addSubplot(nrows, ncols, index int) (*mplAxes, error) {
	a, err := f.f.AddSubplot(nrows, ncols, index)
	if err != nil {
		return nil, ValueErrorf("%s", err)
	}
	ax := &mplAxes{a: a, fig: f}
	f.axes = append(f.axes, ax)
	f.cur = ax
	return ax, nil
}

// subplots adds a grid of Axes and returns them as subplots does: one
// Axes, or an array (1-D for one row or column) when squeeze is set.
func (f *mplFigure) subplots(nrows, ncols int, squeeze bool) (Value, error) {
	grid, err := f.f.Subplots(nrows, ncols)
	if err != nil {
		return nil, ValueErrorf("%s", err)
	}
	arr := &mplAxesArray{shape: []int{nrows, ncols}}
	for _, row := range grid {
		for _, a := range row {
			ax := &mplAxes{a: a, fig: f}
			f.axes = append(f.axes, ax)
			arr.items = append(arr.items, ax)
		}
	}
	f.cur = arr.items[len(arr.items)-1]
	if !squeeze {
		return arr, nil
	}
	switch {
	case nrows == 1 && ncols == 1:
		return arr.items[0], nil
	case nrows == 1 || ncols == 1:
		arr.shape = []int{nrows * ncols}
	}
	return arr, nil
}

func (f *mplFigure) clear() {
	f.f.Clear()
	f.axes, f.cur, f.mappable = nil, nil, nil
}

func (f *mplFigure) suptitle(args []Value, kwnames []string) (Value, error) {
	var t Value
	var fontsize Value = None
	if err := UnpackArgs("suptitle", args, kwnames, "t", &t, "*fontsize?", &fontsize); err != nil {
		return nil, err
	}
	s, ok := t.(Str)
	if !ok {
		return nil, TypeErrorf("suptitle() argument 't' must be str, not %s", TypeName(t))
	}
	f.f.Suptitle = string(s)
	return &mplText{x: "0.5", y: "0.98", text: string(s)}, nil
}

// mplAxes are matplotlib Axes.
type mplAxes struct {
	a   *vplot.Axes
	fig *mplFigure
}

func (*mplAxes) Type() *Class { return mplAxesClass }

// Repr is matplotlib 3.8's: the title and axis labels that are set.
func (ax *mplAxes) Repr(th *Thread) (string, error) {
	var fields []string
	if ax.a.Title != "" {
		fields = append(fields, "title={'center': "+pyfmt.QuoteString(ax.a.Title)+"}")
	}
	if ax.a.XLabel != "" {
		fields = append(fields, "xlabel="+pyfmt.QuoteString(ax.a.XLabel))
	}
	if ax.a.YLabel != "" {
		fields = append(fields, "ylabel="+pyfmt.QuoteString(ax.a.YLabel))
	}
	return "<Axes: " + strings.Join(fields, ", ") + ">", nil
}

// Str gives the Axes' place in the figure, as fractions of its width and
// height (left, bottom; width x height), where matplotlib's default
// subplot parameters put its cell.
func (ax *mplAxes) Str(th *Thread) (string, error) {
	const left, right, bottom, top, space = 0.125, 0.9, 0.11, 0.88, 0.2
	a := ax.a
	row, col := (a.Index-1)/a.NCols, (a.Index-1)%a.NCols
	// GridSpec.get_grid_positions: cells and the gaps between them,
	// summed in order as numpy's cumsum does.
	edges := func(n, i int, total float64) (lo, hi float64) {
		cell := total / (float64(n) + space*float64(n-1))
		sum := 0.0
		for k := 0; k <= i; k++ {
			if k > 0 {
				sum += space * cell
			}
			lo = sum
			sum += cell
		}
		return lo, sum
	}
	x0, x1 := edges(a.NCols, col, right-left)
	y0, y1 := edges(a.NRows, row, top-bottom)
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	l, r, t, b := left+x0, left+x1, top-y0, top-y1
	return "Axes(" + g(l) + "," + g(b) + ";" + g(r-l) + "x" + g(t-b) + ")", nil
}

// Attr gives an Axes' figure.
func (ax *mplAxes) Attr(th *Thread, name string) (Value, bool, error) {
	if name == "figure" {
		return ax.fig, true, nil
	}
	return nil, false, nil
}

func (ax *mplAxes) AttrNames() []string { return []string{"figure"} }

// mplAxesArray is the numpy object array of Axes that subplots returns:
// indexing by ints and slices, len, iteration, flat, flatten, ravel,
// reshape and shape.
type mplAxesArray struct {
	shape []int
	items []*mplAxes // row by row
}

func (*mplAxesArray) Type() *Class { return mplAxesArrayClass }

// Repr is numpy's repr of an object array.
func (arr *mplAxesArray) Repr(th *Thread) (string, error) {
	const prefix = "array("
	text := prefix + arr.format(th, ", ", strings.Repeat(" ", len(prefix)+1), mplLineWidth-1) + ","
	// numpy puts the dtype on a line of its own when it would not fit.
	last := text[strings.LastIndexByte(text, '\n')+1:]
	if len(last)+len(" dtype=object)") > mplLineWidth {
		return text + "\n" + strings.Repeat(" ", len(prefix)) + "dtype=object)", nil
	}
	return text + " dtype=object)", nil
}

// Str is numpy's str of an object array.
func (arr *mplAxesArray) Str(th *Thread) (string, error) {
	return arr.format(th, " ", " ", mplLineWidth), nil
}

// mplLineWidth is numpy's default linewidth.
const mplLineWidth = 75

// format is numpy's _formatArray for a 1-D or 2-D array of objects: the
// elements' reprs, separated, wrapped before width, each wrapped line
// starting with indent.
func (arr *mplAxesArray) format(th *Thread, sep, indent string, width int) string {
	reprs := make([]string, len(arr.items))
	for i, a := range arr.items {
		reprs[i], _ = a.Repr(th)
	}
	// row formats one row: the words wrapped as numpy's _extendLine does.
	row := func(words []string, hanging string, width int) string {
		var b strings.Builder
		line := hanging
		elemWidth := width - max(len(strings.TrimRight(sep, " ")), 1)
		for i, w := range words {
			if i == len(words)-1 {
				elemWidth = width - 1
			}
			if len(line)+len(w) > elemWidth && len(line) > len(hanging) {
				b.WriteString(strings.TrimRight(line, " ") + "\n")
				line = hanging
			}
			line += w
			if i < len(words)-1 {
				line += sep
			}
		}
		b.WriteString(line)
		return "[" + b.String()[len(hanging):] + "]"
	}
	if len(arr.shape) == 1 {
		return row(reprs, indent, width)
	}
	n := arr.shape[1]
	rows := make([]string, arr.shape[0])
	for r := range rows {
		rows[r] = row(reprs[r*n:(r+1)*n], indent+" ", width-1)
	}
	return "[" + strings.Join(rows, strings.TrimRight(sep, " ")+"\n"+indent) + "]"
}

func (arr *mplAxesArray) Len(th *Thread) (int, error) { return arr.shape[0], nil }

func (arr *mplAxesArray) Iterate(th *Thread) (Iterator, error) {
	items := make(Tuple, arr.shape[0])
	for i := range items {
		items[i] = arr.row(i)
	}
	return items.Iterate(th)
}

// row is element i along the first axis: an Axes, or a row of them.
func (arr *mplAxesArray) row(i int) Value {
	if len(arr.shape) == 1 {
		return arr.items[i]
	}
	n := arr.shape[1]
	return &mplAxesArray{shape: []int{n}, items: arr.items[i*n : (i+1)*n]}
}

// GetItem indexes as numpy does with ints and slices: arr[i], arr[i, j],
// arr[:, 0], arr[-1].
func (arr *mplAxesArray) GetItem(th *Thread, key Value) (Value, error) {
	keys := Tuple{key}
	if t, ok := key.(Tuple); ok {
		keys = t
	}
	if len(keys) > len(arr.shape) {
		return nil, IndexErrorf("too many indices for array: array is %d-dimensional, but %d were indexed", len(arr.shape), len(keys))
	}
	// picks are the indices kept along each axis; kept says whether the
	// axis stays (a slice) or goes (an int).
	picks := make([][]int, len(arr.shape))
	kept := make([]bool, len(arr.shape))
	for d, n := range arr.shape {
		if d >= len(keys) {
			picks[d], kept[d] = mplRange(0, n, 1), true
			continue
		}
		if s, ok := keys[d].(*Slice); ok {
			start, stop, step, err := s.indices(n)
			if err != nil {
				return nil, err
			}
			picks[d], kept[d] = mplRange(start, stop, step), true
			continue
		}
		i, err := toIndex(keys[d])
		if err != nil {
			return nil, IndexErrorf("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
		}
		if i < -n || i >= n {
			return nil, IndexErrorf("index %d is out of bounds for axis %d with size %d", i, d, n)
		}
		if i < 0 {
			i += n
		}
		picks[d] = []int{i}
	}
	out := &mplAxesArray{}
	for d := range arr.shape {
		if kept[d] {
			out.shape = append(out.shape, len(picks[d]))
		}
	}
	stride := 1
	if len(arr.shape) == 2 {
		stride = arr.shape[1]
	}
	if len(arr.shape) == 1 {
		for _, i := range picks[0] {
			out.items = append(out.items, arr.items[i])
		}
	} else {
		for _, i := range picks[0] {
			for _, j := range picks[1] {
				out.items = append(out.items, arr.items[i*stride+j])
			}
		}
	}
	if len(out.shape) == 0 {
		return out.items[0], nil
	}
	return out, nil
}

func mplRange(start, stop, step int) []int {
	var out []int
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		out = append(out, i)
	}
	return out
}

// Attr gives shape, ndim, size and flat (the Axes in order, as a 1-D
// array).
func (arr *mplAxesArray) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "shape":
		t := make(Tuple, len(arr.shape))
		for i, n := range arr.shape {
			t[i] = MakeInt(int64(n))
		}
		return t, true, nil
	case "ndim":
		return MakeInt(int64(len(arr.shape))), true, nil
	case "size":
		return MakeInt(int64(len(arr.items))), true, nil
	case "flat":
		return arr.flat(), true, nil
	}
	return nil, false, nil
}

func (arr *mplAxesArray) AttrNames() []string {
	return []string{"flat", "flatten", "ndim", "ravel", "reshape", "shape", "size", "tolist"}
}

func (arr *mplAxesArray) flat() *mplAxesArray {
	return &mplAxesArray{shape: []int{len(arr.items)}, items: arr.items}
}

func (arr *mplAxesArray) toList() *List {
	items := make([]Value, arr.shape[0])
	for i := range items {
		v := arr.row(i)
		if sub, ok := v.(*mplAxesArray); ok {
			v = sub.toList()
		}
		items[i] = v
	}
	return NewList(items)
}

// reshape is numpy's reshape to one or two dimensions, one of which may
// be -1.
func (arr *mplAxesArray) reshape(th *Thread, args []Value) (Value, error) {
	dims := args
	if len(args) == 1 {
		if t, ok := args[0].(Tuple); ok {
			dims = t
		} else if l, ok := args[0].(*List); ok {
			dims = l.elems
		}
	}
	if len(dims) < 1 || len(dims) > 2 {
		return nil, ValueErrorf("an array of Axes can be reshaped to 1 or 2 dimensions, not %d", len(dims))
	}
	shape := make([]int, len(dims))
	known, unknown := 1, -1
	for i, d := range dims {
		n, err := toIndex(d)
		if err != nil {
			return nil, err
		}
		if n == -1 && unknown < 0 {
			unknown = i
			continue
		}
		if n < 0 {
			return nil, ValueErrorf("negative dimensions not allowed")
		}
		shape[i] = n
		known *= n
	}
	if unknown >= 0 && known > 0 {
		shape[unknown] = len(arr.items) / known
		known *= shape[unknown]
	}
	if known != len(arr.items) {
		return nil, ValueErrorf("cannot reshape array of size %d into shape %s", len(arr.items), mplShape(shape))
	}
	return &mplAxesArray{shape: shape, items: arr.items}, nil
}

func axesArrayFlat(name string) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		a, rest, err := mplSelf[*mplAxesArray](args, kwnames, mplAxesArrayClass, name)
		if err != nil {
			return nil, err
		}
		if err := checkArity(name, rest, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return a.flat(), nil
	}
}

// mplShape writes a shape as numpy does: (3,), (2, 3).
func mplShape(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// mplLine is a Line2D; color is its colour as it was given, which
// get_color returns.
type mplLine struct {
	l     *vplot.Line
	color Value
}

func (*mplLine) Type() *Class { return mplLineClass }

func lineGetter(name string, get func(th *Thread, l *vplot.Line) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		l, rest, err := mplSelf[*mplLine](args, kwnames, mplLineClass, name)
		if err != nil {
			return nil, err
		}
		if err := checkArity(name, rest, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return get(th, l.l)
	}
}

// mplMappable is an artist colorbar can show: an image, or a scatter
// coloured by value.
type mplMappable interface {
	Value
	scalarMap() vplot.ScalarMap
	axes() *mplAxes
}

// mplImage is an AxesImage.
type mplImage struct {
	im *vplot.Image
	ax *mplAxes
}

func (*mplImage) Type() *Class { return mplImageClass }

func (im *mplImage) Str(th *Thread) (string, error) {
	return fmt.Sprintf("AxesImage(size=(%d, %d))", im.im.Rows, im.im.Cols), nil
}

func (im *mplImage) scalarMap() vplot.ScalarMap { return im.im.Map }
func (im *mplImage) axes() *mplAxes             { return im.ax }

// mplCollection is the PathCollection scatter returns.
type mplCollection struct {
	s  *vplot.Scatter
	ax *mplAxes
}

func (*mplCollection) Type() *Class { return mplCollectionClass }

func (c *mplCollection) scalarMap() vplot.ScalarMap { return c.s.Map }
func (c *mplCollection) axes() *mplAxes             { return c.ax }

// mplBarContainer is the BarContainer bar and hist return: a sequence of
// Rectangles.
type mplBarContainer struct{ rects []Value }

func (*mplBarContainer) Type() *Class { return mplBarContainerClass }

func (b *mplBarContainer) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<BarContainer object of %d artists>", len(b.rects)), nil
}

func (b *mplBarContainer) Len(th *Thread) (int, error) { return len(b.rects), nil }

func (b *mplBarContainer) Iterate(th *Thread) (Iterator, error) { return Tuple(b.rects).Iterate(th) }

func (b *mplBarContainer) GetItem(th *Thread, key Value) (Value, error) {
	return Tuple(b.rects).GetItem(th, key)
}

// mplRect is a bar's Rectangle.
type mplRect struct{ x, y, w, h float64 }

func (*mplRect) Type() *Class { return mplRectangleClass }

// mplPolygon is the outline a step histogram draws.
type mplPolygon struct{ h *vplot.Hist }

func (*mplPolygon) Type() *Class { return mplPolygonClass }

// mplText is what title, xlabel, ylabel and suptitle return: matplotlib
// shows it as Text(x, y, 'text').
type mplText struct{ x, y, text string }

func (*mplText) Type() *Class { return mplTextClass }

func (t *mplText) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("Text(%s, %s, %s)", t.x, t.y, pyfmt.QuoteString(t.text)), nil
}

// mplLegend is what legend returns.
type mplLegend struct{ ax *mplAxes }

func (*mplLegend) Type() *Class { return mplLegendClass }

// mplColorbar is what colorbar returns.
type mplColorbar struct{ cb *vplot.Colorbar }

func (*mplColorbar) Type() *Class { return mplColorbarClass }

// mplColormap is a colormap, as matplotlib.cm.viridis or get_cmap give.
type mplColormap struct{ cmap *vplot.Colormap }

func (*mplColormap) Type() *Class { return mplColormapClass }

func (c *mplColormap) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<matplotlib.colors.Colormap %s>", pyfmt.QuoteString(c.cmap.Name)), nil
}

// Attr gives a colormap's name.
func (c *mplColormap) Attr(th *Thread, name string) (Value, bool, error) {
	if name == "name" {
		return Str(c.cmap.Name), true, nil
	}
	return nil, false, nil
}

func (c *mplColormap) AttrNames() []string { return []string{"name"} }
