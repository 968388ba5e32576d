package plot

import (
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats are the formats Render writes, sorted.
var Formats = []string{"jpeg", "jpg", "pdf", "png", "svg"}

// Render draws the figure in format ("png", "jpg" or "jpeg", "svg" or
// "pdf") to w. SVG embeds its fonts, so that it shows the same in a
// browser that lacks them.
func (f *Figure) Render(w io.Writer, format string) (err error) {
	if _, err := NewFigure(f.Width, f.Height, f.DPI); err != nil {
		return err
	}
	// gonum/plot reports some failures (sizes it cannot draw) by
	// panicking; they are the figure's errors here.
	defer func() {
		if r := recover(); r != nil {
			err = errorf("cannot draw the figure: %v", r)
		}
	}()
	width, height := vg.Length(f.Width)*vg.Inch, vg.Length(f.Height)*vg.Inch
	switch format {
	case "png", "jpg", "jpeg":
		pw, ph := f.PixelSize()
		// vgimg takes a whole dpi: the canvas is made on an image of the
		// exact size instead, so a fractional dpi still gives
		// round(Width*DPI) pixels.
		c := vgimg.NewWith(vgimg.UseImage(image.NewRGBA(image.Rect(0, 0, max(pw, 1), max(ph, 1)))),
			vgimg.UseDPI(max(1, int(math.Round(f.DPI)))))
		f.draw(c, unicodeMinus)
		if format == "png" {
			// Plots are mostly flat colour, which the fastest level
			// compresses well enough.
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, c.Image())
		}
		return jpeg.Encode(w, c.Image(), &jpeg.Options{Quality: 95})
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(true))
		f.draw(c, unicodeMinus)
		_, err = c.WriteTo(w)
		return err
	case "pdf":
		// vgpdf writes text in code page 1252, which has no U+2212.
		c := pdfCanvas{vgpdf.New(width, height)}
		f.draw(c, "-")
		_, err = c.WriteTo(w)
		return err
	}
	return errorf("Format %s is not supported (supported formats: %s)", pyQuote(format), strings.Join(Formats, ", "))
}

// pdfCanvas works around vgpdf's mistakes: it takes a colour's
// premultiplied components for the colour (a translucent white comes out
// grey), draws an image with the alpha of the last colour set (perhaps a
// transparent one), and upside down.
type pdfCanvas struct{ *vgpdf.Canvas }

func (c pdfCanvas) SetColor(col color.Color) {
	if col == nil {
		col = color.Black
	}
	c.Canvas.SetColor(straightAlpha{color.NRGBAModel.Convert(col).(color.NRGBA)})
}

func (c pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	c.Canvas.SetColor(color.Black)
	b := img.Bounds()
	flipped := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			flipped.Set(x, b.Dy()-1-y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	c.Canvas.DrawImage(rect, flipped)
}

// straightAlpha is a colour whose RGBA method gives its components
// unpremultiplied, as vgpdf reads them (which breaks color.Color's
// contract, so it goes to vgpdf only).
type straightAlpha struct{ c color.NRGBA }

func (s straightAlpha) RGBA() (r, g, b, a uint32) {
	return uint32(s.c.R) * 0x101, uint32(s.c.G) * 0x101, uint32(s.c.B) * 0x101, uint32(s.c.A) * 0x101
}

// Text sizes in points, matplotlib's: 10 for ticks, labels and legends,
// 12 ("large") for titles.
const (
	labelSize = 10
	titleSize = 12
)

// Layout lengths in points.
const (
	figurePad = 6   // around the figure
	tilePad   = 14  // between subplots
	titlePad  = 6   // between an Axes and its title (axes.titlepad)
	labelPad  = 4   // between tick labels and an axis label
	tickSize  = 3.5 // tick marks, outwards
	tickPad   = 3.5 // between tick marks and their labels
	lineWidth = 0.8 // spines and ticks
	yAxisRoom = 50  // about the width of y tick labels and label
	xAxisRoom = 45  // about the height of x tick labels, label and title
)

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

func textStyle(size float64) text.Style {
	return text.Style{Color: color.Black, Font: font.From(sans, vg.Points(size)), Handler: plot.DefaultTextHandler}
}

// invisible is the style of what gonum draws that Axes draw themselves:
// the spines and tick marks, for which gonum's axes still make room (it
// makes none for lines of no width).
var invisible = draw.LineStyle{Color: color.Transparent, Width: vg.Points(lineWidth)}

// unicodeMinus is the minus sign of tick labels, as matplotlib's.
const unicodeMinus = "\u2212"

// renderCtx is what drawing an Axes needs of its figure and format: the
// resolution, and the minus sign its fonts have.
type renderCtx struct {
	dpi   float64
	minus string
}

// axesView is an Axes made into a gonum plot.
type axesView struct {
	a *Axes
	p *plot.Plot
}

func (f *Figure) draw(c vg.CanvasSizer, minus string) {
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	pad := vg.Points(figurePad)
	dc = draw.Crop(dc, pad, -pad, pad, -pad)
	if f.Suptitle != "" {
		sty := textStyle(titleSize)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y}, f.Suptitle)
		dc.Max.Y -= sty.Height(f.Suptitle) + vg.Points(titlePad)
	}
	if len(f.Axes) == 0 {
		return
	}
	rc := &renderCtx{dpi: f.DPI, minus: minus}
	views := make([]*axesView, len(f.Axes))
	for i, a := range f.Axes {
		// About the size of the data area: the tile less the room its
		// tick and axis labels take.
		w := (dc.Max.X-dc.Min.X-vg.Points(tilePad)*vg.Length(a.NCols-1))/vg.Length(a.NCols) - vg.Points(yAxisRoom)
		h := (dc.Max.Y-dc.Min.Y-vg.Points(tilePad)*vg.Length(a.NRows-1))/vg.Length(a.NRows) - vg.Points(xAxisRoom)
		views[i] = rc.view(a, w.Points(), h.Points())
	}
	tiles := func(a *Axes) draw.Tiles {
		return draw.Tiles{Rows: a.NRows, Cols: a.NCols, PadX: vg.Points(tilePad), PadY: vg.Points(tilePad)}
	}
	if !sharedGrid(f.Axes) {
		for _, v := range views {
			t := tiles(v.a)
			rc.drawAxes(v, t.At(dc, (v.a.Index-1)%v.a.NCols, (v.a.Index-1)/v.a.NCols))
		}
		return
	}
	// Subplots of one grid line up, as matplotlib's do.
	first := f.Axes[0]
	plots := make([][]*plot.Plot, first.NRows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, first.NCols)
	}
	for _, v := range views {
		plots[(v.a.Index-1)/first.NCols][(v.a.Index-1)%first.NCols] = v.p
	}
	canvases := plot.Align(plots, tiles(first), dc)
	for _, v := range views {
		rc.drawAxes(v, canvases[(v.a.Index-1)/first.NCols][(v.a.Index-1)%first.NCols])
	}
}

// sharedGrid reports whether the Axes are cells of one grid, each in a
// cell of its own.
func sharedGrid(axes []*Axes) bool {
	seen := map[int]bool{}
	for _, a := range axes {
		if a.NRows != axes[0].NRows || a.NCols != axes[0].NCols || seen[a.Index] {
			return false
		}
		seen[a.Index] = true
	}
	return true
}

// view makes an Axes into a gonum plot, whose data area will be about
// width x height points (which sets how many ticks fit).
func (rc *renderCtx) view(a *Axes, width, height float64) *axesView {
	p := plot.New()
	p.BackgroundColor = nil
	x0, x1, y0, y1 := a.ViewLimits()
	setRange(&p.X, x0, x1)
	setRange(&p.Y, y0, y1)
	if a.Colorbar != nil {
		width -= colorbarGuess
	}
	if a.Aspect > 0 {
		// The data area will shrink to the aspect: so many ticks fit.
		want := math.Abs(x1-x0) / (math.Abs(y1-y0) * a.Aspect)
		if width/height > want {
			width = height * want
		} else {
			height = width / want
		}
	}
	xt, yt := plot.Ticker(autoTicker{tickBins(width, labelSize, true), rc.minus}), plot.Ticker(autoTicker{tickBins(height, labelSize, false), rc.minus})
	switch {
	case a.XTicks != nil:
		xt = fixedTicks{a.XTicks, rc.minus}
	case len(a.categories) > 0:
		cats := make([]Tick, len(a.categories))
		for i, c := range a.categories {
			cats[i] = Tick{Value: float64(i), Label: c}
		}
		xt = fixedTicks{cats, rc.minus}
	}
	if a.YTicks != nil {
		yt = fixedTicks{a.YTicks, rc.minus}
	}
	styleAxis(&p.X, a.XLabel, xt)
	styleAxis(&p.Y, a.YLabel, yt)
	// gonum puts a space between y tick labels and their ticks; the
	// rest of matplotlib's pad is made by longer, invisible ticks.
	space := p.Y.Tick.Label.Width(" ")
	p.Y.Tick.Length = max(vg.Points(tickSize), vg.Points(tickSize+tickPad)-space)
	if a.Title != "" {
		// gonum centres a title over the whole tile, axis labels and
		// all; matplotlib centres it over the Axes. gonum keeps the room
		// (blank lines as tall as the title) and titler draws it.
		sty := textStyle(titleSize)
		p.Title.TextStyle = sty
		p.Title.Text = strings.Repeat(" \n", strings.Count(a.Title, "\n")) + " "
		p.Title.Padding = vg.Points(titlePad)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
		p.Add(&titler{text: a.Title, sty: sty})
	}
	if a.AxisOff {
		p.HideAxes()
		p.X.Label.Text, p.Y.Label.Text = "", ""
	} else if a.Grid != nil {
		p.Add(gridLines(a.Grid))
	}
	for _, art := range a.Artists {
		p.Add(art.plotters(rc)...)
	}
	if !a.AxisOff {
		p.Add(frame{})
	}
	if entries := legendEntries(a); a.Legend && len(entries) > 0 {
		p.Add(&legend{entries: entries, loc: a.LegendLoc, axes: a})
	}
	return &axesView{a: a, p: p}
}

// setRange sets an axis's limits; lo > hi inverts it.
func setRange(ax *plot.Axis, lo, hi float64) {
	if lo > hi {
		lo, hi = hi, lo
		ax.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	}
	ax.Min, ax.Max = lo, hi
}

func styleAxis(ax *plot.Axis, label string, ticks plot.Ticker) {
	ax.Padding = 0
	ax.LineStyle = invisible
	ax.Label.Text = label
	ax.Label.TextStyle = textStyle(labelSize)
	ax.Label.Padding = vg.Points(labelPad)
	ax.Tick.Marker = ticks
	ax.Tick.LineStyle = invisible
	ax.Tick.Length = vg.Points(tickSize + tickPad)
	ax.Tick.Label.Font = font.From(sans, vg.Points(labelSize))
}

// drawAxes draws an Axes in its tile: room for its colorbar first, then
// the plot, shrunk to an equal aspect when asked.
func (rc *renderCtx) drawAxes(v *axesView, c draw.Canvas) {
	a := v.a
	var cb *colorbarLayout
	if a.Colorbar != nil {
		cb = newColorbarLayout(a.Colorbar, c, rc.dpi, rc.minus)
		c = draw.Crop(c, 0, -cb.width, 0, 0)
	}
	if a.Aspect > 0 {
		c = fixAspect(v.p, c, a.Aspect)
	}
	v.p.Draw(c)
	if cb != nil {
		cb.draw(v.p.DataCanvas(c))
	}
}

// fixAspect crops c, evenly on both sides, so that a data unit along y
// is aspect times as long as one along x (matplotlib's set_aspect, with
// adjustable "box").
func fixAspect(p *plot.Plot, c draw.Canvas, aspect float64) draw.Canvas {
	d := p.DataCanvas(c)
	dw, dh := float64(d.Max.X-d.Min.X), float64(d.Max.Y-d.Min.Y)
	xr, yr := p.X.Max-p.X.Min, (p.Y.Max-p.Y.Min)*aspect
	if dw <= 0 || dh <= 0 || xr <= 0 || yr <= 0 {
		return c
	}
	want := xr / yr
	if dw/dh > want {
		cut := vg.Length(dw-dh*want) / 2
		return draw.Crop(c, cut, -cut, 0, 0)
	}
	cut := vg.Length(dh-dw/want) / 2
	return draw.Crop(c, 0, 0, cut, -cut)
}

// gridLines draws a Grid with gonum's grid plotter, whose lines follow
// the axes' tickers.
func gridLines(g *Grid) *plotter.Grid {
	sty := draw.LineStyle{Color: g.Color, Width: vg.Points(g.Width)}
	for _, d := range dashes[g.LineStyle] {
		sty.Dashes = append(sty.Dashes, vg.Points(d*g.Width))
	}
	lines := &plotter.Grid{}
	if g.X {
		lines.Vertical = sty
	}
	if g.Y {
		lines.Horizontal = sty
	}
	return lines
}

// titler draws an Axes' title centred over its data area.
type titler struct {
	text string
	sty  text.Style
}

func (t *titler) Plot(c draw.Canvas, _ *plot.Plot) {
	c.FillText(t.sty, vg.Point{X: c.Center().X, Y: c.Max.Y + vg.Points(titlePad)}, t.text)
}

// frame draws the four spines around the data area and the tick marks
// outside it, matplotlib's default axes.
type frame struct{}

func (frame) Plot(c draw.Canvas, p *plot.Plot) {
	sty := draw.LineStyle{Color: color.Black, Width: vg.Points(lineWidth)}
	tick := vg.Points(tickSize)
	for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if x := c.X(p.X.Norm(t.Value)); c.ContainsX(x) {
			c.StrokeLine2(sty, x, c.Min.Y, x, c.Min.Y-tick)
		}
	}
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if y := c.Y(p.Y.Norm(t.Value)); c.ContainsY(y) {
			c.StrokeLine2(sty, c.Min.X, y, c.Min.X-tick, y)
		}
	}
	r := c.Rectangle
	c.StrokeLines(sty, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
}

// colorbarLayout is the room a colorbar takes right of its Axes: a gap,
// the bar, its ticks and labels, and its label.
type colorbarLayout struct {
	cb        *Colorbar
	dpi       float64
	width     vg.Length
	thickness vg.Length
	ticks     []plot.Tick
	lo, hi    float64
}

// Colorbar lengths in points: the gap between Axes and bar, the bar's
// thickness as a fraction of its height (matplotlib's aspect 20) with
// its bounds, and about how much room it all takes.
const (
	colorbarGuess  = 60
	colorbarGap    = 12
	colorbarAspect = 20
	colorbarMin    = 8
	colorbarMax    = 16
)

func newColorbarLayout(cb *Colorbar, c draw.Canvas, dpi float64, minus string) *colorbarLayout {
	height := float64(c.Max.Y-c.Min.Y) * 0.8
	l := &colorbarLayout{cb: cb, dpi: dpi}
	l.lo, l.hi = nonsingular(cb.Map.Vmin, cb.Map.Vmax, 0.05)
	l.thickness = vg.Points(math.Max(colorbarMin, math.Min(colorbarMax, height/colorbarAspect)))
	l.ticks = autoTicker{tickBins(height, labelSize, false), minus}.Ticks(l.lo, l.hi)
	sty := textStyle(labelSize)
	var labels vg.Length
	for _, t := range l.ticks {
		labels = max(labels, sty.Width(t.Label))
	}
	l.width = vg.Points(colorbarGap+tickSize+tickPad) + l.thickness + labels
	if cb.Label != "" {
		l.width += vg.Points(labelPad) + sty.Height(cb.Label)
	}
	return l
}

// draw draws the colorbar beside an Axes' data area.
func (l *colorbarLayout) draw(data draw.Canvas) {
	x0 := data.Max.X + vg.Points(colorbarGap)
	bar := vg.Rectangle{Min: vg.Point{X: x0, Y: data.Min.Y}, Max: vg.Point{X: x0 + l.thickness, Y: data.Max.Y}}
	w, h := rasterSize(bar, l.dpi, 1, 1)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for j := range h {
		// Row 0, at the top, is the high end.
		c := l.cb.Map.Color(l.lo + (l.hi-l.lo)*(1-(float64(j)+0.5)/float64(h)))
		for i := range w {
			img.SetNRGBA(i, j, c)
		}
	}
	data.DrawImage(bar, img)
	sty := draw.LineStyle{Color: color.Black, Width: vg.Points(lineWidth)}
	data.StrokeLines(sty, []vg.Point{bar.Min, {X: bar.Max.X, Y: bar.Min.Y}, bar.Max, {X: bar.Min.X, Y: bar.Max.Y}, bar.Min})
	label := textStyle(labelSize)
	label.YAlign = draw.YCenter
	widest := vg.Length(0)
	for _, t := range l.ticks {
		y := bar.Min.Y + vg.Length((t.Value-l.lo)/(l.hi-l.lo))*(bar.Max.Y-bar.Min.Y)
		data.StrokeLine2(sty, bar.Max.X, y, bar.Max.X+vg.Points(tickSize), y)
		data.FillText(label, vg.Point{X: bar.Max.X + vg.Points(tickSize+tickPad), Y: y}, t.Label)
		widest = max(widest, label.Width(t.Label))
	}
	if l.cb.Label != "" {
		// Read upwards, right of the tick labels, as matplotlib puts it.
		sty := textStyle(labelSize)
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
		x := bar.Max.X + vg.Points(tickSize+tickPad+labelPad) + widest + sty.Height(l.cb.Label)
		data.FillText(sty, vg.Point{X: x, Y: (bar.Min.Y + bar.Max.Y) / 2}, l.cb.Label)
	}
}
