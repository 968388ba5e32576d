package plot

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LegendLocations are matplotlib's legend loc names; a loc's number is
// its index.
var LegendLocations = []string{"best", "upper right", "upper left", "lower left", "lower right",
	"right", "center left", "center right", "lower center", "upper center", "center"}

// CheckLegendLoc checks a legend loc name as matplotlib does.
func CheckLegendLoc(loc string) error {
	if slices.Contains(LegendLocations, loc) {
		return nil
	}
	quoted := make([]string, len(LegendLocations))
	for i, l := range LegendLocations {
		quoted[i] = pyQuote(l)
	}
	return errorf("%s is not a valid value for loc; supported values are %s", pyQuote(loc), strings.Join(quoted, ", "))
}

// legendAnchors place a legend of each loc (but "best") in the Axes:
// the fraction of the free width and height to its left and below it.
var legendAnchors = map[string][2]float64{
	"upper right": {1, 1}, "upper left": {0, 1}, "lower left": {0, 0}, "lower right": {1, 0},
	"right": {1, 0.5}, "center left": {0, 0.5}, "center right": {1, 0.5},
	"lower center": {0.5, 0}, "upper center": {0.5, 1}, "center": {0.5, 0.5},
}

// Legend geometry, matplotlib's rcParams in font sizes (10 points).
const (
	legendFontSize  = 10
	legendBorderPad = 0.4 * legendFontSize
	legendSpacing   = 0.5 * legendFontSize
	legendKeyLength = 2.0 * legendFontSize
	legendKeyHeight = 0.7 * legendFontSize
	legendTextPad   = 0.8 * legendFontSize
	legendAxesPad   = 0.5 * legendFontSize
)

type legendEntry struct {
	label string
	art   Artist
}

// legendEntries are the labelled artists of the Axes, labelled in order
// by a.LegendLabels when they are given.
func legendEntries(a *Axes) []legendEntry {
	var out []legendEntry
	if a.LegendLabels != nil {
		for i, art := range a.Artists {
			if _, isImage := art.(*Image); isImage || i >= len(a.LegendLabels) {
				continue
			}
			out = append(out, legendEntry{a.LegendLabels[i], art})
		}
		return out
	}
	for _, art := range a.Artists {
		if l := art.LegendLabel(); l != "" && !strings.HasPrefix(l, "_") {
			out = append(out, legendEntry{l, art})
		}
	}
	return out
}

// legend draws a boxed legend inside the Axes, as matplotlib's default.
type legend struct {
	entries []legendEntry
	loc     string
	axes    *Axes
}

func (l *legend) Plot(c draw.Canvas, p *plot.Plot) {
	sty := textStyle(legendFontSize)
	sty.YAlign = draw.YCenter
	textW, heights := vg.Length(0), make([]vg.Length, len(l.entries))
	boxH := vg.Points(2 * legendBorderPad)
	for i, e := range l.entries {
		textW = max(textW, sty.Width(e.label))
		heights[i] = max(sty.Height(e.label), vg.Points(legendKeyHeight))
		boxH += heights[i]
		if i > 0 {
			boxH += vg.Points(legendSpacing)
		}
	}
	boxW := vg.Points(2*legendBorderPad+legendKeyLength+legendTextPad) + textW
	pad := vg.Points(legendAxesPad)
	place := func(anchor [2]float64) vg.Point {
		return vg.Point{
			X: c.Min.X + pad + vg.Length(anchor[0])*(c.Max.X-c.Min.X-2*pad-boxW),
			Y: c.Min.Y + pad + vg.Length(anchor[1])*(c.Max.Y-c.Min.Y-2*pad-boxH),
		}
	}
	var at vg.Point
	if l.loc == "" || l.loc == "best" {
		at = l.best(c, p, boxW, boxH, place)
	} else {
		at = place(legendAnchors[l.loc])
	}
	box := []vg.Point{at, {X: at.X + boxW, Y: at.Y}, {X: at.X + boxW, Y: at.Y + boxH}, {X: at.X, Y: at.Y + boxH}}
	c.FillPolygon(color.NRGBA{R: 255, G: 255, B: 255, A: 204}, box)
	c.StrokeLines(draw.LineStyle{Color: hex(0xcccccc), Width: vg.Points(1)}, append(box, at))
	y := at.Y + boxH - vg.Points(legendBorderPad)
	for i, e := range l.entries {
		mid := y - heights[i]/2
		keyX := at.X + vg.Points(legendBorderPad)
		key := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: keyX, Y: mid - vg.Points(legendKeyHeight/2)},
			Max: vg.Point{X: keyX + vg.Points(legendKeyLength), Y: mid + vg.Points(legendKeyHeight/2)},
		}}
		e.art.legendKey(key)
		c.FillText(sty, vg.Point{X: key.Max.X + vg.Points(legendTextPad), Y: mid}, e.label)
		y -= heights[i] + vg.Points(legendSpacing)
	}
}

// best is matplotlib's loc "best": of the places in LegendLocations'
// order, the first that covers the fewest data points, bars and line
// segments.
func (l *legend) best(c draw.Canvas, p *plot.Plot, w, h vg.Length, place func([2]float64) vg.Point) vg.Point {
	trX, trY := p.Transforms(&c)
	screen := func(q pt2) (float64, float64) { return float64(trX(q.x)), float64(trY(q.y)) }
	type seg struct{ x0, y0, x1, y1 float64 }
	var points [][2]float64
	var segs []seg
	var boxes [][4]float64
	for _, art := range l.axes.Artists {
		pts, rs := art.anchors()
		_, isLine := art.(*Line)
		for i, q := range pts {
			x, y := screen(q)
			points = append(points, [2]float64{x, y})
			if isLine && i > 0 {
				px, py := screen(pts[i-1])
				segs = append(segs, seg{px, py, x, y})
			}
		}
		for _, r := range rs {
			x0, y0 := screen(r[0])
			x1, y1 := screen(r[1])
			boxes = append(boxes, [4]float64{math.Min(x0, x1), math.Min(y0, y1), math.Max(x0, x1), math.Max(y0, y1)})
		}
	}
	bestAt, bestBad := vg.Point{}, math.Inf(1)
	for _, loc := range LegendLocations[1:] {
		at := place(legendAnchors[loc])
		bx0, by0 := float64(at.X), float64(at.Y)
		bx1, by1 := bx0+float64(w), by0+float64(h)
		bad := 0.0
		for _, q := range points {
			if q[0] > bx0 && q[0] < bx1 && q[1] > by0 && q[1] < by1 {
				bad++
			}
		}
		for _, b := range boxes {
			if b[0] < bx1 && b[2] > bx0 && b[1] < by1 && b[3] > by0 {
				bad++
			}
		}
		for _, s := range segs {
			if segmentHitsBox(s.x0, s.y0, s.x1, s.y1, bx0, by0, bx1, by1) {
				bad++
			}
		}
		if bad < bestBad {
			bestAt, bestBad = at, bad
		}
		if bad == 0 {
			break
		}
	}
	return bestAt
}

// segmentHitsBox reports whether a line segment crosses or lies in a box
// (Liang–Barsky clipping).
func segmentHitsBox(x0, y0, x1, y1, bx0, by0, bx1, by1 float64) bool {
	if math.IsNaN(x0 + y0 + x1 + y1) {
		return false
	}
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, e := range [4][2]float64{{-dx, x0 - bx0}, {dx, bx1 - x0}, {-dy, y0 - by0}, {dy, by1 - y0}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
