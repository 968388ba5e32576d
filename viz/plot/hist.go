package plot

import (
	"math"
	"sort"

	"msrepl/internal/pyfmt"
)

// HistSpec says how Histogram bins its data, as numpy.histogram's
// arguments do.
type HistSpec struct {
	// Bins is the number of equal-width bins, used when Edges is nil.
	Bins int
	// Edges are explicit bin edges, increasing.
	Edges []float64
	// Range bounds the equal-width bins; nil takes the data's extent.
	Range *[2]float64
	// Weights, when not nil, are summed in the bins instead of ones.
	Weights []float64
	// Density divides each bin by the total count and its width, so that
	// the histogram integrates to 1.
	Density bool
	// Float32 rounds computed edges to float32, as numpy does for float32
	// data, whose edges it computes in that type.
	Float32 bool
}

// Histogram counts data in bins exactly as numpy.histogram does: the
// bins are half open, [a, b), except the last, which is closed; values
// outside the edges, and NaN, are not counted. It returns the counts (or
// densities) and the len(counts)+1 edges. Its errors are numpy's.
func Histogram(data []float64, spec HistSpec) (counts, edges []float64, err error) {
	if spec.Weights != nil && len(spec.Weights) != len(data) {
		return nil, nil, errorf("weights should have the same shape as a.")
	}
	if spec.Edges != nil {
		for i := 1; i < len(spec.Edges); i++ {
			if spec.Edges[i-1] > spec.Edges[i] {
				return nil, nil, errorf("`bins` must increase monotonically, when an array")
			}
		}
		edges = append([]float64(nil), spec.Edges...)
	} else {
		if spec.Bins < 1 {
			return nil, nil, errorf("`bins` must be positive, when an integer")
		}
		lo, hi, err := outerEdges(data, spec.Range)
		if err != nil {
			return nil, nil, err
		}
		edges = linspace(lo, hi, spec.Bins+1)
		if spec.Float32 {
			for i, e := range edges {
				edges[i] = float64(float32(e))
			}
		}
	}
	if len(edges) < 2 {
		// numpy's bincount on no bins: an empty histogram.
		return []float64{}, edges, nil
	}
	n := len(edges) - 1
	counts = make([]float64, n)
	first, last := edges[0], edges[n]
	for i, x := range data {
		if !(x >= first && x <= last) {
			continue
		}
		// The bin whose left edge is the last one <= x; the last bin
		// also holds its right edge.
		b := sort.Search(n, func(j int) bool { return edges[j+1] > x })
		if b == n {
			b = n - 1
		}
		w := 1.0
		if spec.Weights != nil {
			w = spec.Weights[i]
		}
		counts[b] += w
	}
	if spec.Density {
		total := 0.0
		for _, c := range counts {
			total += c
		}
		for i := range counts {
			counts[i] = counts[i] / (edges[i+1] - edges[i]) / total
		}
	}
	return counts, edges, nil
}

// outerEdges is numpy's _get_outer_edges: the range of equal-width
// bins, widened by 0.5 each way when it is a single value.
func outerEdges(data []float64, rng *[2]float64) (lo, hi float64, err error) {
	switch {
	case rng != nil:
		lo, hi = rng[0], rng[1]
		if lo > hi {
			return 0, 0, errorf("max must be larger than min in range parameter.")
		}
		if !finite(lo) || !finite(hi) {
			return 0, 0, errorf("supplied range of [%s, %s] is not finite", pyfmt.FloatRepr(lo), pyfmt.FloatRepr(hi))
		}
	case len(data) == 0:
		lo, hi = 0, 1
	default:
		lo, hi = data[0], data[0]
		for _, x := range data {
			// numpy's min and max propagate NaN.
			if math.IsNaN(x) || math.IsNaN(lo) {
				lo, hi = math.NaN(), math.NaN()
				continue
			}
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		if !finite(lo) || !finite(hi) {
			return 0, 0, errorf("autodetected range of [%s, %s] is not finite", pyfmt.FloatRepr(lo), pyfmt.FloatRepr(hi))
		}
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	return lo, hi, nil
}

// linspace is numpy.linspace with its endpoint, computed as numpy does
// (i*step + start, the last value exactly stop), so edges print alike.
func linspace(start, stop float64, num int) []float64 {
	out := make([]float64, num)
	step := (stop - start) / float64(num-1)
	for i := range out {
		out[i] = float64(i)*step + start
	}
	out[num-1] = stop
	return out
}

// nanRange is the smallest and largest value of data ignoring NaN, as
// matplotlib's hist picks its range with nanmin and nanmax; ok is false
// when there is no value but NaN.
func nanRange(data []float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range data {
		if !math.IsNaN(x) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi, lo <= hi
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
