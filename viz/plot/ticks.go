package plot

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// autoTicker places ticks as matplotlib's default AutoLocator (a
// MaxNLocator with steps 1, 2, 2.5, 5 and 10) does, at most nbins+1 of
// them, and labels them as its ScalarFormatter does: all with the same
// number of decimals, and minus as the minus sign (matplotlib's is
// U+2212, which PDF's fonts here lack).
type autoTicker struct {
	nbins int
	minus string
}

// tickBins is matplotlib's number of tick intervals for an axis length
// in points: one per three (x) or two (y) label heights, from 1 to 9.
func tickBins(length, labelSize float64, horizontal bool) int {
	per := 2 * labelSize
	if horizontal {
		per = 3 * labelSize
	}
	return max(1, min(9, int(math.Floor(length/per))))
}

// Ticks implements plot.Ticker.
func (t autoTicker) Ticks(lo, hi float64) []plot.Tick {
	vals, step := tickValues(lo, hi, t.nbins)
	labels := tickLabels(vals, step, t.minus)
	ticks := make([]plot.Tick, len(vals))
	for i, v := range vals {
		ticks[i] = plot.Tick{Value: v, Label: labels[i]}
	}
	return ticks
}

// steps are MaxNLocator's default steps, extended a decade each way.
var steps = []float64{0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20}

// tickValues are the ticks of [lo, hi] (either way round) and their
// spacing: MaxNLocator's _raw_ticks, keeping those inside the interval.
func tickValues(lo, hi float64, nbins int) ([]float64, float64) {
	if hi < lo {
		lo, hi = hi, lo
	}
	lo, hi = nonsingular(lo, hi, 1e-13)
	// scale_range: the decade of the interval's bins, and an offset that
	// keeps precision when the interval is far from zero.
	span := hi - lo
	mean := (hi + lo) / 2
	offset := 0.0
	if math.Abs(mean)/span >= 100 {
		offset = math.Copysign(math.Pow(10, math.Floor(math.Log10(math.Abs(mean)))), mean)
	}
	scale := math.Pow(10, math.Floor(math.Log10(span/float64(nbins))))
	vlo, vhi := lo-offset, hi-offset
	raw := (vhi - vlo) / float64(nbins)
	istep := len(steps) - 1
	for i, s := range steps {
		if s*scale >= raw {
			istep = i
			break
		}
	}
	var ticks []float64
	var step float64
	for i := istep; i >= 0; i-- {
		step = steps[i] * scale
		best := math.Floor(vlo/step) * step
		low := edgeLE((vlo-best)/step, offset, step)
		high := edgeGE((vhi-best)/step, offset, step)
		ticks = ticks[:0]
		inside := 0
		for n := low; n <= high; n++ {
			v := n*step + best
			ticks = append(ticks, v)
			if v >= vlo && v <= vhi {
				inside++
			}
		}
		if inside >= 2 {
			break
		}
	}
	// Ticks a rounding error outside the interval still count.
	tol := 1e-9 * span
	out := ticks[:0]
	for _, v := range ticks {
		if v+offset >= lo-tol && v+offset <= hi+tol {
			out = append(out, v+offset)
		}
	}
	return out, step
}

// edgeTol is _Edge_integer's tolerance for counting a multiple of step
// as reached: more slop when the offset is large against the step.
func edgeTol(offset, step float64) float64 {
	if offset == 0 {
		return 1e-10
	}
	digits := math.Log10(math.Abs(offset) / step)
	return math.Min(0.4999, math.Max(1e-10, math.Pow(10, digits-12)))
}

// edgeLE is the largest n with n <= x, a hair below an integer counting
// as it; edgeGE the smallest n >= x, a hair above counting as it.
func edgeLE(x, offset, step float64) float64 {
	d, m := math.Floor(x), x-math.Floor(x)
	if math.Abs(m-1) < edgeTol(offset, step) {
		return d + 1
	}
	return d
}

func edgeGE(x, offset, step float64) float64 {
	d, m := math.Floor(x), x-math.Floor(x)
	if math.Abs(m) < edgeTol(offset, step) {
		return d
	}
	return d + 1
}

// tickLabels formats tick values with the decimals their spacing needs
// ("0.0 0.5 1.0", "0 2 4"); far from 1 in magnitude, in short
// scientific form.
func tickLabels(vals []float64, step float64, minus string) []string {
	big := 0.0
	for _, v := range vals {
		big = math.Max(big, math.Abs(v))
	}
	sci := big >= 1e6 || (big > 0 && big < 1e-4)
	decimals := 0
	for step > 0 && decimals < 12 {
		scaled := step * math.Pow(10, float64(decimals))
		if math.Abs(scaled-math.Round(scaled)) < 1e-6*math.Max(1, scaled) {
			break
		}
		decimals++
	}
	labels := make([]string, len(vals))
	for i, v := range vals {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		var s string
		if sci {
			s = strconv.FormatFloat(v, 'g', 4, 64)
		} else {
			s = strconv.FormatFloat(v, 'f', decimals, 64)
		}
		labels[i] = strings.Replace(s, "-", minus, 1)
	}
	return labels
}

// fixedTicks are ticks the user or the categories set; without labels
// they are labelled as automatic ticks are.
type fixedTicks struct {
	ticks []Tick
	minus string
}

func (f fixedTicks) Ticks(lo, hi float64) []plot.Tick {
	if hi < lo {
		lo, hi = hi, lo
	}
	var out []plot.Tick
	labelled := false
	for _, t := range f.ticks {
		if t.Value >= lo && t.Value <= hi {
			out = append(out, plot.Tick{Value: t.Value, Label: t.Label})
			labelled = labelled || t.Label != ""
		}
	}
	if !labelled && len(out) > 0 {
		vals := make([]float64, len(out))
		step := math.Inf(1)
		for i, t := range out {
			vals[i] = t.Value
			if i > 0 && vals[i] != vals[i-1] {
				step = math.Min(step, math.Abs(vals[i]-vals[i-1]))
			}
		}
		if math.IsInf(step, 1) {
			step = math.Max(math.Abs(vals[0]), 1)
		}
		for i, l := range tickLabels(vals, step, f.minus) {
			out[i].Label = l
		}
	}
	return out
}
