package viz

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"strconv"
	"strings"
	"sync"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// A painter draws a layout's operations: as SVG, whose groups keep each
// node's id, classes and tooltip, or onto a raster canvas for PNG. Both
// work in Graphviz's points, y up.
type painter interface {
	begin(it item)
	end()
	path(pts [][2]float64, closed, curved bool, st *penState)
	ellipse(c [2]float64, rx, ry float64, st *penState)
	text(op xop, st *penState)
}

// penState is what the xdot operations set before they draw.
type penState struct {
	stroke, fill string
	filled       bool
	dash         string // "dashed", "dotted" or ""
	width        float64
	size         float64
	bold, italic bool
}

// paint runs the operations of a layout through a painter.
func paint(l *layout, p painter) {
	run := func(ops []xop) {
		st := &penState{stroke: "#000000", fill: "#000000", width: 1, size: 14}
		for _, o := range ops {
			switch o.Op {
			case "c":
				st.stroke = o.Color
			case "C":
				st.fill = o.Color
			case "S":
				switch {
				case o.Style == "dashed" || o.Style == "dotted":
					st.dash = o.Style
				case o.Style == "solid":
					st.dash = ""
				case strings.HasPrefix(o.Style, "setlinewidth("):
					if w, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(o.Style, "setlinewidth("), ")"), 64); err == nil {
						st.width = w
					}
				}
			case "F":
				st.size = o.Size
			case "t":
				st.bold, st.italic = o.Fontchar&1 != 0, o.Fontchar&2 != 0
			case "P", "p", "L":
				st.filled = o.Op == "P"
				p.path(o.Points, o.Op != "L", false, st)
			case "B", "b":
				// Graphviz's json writer swaps the xdot letters: there "B"
				// is the filled B-spline (a rounded box) and "b" the
				// unfilled one (an edge), as Graphviz 12.1.2 writes them.
				st.filled = o.Op == "B"
				p.path(o.Points, st.filled, true, st)
			case "E", "e":
				st.filled = o.Op == "E"
				p.ellipse([2]float64{o.Rect[0], o.Rect[1]}, o.Rect[2], o.Rect[3], st)
			case "T":
				p.text(o, st)
			}
		}
	}
	p.begin(item{kind: "graph", id: "graph", class: "graph"})
	run(l.background)
	for _, it := range l.items {
		p.begin(it)
		run(it.ops)
		p.end()
	}
	p.end()
}

// svgPainter writes SVG 1.1 in a browser's coordinates (y down).
type svgPainter struct {
	w bytes.Buffer
	h float64
}

func (s *svgPainter) y(y float64) float64 { return s.h - y }

func (s *svgPainter) begin(it item) {
	class := it.class
	if !strings.HasPrefix(class, it.kind) {
		class = strings.TrimSpace(it.kind + " " + class)
	}
	fmt.Fprintf(&s.w, "<g class=%q", class)
	if it.id != "" {
		fmt.Fprintf(&s.w, " id=\"%s\"", html.EscapeString(it.id))
	}
	s.w.WriteString(">")
	if it.title != "" {
		fmt.Fprintf(&s.w, "<title>%s</title>", html.EscapeString(it.title))
	}
	s.w.WriteString("\n")
}

func (s *svgPainter) end() { s.w.WriteString("</g>\n") }

func (s *svgPainter) style(st *penState, fillable bool) string {
	fill := "none"
	if fillable && st.filled {
		fill = svgColor(st.fill)
	}
	out := fmt.Sprintf(`fill=%q stroke=%q stroke-width="%.2g"`, fill, svgColor(st.stroke), st.width)
	switch st.dash {
	case "dashed":
		out += ` stroke-dasharray="5,2"`
	case "dotted":
		out += ` stroke-dasharray="1,3"`
	}
	return out
}

func (s *svgPainter) path(pts [][2]float64, closed, curved bool, st *penState) {
	if len(pts) == 0 {
		return
	}
	var d strings.Builder
	fmt.Fprintf(&d, "M%.2f,%.2f", pts[0][0], s.y(pts[0][1]))
	if curved {
		for i := 1; i+2 < len(pts); i += 3 {
			fmt.Fprintf(&d, "C%.2f,%.2f %.2f,%.2f %.2f,%.2f", pts[i][0], s.y(pts[i][1]), pts[i+1][0], s.y(pts[i+1][1]), pts[i+2][0], s.y(pts[i+2][1]))
		}
	} else {
		for _, p := range pts[1:] {
			fmt.Fprintf(&d, "L%.2f,%.2f", p[0], s.y(p[1]))
		}
	}
	if closed {
		d.WriteString("Z")
	}
	fmt.Fprintf(&s.w, "<path %s d=%q/>\n", s.style(st, closed), d.String())
}

func (s *svgPainter) ellipse(c [2]float64, rx, ry float64, st *penState) {
	fmt.Fprintf(&s.w, "<ellipse %s cx=\"%.2f\" cy=\"%.2f\" rx=\"%.2f\" ry=\"%.2f\"/>\n", s.style(st, true), c[0], s.y(c[1]), rx, ry)
}

func (s *svgPainter) text(o xop, st *penState) {
	anchor := map[string]string{"l": "start", "c": "middle", "r": "end"}[o.Align]
	if anchor == "" {
		anchor = "middle"
	}
	// textLength holds the text to the width the layout gave it, so that
	// a browser without Helvetica's metrics still fits it in its box.
	fmt.Fprintf(&s.w, `<text x="%.2f" y="%.2f" text-anchor=%q font-family=%q font-size="%.2f" fill=%q textLength="%.2f" lengthAdjust="spacingAndGlyphs"`,
		o.Pt[0], s.y(o.Pt[1]), anchor, fontFamily, st.size, svgColor(st.stroke), o.Width)
	if st.bold {
		s.w.WriteString(` font-weight="bold"`)
	}
	if st.italic {
		s.w.WriteString(` font-style="italic"`)
	}
	fmt.Fprintf(&s.w, ">%s</text>\n", html.EscapeString(o.Text))
}

// svgColor drops the alpha Graphviz appends for transparent colours.
func svgColor(c string) string {
	if len(c) == 9 && c[0] == '#' {
		if c[7:] == "00" {
			return "none"
		}
		return c[:7]
	}
	return c
}

// SVG draws the picture as an SVG document.
func (p *Picture) SVG() ([]byte, error) {
	l, err := p.layout()
	if err != nil {
		return nil, err
	}
	s := &svgPainter{h: l.height}
	fmt.Fprintf(&s.w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0fpt" height="%.0fpt" viewBox="0 0 %.2f %.2f" class="msrepl-graph">`+"\n",
		l.width, l.height, l.width, l.height)
	fmt.Fprintf(&s.w, "<title>%s</title>\n", html.EscapeString("@"+p.Name))
	paint(l, s)
	s.w.WriteString("</svg>\n")
	return s.w.Bytes(), nil
}

// PNG draws the picture as a PNG image at dpi dots per inch.
func (p *Picture) PNG(dpi int) ([]byte, error) {
	l, err := p.layout()
	if err != nil {
		return nil, err
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(l.width), vg.Length(l.height)), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
	paint(l, &rasterPainter{c: c})
	var out bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (p *Picture) layout() (*layout, error) {
	p.once.Do(func() { p.laid, p.layErr = lay(p.DOT) })
	return p.laid, p.layErr
}

// rasterPainter draws on a gonum canvas with the Liberation fonts,
// whose metrics are Helvetica's, as the layout assumed.
type rasterPainter struct{ c *vgimg.Canvas }

func (r *rasterPainter) begin(item) {}
func (r *rasterPainter) end()       {}

func (r *rasterPainter) pen(st *penState) {
	r.c.SetLineWidth(vg.Length(st.width))
	switch st.dash {
	case "dashed":
		r.c.SetLineDash([]vg.Length{5, 2}, 0)
	case "dotted":
		r.c.SetLineDash([]vg.Length{1, 3}, 0)
	default:
		r.c.SetLineDash(nil, 0)
	}
}

func (r *rasterPainter) draw(path vg.Path, closed bool, st *penState) {
	r.pen(st)
	if closed && st.filled {
		if c, ok := parseColor(st.fill); ok {
			r.c.SetColor(c)
			r.c.Fill(path)
		}
	}
	if c, ok := parseColor(st.stroke); ok {
		r.c.SetColor(c)
		r.c.Stroke(path)
	}
}

func (r *rasterPainter) path(pts [][2]float64, closed, curved bool, st *penState) {
	if len(pts) == 0 {
		return
	}
	pt := func(p [2]float64) vg.Point { return vg.Point{X: vg.Length(p[0]), Y: vg.Length(p[1])} }
	var path vg.Path
	path.Move(pt(pts[0]))
	if curved {
		for i := 1; i+2 < len(pts); i += 3 {
			path.CubeTo(pt(pts[i]), pt(pts[i+1]), pt(pts[i+2]))
		}
	} else {
		for _, p := range pts[1:] {
			path.Line(pt(p))
		}
	}
	if closed {
		path.Close()
	}
	r.draw(path, closed, st)
}

func (r *rasterPainter) ellipse(c [2]float64, rx, ry float64, st *penState) {
	// Four cubic arcs, with the usual 0.5523 control distance.
	const k = 0.5523
	x, y := c[0], c[1]
	pts := [][2]float64{
		{x + rx, y},
		{x + rx, y + k*ry}, {x + k*rx, y + ry}, {x, y + ry},
		{x - k*rx, y + ry}, {x - rx, y + k*ry}, {x - rx, y},
		{x - rx, y - k*ry}, {x - k*rx, y - ry}, {x, y - ry},
		{x + k*rx, y - ry}, {x + rx, y - k*ry}, {x + rx, y},
	}
	r.path(pts, true, true, st)
}

func (r *rasterPainter) text(o xop, st *penState) {
	face := rasterFace(st)
	s := substituteMissing(face, o.Text)
	w := float64(face.Width(s))
	x := o.Pt[0]
	switch o.Align {
	case "c":
		x -= w / 2
	case "r":
		x -= w
	}
	if c, ok := parseColor(st.stroke); ok {
		r.c.SetColor(c)
	}
	r.c.FillString(face, vg.Point{X: vg.Length(x), Y: vg.Length(o.Pt[1])}, s)
}

var fontsOnce sync.Once

func rasterFace(st *penState) font.Face {
	fontsOnce.Do(func() { font.DefaultCache.Add(liberation.Collection()) })
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if st.bold {
		f.Weight = xfont.WeightBold
	}
	if st.italic {
		f.Style = xfont.StyleItalic
	}
	return font.DefaultCache.Lookup(f, vg.Length(st.size))
}

// glyphFallbacks spell the markers a raster font may lack.
var glyphFallbacks = map[rune]string{'✓': "T ", '✗': "F ", '⤾': "cond ", '⥁': "loop ", '∇': "d", '•': "*"}

// substituteMissing replaces the characters face cannot draw.
func substituteMissing(face font.Face, s string) string {
	var buf sfnt.Buffer
	var b strings.Builder
	for _, r := range s {
		if i, err := face.Face.GlyphIndex(&buf, r); err == nil && i != 0 {
			b.WriteRune(r)
		} else if alt, ok := glyphFallbacks[r]; ok {
			b.WriteString(alt)
		} else {
			b.WriteRune('?')
		}
	}
	return b.String()
}

// parseColor reads Graphviz's "#rrggbb" and "#rrggbbaa"; a fully
// transparent colour is not drawn.
func parseColor(s string) (color.Color, bool) {
	if len(s) != 7 && len(s) != 9 || s[0] != '#' {
		return color.Black, true
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.Black, true
	}
	if len(s) == 7 {
		return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, true
	}
	if uint8(v) == 0 {
		return nil, false
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}
