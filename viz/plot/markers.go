package plot

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// markerGlyph draws one of matplotlib's markers. Shapes are in units of
// the marker size (a glyph's diameter, 2*Radius), from matplotlib's
// MarkerStyle paths: a circle, square or triangle is one size across.
type markerGlyph struct {
	symbol byte
	// edge is the width of the outline filled markers get and the width
	// of the strokes of line markers (+ x | _ 1 2 3 4).
	edge vg.Length
}

type pt2 struct{ x, y float64 }

// polygon is a regular polygon (or star, with inner > 0 the inner
// radius) of n points, radius 0.5, its first point up, turned by rot
// degrees.
func polygon(n int, inner, rot float64) []pt2 {
	var out []pt2
	for i := range n {
		a := math.Pi/2 + 2*math.Pi*float64(i)/float64(n) + rot*math.Pi/180
		out = append(out, pt2{0.5 * math.Cos(a), 0.5 * math.Sin(a)})
		if inner > 0 {
			b := a + math.Pi/float64(n)
			out = append(out, pt2{0.5 * inner * math.Cos(b), 0.5 * inner * math.Sin(b)})
		}
	}
	return out
}

func scaled(pts []pt2, k float64) []pt2 {
	out := make([]pt2, len(pts))
	for i, p := range pts {
		out[i] = pt2{p.x * k, p.y * k}
	}
	return out
}

var (
	square   = []pt2{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}
	triangle = []pt2{{0, 0.5}, {-0.5, -0.5}, {0.5, -0.5}}
	diamond  = []pt2{{0, -math.Sqrt2 / 2}, {math.Sqrt2 / 2, 0}, {0, math.Sqrt2 / 2}, {-math.Sqrt2 / 2, 0}}
	// filledPlus and filledX are matplotlib's "P" and "X".
	filledPlus = scaled([]pt2{{-1, -3}, {1, -3}, {1, -1}, {3, -1}, {3, 1}, {1, 1}, {1, 3}, {-1, 3}, {-1, 1}, {-3, 1}, {-3, -1}, {-1, -1}}, 1.0/6)
	filledX    = scaled([]pt2{{-1, -2}, {0, -1}, {1, -2}, {2, -1}, {1, 0}, {2, 1}, {1, 2}, {0, 1}, {-1, 2}, {-2, 1}, {-1, 0}, {-2, -1}}, 1.0/4)
)

// filledShapes are the markers drawn as filled outlines.
var filledShapes = map[byte][]pt2{
	's': square,
	'^': triangle,
	'v': rotate(triangle, 180),
	'<': rotate(triangle, 90),
	'>': rotate(triangle, -90),
	'D': diamond,
	'd': stretch(diamond, 0.6),
	'p': polygon(5, 0, 0),
	'h': polygon(6, 0, 0),
	'H': polygon(6, 0, 30),
	'8': polygon(8, 0, 22.5),
	'*': polygon(5, 0.381966, 0),
	'P': filledPlus,
	'X': filledX,
}

// strokeShapes are the markers drawn as strokes: pairs of points.
var strokeShapes = map[byte][]pt2{
	'+': {{-0.5, 0}, {0.5, 0}, {0, -0.5}, {0, 0.5}},
	'x': {{-0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}, {0.5, -0.5}},
	'|': {{0, -0.5}, {0, 0.5}},
	'_': {{-0.5, 0}, {0.5, 0}},
	'1': tri(0),
	'2': tri(180),
	'3': tri(270),
	'4': tri(90),
}

// tri is matplotlib's tri_down turned by rot degrees: three spokes.
func tri(rot float64) []pt2 {
	spokes := []pt2{{0, 0}, {0, -0.5}, {0, 0}, {0.4, 0.25}, {0, 0}, {-0.4, 0.25}}
	return rotate(spokes, rot)
}

func rotate(pts []pt2, deg float64) []pt2 {
	s, c := math.Sincos(deg * math.Pi / 180)
	out := make([]pt2, len(pts))
	for i, p := range pts {
		out[i] = pt2{p.x*c - p.y*s, p.x*s + p.y*c}
	}
	return out
}

func stretch(pts []pt2, kx float64) []pt2 {
	out := make([]pt2, len(pts))
	for i, p := range pts {
		out[i] = pt2{p.x * kx, p.y}
	}
	return out
}

// DrawGlyph implements draw.GlyphDrawer.
func (m markerGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, at vg.Point) {
	size := 2 * sty.Radius
	point := func(p pt2) vg.Point {
		return vg.Point{X: at.X + vg.Length(p.x)*size, Y: at.Y + vg.Length(p.y)*size}
	}
	c.SetColor(sty.Color)
	c.SetLineDash(nil, 0)
	switch m.symbol {
	case 'o', '.':
		r := sty.Radius
		if m.symbol == '.' {
			r /= 2
		}
		var p vg.Path
		p.Move(vg.Point{X: at.X + r, Y: at.Y})
		p.Arc(at, r, 0, 2*math.Pi)
		p.Close()
		c.Fill(p)
		c.SetLineWidth(m.edge)
		c.Stroke(p)
	case ',':
		// A pixel: the smallest square that shows.
		var p vg.Path
		h := vg.Points(0.36)
		p.Move(vg.Point{X: at.X - h, Y: at.Y - h})
		p.Line(vg.Point{X: at.X + h, Y: at.Y - h})
		p.Line(vg.Point{X: at.X + h, Y: at.Y + h})
		p.Line(vg.Point{X: at.X - h, Y: at.Y + h})
		p.Close()
		c.Fill(p)
	default:
		if shape, ok := filledShapes[m.symbol]; ok {
			var p vg.Path
			p.Move(point(shape[0]))
			for _, q := range shape[1:] {
				p.Line(point(q))
			}
			p.Close()
			c.Fill(p)
			c.SetLineWidth(m.edge)
			c.Stroke(p)
			return
		}
		segs := strokeShapes[m.symbol]
		c.SetLineWidth(m.edge)
		for i := 0; i+1 < len(segs); i += 2 {
			var p vg.Path
			p.Move(point(segs[i]))
			p.Line(point(segs[i+1]))
			c.Stroke(p)
		}
	}
}
