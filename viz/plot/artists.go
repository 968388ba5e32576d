package plot

import (
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// An Artist is something Axes draw: a *Line, *Scatter, *Bars, *Hist or
// *Image. Its methods are this package's, so no other type is one.
type Artist interface {
	// LegendLabel is the artist's label in a legend; "" or a label
	// starting with "_" keeps it out, as in matplotlib.
	LegendLabel() string
	// extent widens the Axes' data extents to hold the artist.
	extent(xs, ys *extent)
	// plotters draw the artist in an Axes.
	plotters(rc *renderCtx) []plot.Plotter
	// legendKey draws the artist's key in a legend entry's box.
	legendKey(c draw.Canvas)
	// anchors are the points where the artist is, in data coordinates,
	// which a legend placed "best" avoids: vertices, and for each
	// rectangle its two corners.
	anchors() (points []pt2, rects [][2]pt2)
}

// Default styles, matplotlib's rcParams.
const (
	DefaultLineWidth  = 1.5 // lines.linewidth, points
	DefaultMarkerSize = 6   // lines.markersize, points
	DefaultBarWidth   = 0.8
	markerEdge        = 1.0 // lines.markeredgewidth, points
	scatterEdge       = 1.5 // scatter's linewidths default to lines.linewidth
)

// A Line is what plot draws: points joined by a line, with markers.
type Line struct {
	X, Y       []float64
	Color      color.NRGBA
	LineStyle  string  // "-", "--", "-.", ":" or NoStyle
	LineWidth  float64 // points
	Marker     string  // a marker symbol or NoStyle
	MarkerSize float64 // points across
	// Alpha, in [0, 1], replaces the colour's own alpha; < 0 keeps it.
	Alpha float64
	Label string
}

// NewLine is a solid line of matplotlib's default width, without markers.
func NewLine(x, y []float64, c color.NRGBA) *Line {
	return &Line{X: x, Y: y, Color: c, LineStyle: "-", LineWidth: DefaultLineWidth,
		Marker: NoStyle, MarkerSize: DefaultMarkerSize, Alpha: -1}
}

func (l *Line) LegendLabel() string { return l.Label }

func (l *Line) extent(xs, ys *extent) {
	for i := range l.X {
		// A point with a NaN coordinate is a gap, which does not count.
		if finite(l.X[i]) && finite(l.Y[i]) {
			xs.add(l.X[i])
			ys.add(l.Y[i])
		}
	}
}

// dashes are matplotlib's dash patterns, in line widths.
var dashes = map[string][]float64{
	"--": {3.7, 1.6},
	"-.": {6.4, 1.6, 1, 1.6},
	":":  {1, 1.65},
}

func (l *Line) lineStyle() draw.LineStyle {
	sty := draw.LineStyle{Color: withAlpha(l.Color, l.Alpha), Width: vg.Points(l.LineWidth)}
	for _, d := range dashes[l.LineStyle] {
		sty.Dashes = append(sty.Dashes, vg.Points(d*l.LineWidth))
	}
	return sty
}

func (l *Line) glyph() draw.GlyphStyle {
	return draw.GlyphStyle{Color: withAlpha(l.Color, l.Alpha), Radius: vg.Points(l.MarkerSize / 2),
		Shape: markerGlyph{symbol: l.Marker[0], edge: vg.Points(markerEdge)}}
}

func (l *Line) plotters(*renderCtx) []plot.Plotter {
	var ps []plot.Plotter
	if l.LineStyle != NoStyle && l.LineWidth > 0 {
		// A NaN breaks the line, as in matplotlib; gonum's lines take
		// finite points only.
		var run plotter.XYs
		flush := func() {
			if len(run) > 1 {
				ps = append(ps, &plotter.Line{XYs: run, LineStyle: l.lineStyle()})
			}
			run = nil
		}
		for i := range l.X {
			if !finite(l.X[i]) || !finite(l.Y[i]) {
				flush()
				continue
			}
			run = append(run, plotter.XY{X: l.X[i], Y: l.Y[i]})
		}
		flush()
	}
	if l.Marker != NoStyle {
		g := l.glyph()
		ps = append(ps, &glyphs{x: l.X, y: l.Y, style: func(int) draw.GlyphStyle { return g }})
	}
	return ps
}

func (l *Line) legendKey(c draw.Canvas) {
	mid := c.Center()
	if l.LineStyle != NoStyle && l.LineWidth > 0 {
		c.StrokeLine2(l.lineStyle(), c.Min.X, mid.Y, c.Max.X, mid.Y)
	}
	if l.Marker != NoStyle {
		c.DrawGlyphNoClip(l.glyph(), mid)
	}
}

func (l *Line) anchors() ([]pt2, [][2]pt2) {
	pts := make([]pt2, 0, len(l.X))
	for i := range l.X {
		pts = append(pts, pt2{l.X[i], l.Y[i]})
	}
	return pts, nil
}

// glyphs draws a marker at each finite point.
type glyphs struct {
	x, y  []float64
	style func(i int) draw.GlyphStyle
}

func (g *glyphs) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range g.x {
		if finite(g.x[i]) && finite(g.y[i]) {
			c.DrawGlyph(g.style(i), vg.Point{X: trX(g.x[i]), Y: trY(g.y[i])})
		}
	}
}

// A Scatter is what scatter draws: a marker at each point, each with its
// own size and colour or one for all.
type Scatter struct {
	X, Y []float64
	// Sizes are marker areas in points², one for all points or one each.
	Sizes []float64
	// Colors are one colour for all points or one each; when Values is
	// set, Map colours each point by its value instead.
	Colors []color.NRGBA
	Values []float64
	Map    ScalarMap
	Marker string
	// Alpha, in [0, 1], replaces the colours' own alpha; < 0 keeps it.
	Alpha float64
	Label string
}

// DefaultScatterSize is scatter's marker area, lines.markersize squared.
const DefaultScatterSize = DefaultMarkerSize * DefaultMarkerSize

func (s *Scatter) LegendLabel() string { return s.Label }

func (s *Scatter) extent(xs, ys *extent) {
	for i := range s.X {
		if finite(s.X[i]) && finite(s.Y[i]) {
			xs.add(s.X[i])
			ys.add(s.Y[i])
		}
	}
}

func (s *Scatter) color(i int) color.NRGBA {
	var c color.NRGBA
	switch {
	case s.Values != nil:
		c = s.Map.Color(s.Values[i%len(s.Values)])
	case len(s.Colors) > 0:
		c = s.Colors[i%len(s.Colors)]
	}
	return withAlpha(c, s.Alpha)
}

func (s *Scatter) glyph(i int, area float64) draw.GlyphStyle {
	return draw.GlyphStyle{Color: s.color(i), Radius: vg.Points(math.Sqrt(math.Max(area, 0)) / 2),
		Shape: markerGlyph{symbol: s.Marker[0], edge: vg.Points(scatterEdge)}}
}

func (s *Scatter) plotters(*renderCtx) []plot.Plotter {
	if s.Marker == NoStyle {
		return nil
	}
	return []plot.Plotter{&glyphs{x: s.X, y: s.Y, style: func(i int) draw.GlyphStyle {
		return s.glyph(i, s.Sizes[i%len(s.Sizes)])
	}}}
}

func (s *Scatter) legendKey(c draw.Canvas) {
	if s.Marker == NoStyle {
		return
	}
	// matplotlib's legend shows one marker of the mean of the extreme sizes.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, a := range s.Sizes {
		lo, hi = math.Min(lo, a), math.Max(hi, a)
	}
	c.DrawGlyphNoClip(s.glyph(0, (lo+hi)/2), c.Center())
}

func (s *Scatter) anchors() ([]pt2, [][2]pt2) {
	pts := make([]pt2, 0, len(s.X))
	for i := range s.X {
		pts = append(pts, pt2{s.X[i], s.Y[i]})
	}
	return pts, nil
}

// Bars are what bar draws: rectangles standing on their bottoms.
type Bars struct {
	// Left, Width, Bottom and Height give each bar; Width < 0 or
	// Height < 0 extends a bar the other way, as in matplotlib.
	Left, Width, Bottom, Height []float64
	// Colors are one fill colour for all bars or one each.
	Colors []color.NRGBA
	// EdgeColor outlines each bar when EdgeWidth > 0 and it is not
	// transparent.
	EdgeColor color.NRGBA
	EdgeWidth float64
	// Alpha, in [0, 1], replaces the colours' own alpha; < 0 keeps it.
	Alpha float64
	Label string
}

func (b *Bars) LegendLabel() string { return b.Label }

func (b *Bars) extent(xs, ys *extent) {
	for i := range b.Left {
		xs.add(b.Left[i], b.Left[i]+b.Width[i])
		ys.add(b.Bottom[i], b.Bottom[i]+b.Height[i])
		// A bar's base holds the margin back, so bars stand on the axis.
		ys.sticky(b.Bottom[i])
	}
}

func (b *Bars) fill(i int) color.NRGBA {
	if len(b.Colors) == 0 {
		return color.NRGBA{}
	}
	return withAlpha(b.Colors[i%len(b.Colors)], b.Alpha)
}

func (b *Bars) edge() draw.LineStyle {
	if b.EdgeWidth <= 0 || b.EdgeColor.A == 0 {
		return draw.LineStyle{}
	}
	return draw.LineStyle{Color: withAlpha(b.EdgeColor, b.Alpha), Width: vg.Points(b.EdgeWidth)}
}

func (b *Bars) plotters(*renderCtx) []plot.Plotter {
	r := &rects{edge: b.edge()}
	for i := range b.Left {
		r.add(b.Left[i], b.Left[i]+b.Width[i], b.Bottom[i], b.Bottom[i]+b.Height[i], b.fill(i))
	}
	return []plot.Plotter{r}
}

func (b *Bars) legendKey(c draw.Canvas) {
	legendPatch(c, b.fill(0), b.edge())
}

func (b *Bars) anchors() ([]pt2, [][2]pt2) {
	var rs [][2]pt2
	for i := range b.Left {
		rs = append(rs, [2]pt2{{b.Left[i], b.Bottom[i]}, {b.Left[i] + b.Width[i], b.Bottom[i] + b.Height[i]}})
	}
	return nil, rs
}

// legendPatch is the key of a filled artist: a box of its colours.
func legendPatch(c draw.Canvas, fill color.NRGBA, edge draw.LineStyle) {
	box := c.Rectangle
	if fill.A != 0 {
		c.FillPolygon(fill, []vg.Point{box.Min, {X: box.Max.X, Y: box.Min.Y}, box.Max, {X: box.Min.X, Y: box.Max.Y}})
	}
	if edge.Width > 0 {
		c.StrokeLines(edge, []vg.Point{box.Min, {X: box.Max.X, Y: box.Min.Y}, box.Max, {X: box.Min.X, Y: box.Max.Y}, box.Min})
	}
}

// rects draws filled rectangles, clipped to the Axes.
type rects struct {
	boxes [][4]float64 // x0, x1, y0, y1
	fills []color.NRGBA
	edge  draw.LineStyle
}

func (r *rects) add(x0, x1, y0, y1 float64, fill color.NRGBA) {
	r.boxes = append(r.boxes, [4]float64{x0, x1, y0, y1})
	r.fills = append(r.fills, fill)
}

func (r *rects) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, b := range r.boxes {
		if !finite(b[0]) || !finite(b[1]) || !finite(b[2]) || !finite(b[3]) {
			continue
		}
		x0, x1, y0, y1 := trX(b[0]), trX(b[1]), trY(b[2]), trY(b[3])
		pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		if r.fills[i].A != 0 {
			if clipped := c.ClipPolygonXY(pts); len(clipped) > 2 {
				c.FillPolygon(r.fills[i], clipped)
			}
		}
		if r.edge.Width > 0 {
			c.StrokeLines(r.edge, c.ClipLinesXY(append(pts, pts[0]))...)
		}
	}
}

// A Hist is what hist draws: the counts of data in bins, as bars
// (histtype "bar"), an outline ("step") or a filled outline
// ("stepfilled").
type Hist struct {
	Counts, Edges []float64
	Type          string
	Color         color.NRGBA
	// EdgeColor outlines the bars when EdgeWidth > 0; a "step"
	// histogram is drawn in Color at LineWidth.
	EdgeColor color.NRGBA
	EdgeWidth float64
	LineWidth float64
	// Alpha, in [0, 1], replaces the colour's own alpha; < 0 keeps it.
	Alpha float64
	Label string
}

// HistTypes are the histtype values Hist draws.
var HistTypes = []string{"bar", "barstacked", "step", "stepfilled"}

// NewHist bins data as matplotlib's hist does: numpy.histogram's
// binning, over the data's range ignoring NaN when spec.Range is nil.
func NewHist(data []float64, spec HistSpec, c color.NRGBA) (*Hist, error) {
	if spec.Range == nil && spec.Edges == nil {
		if lo, hi, ok := nanRange(data); ok {
			spec.Range = &[2]float64{lo, hi}
		}
	}
	counts, edges, err := Histogram(data, spec)
	if err != nil {
		return nil, err
	}
	return &Hist{Counts: counts, Edges: edges, Type: "bar", Color: c, LineWidth: DefaultLineWidth, Alpha: -1}, nil
}

func (h *Hist) LegendLabel() string { return h.Label }

func (h *Hist) extent(xs, ys *extent) {
	if len(h.Counts) == 0 {
		return
	}
	xs.add(h.Edges[0], h.Edges[len(h.Edges)-1])
	ys.add(0)
	ys.add(h.Counts...)
	ys.sticky(0)
}

func (h *Hist) edge() draw.LineStyle {
	if h.Type == "step" {
		return draw.LineStyle{Color: withAlpha(h.Color, h.Alpha), Width: vg.Points(h.LineWidth)}
	}
	if h.EdgeWidth <= 0 || h.EdgeColor.A == 0 {
		return draw.LineStyle{}
	}
	return draw.LineStyle{Color: withAlpha(h.EdgeColor, h.Alpha), Width: vg.Points(h.EdgeWidth)}
}

func (h *Hist) fill() color.NRGBA {
	if h.Type == "step" {
		return color.NRGBA{}
	}
	return withAlpha(h.Color, h.Alpha)
}

func (h *Hist) plotters(*renderCtx) []plot.Plotter {
	if h.Type == "bar" || h.Type == "barstacked" {
		r := &rects{edge: h.edge()}
		for i, n := range h.Counts {
			r.add(h.Edges[i], h.Edges[i+1], 0, n, h.fill())
		}
		return []plot.Plotter{r}
	}
	return []plot.Plotter{&outline{h: h}}
}

func (h *Hist) legendKey(c draw.Canvas) {
	legendPatch(c, h.fill(), h.edge())
}

func (h *Hist) anchors() ([]pt2, [][2]pt2) {
	var rs [][2]pt2
	for i, n := range h.Counts {
		rs = append(rs, [2]pt2{{h.Edges[i], 0}, {h.Edges[i+1], n}})
	}
	return nil, rs
}

// outline draws a step or stepfilled histogram: the outline of its bars.
type outline struct{ h *Hist }

func (o *outline) Plot(c draw.Canvas, p *plot.Plot) {
	h := o.h
	if len(h.Counts) == 0 {
		return
	}
	trX, trY := p.Transforms(&c)
	pts := []vg.Point{{X: trX(h.Edges[0]), Y: trY(0)}}
	for i, n := range h.Counts {
		pts = append(pts, vg.Point{X: trX(h.Edges[i]), Y: trY(n)}, vg.Point{X: trX(h.Edges[i+1]), Y: trY(n)})
	}
	pts = append(pts, vg.Point{X: trX(h.Edges[len(h.Edges)-1]), Y: trY(0)})
	if fill := h.fill(); fill.A != 0 {
		if clipped := c.ClipPolygonXY(pts); len(clipped) > 2 {
			c.FillPolygon(fill, clipped)
		}
	}
	if edge := h.edge(); edge.Width > 0 {
		c.StrokeLines(edge, c.ClipLinesXY(pts)...)
	}
}

// An Image is what imshow draws: a grid of Rows x Cols pixels, pixel
// (r, c) centred on data point (c, r). Colours come from RGBA when it is
// set, else from Values through Map.
type Image struct {
	Rows, Cols int
	Values     []float64 // Rows*Cols, row by row
	Map        ScalarMap
	RGBA       []color.NRGBA // Rows*Cols, row by row
	// Alpha, in [0, 1], scales every pixel's alpha; < 0 keeps them.
	Alpha float64
}

// LegendLabel is "": images have no legend key.
func (im *Image) LegendLabel() string { return "" }

func (im *Image) extent(xs, ys *extent) {
	// The image's border is sticky: the axes end where the image does.
	x1, y1 := float64(im.Cols)-0.5, float64(im.Rows)-0.5
	xs.add(-0.5, x1)
	ys.add(-0.5, y1)
	xs.sticky(-0.5, x1)
	ys.sticky(-0.5, y1)
}

func (im *Image) legendKey(draw.Canvas) {}

func (im *Image) anchors() ([]pt2, [][2]pt2) {
	return nil, [][2]pt2{{{-0.5, -0.5}, {float64(im.Cols) - 0.5, float64(im.Rows) - 0.5}}}
}

func (im *Image) pixel(r, c int) color.NRGBA {
	var px color.NRGBA
	if im.RGBA != nil {
		px = im.RGBA[r*im.Cols+c]
	} else {
		px = im.Map.Color(im.Values[r*im.Cols+c])
	}
	if im.Alpha >= 0 {
		px.A = uint8(float64(px.A)*math.Min(im.Alpha, 1) + 0.5)
	}
	return px
}

func (im *Image) plotters(rc *renderCtx) []plot.Plotter {
	return []plot.Plotter{&raster{im: im, dpi: rc.dpi}}
}

// maxRaster bounds the side, in pixels, of the raster an image is
// drawn from.
const maxRaster = 4096

// raster draws an Image. The part in view is resampled, nearest
// neighbour, to the size it is shown at (more, when it has more pixels):
// scaled by the canvas (bilinear in vgimg, and in browsers for SVG) a few
// pixels would blur into each other, where matplotlib shows crisp
// squares.
type raster struct {
	im  *Image
	dpi float64
}

func (r *raster) Plot(c draw.Canvas, p *plot.Plot) {
	im := r.im
	if im.Rows == 0 || im.Cols == 0 {
		return
	}
	// The part of the image in view, in data coordinates.
	xlo, xhi := math.Max(p.X.Min, -0.5), math.Min(p.X.Max, float64(im.Cols)-0.5)
	ylo, yhi := math.Max(p.Y.Min, -0.5), math.Min(p.Y.Max, float64(im.Rows)-0.5)
	if !(xlo < xhi && ylo < yhi) {
		return
	}
	trX, trY := p.Transforms(&c)
	// The data coordinates at the left and top of the drawn rectangle,
	// which depend on which way the axes run.
	xl, xr, yt, yb := xlo, xhi, yhi, ylo
	if trX(xlo) > trX(xhi) {
		xl, xr = xhi, xlo
	}
	if trY(ylo) > trY(yhi) {
		yt, yb = ylo, yhi
	}
	rect := vg.Rectangle{
		Min: vg.Point{X: trX(xl), Y: trY(yb)},
		Max: vg.Point{X: trX(xr), Y: trY(yt)},
	}
	w, h := rasterSize(rect, r.dpi, xhi-xlo, yhi-ylo)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	cols := make([]int, w)
	for i := range cols {
		x := xl + (xr-xl)*(float64(i)+0.5)/float64(w)
		cols[i] = min(max(int(math.Floor(x+0.5)), 0), im.Cols-1)
	}
	for j := range h {
		y := yt + (yb-yt)*(float64(j)+0.5)/float64(h)
		row := min(max(int(math.Floor(y+0.5)), 0), im.Rows-1)
		for i, col := range cols {
			img.SetNRGBA(i, j, im.pixel(row, col))
		}
	}
	c.DrawImage(rect, img)
}

// rasterSize is the size of the raster drawn in rect at dpi, showing
// spanX x spanY pixels of an image: the rectangle's size in dots, scaled
// up as far as the image has more pixels, within maxRaster. Its sides
// keep the rectangle's proportions, which an SVG image keeps by
// shrinking to fit.
func rasterSize(rect vg.Rectangle, dpi, spanX, spanY float64) (w, h int) {
	size := rect.Size()
	dw, dh := math.Max(size.X.Dots(dpi), 1), math.Max(size.Y.Dots(dpi), 1)
	scale := math.Max(1, math.Max(spanX/dw, spanY/dh))
	scale = math.Min(scale, maxRaster/math.Max(dw, dh))
	return max(1, int(math.Round(dw*scale))), max(1, int(math.Round(dh*scale)))
}
