// Hypot and Norm are not glibc's hypot: CPython's math.hypot and math.dist use their own
// vector_norm (Modules/mathmodule.c; Copyright (c) Python Software Foundation; see NOTICE),
// ported here operation for operation: scaling by a power of two, exact squares and sums
// in double-double (Dekker's mul12, as CPython 3.11 has it), and one differential
// correction of the square root.

package xmath

import "math"

// Hypot returns sqrt(p*p + q*q), as CPython's math.hypot(p, q) computes it.
func Hypot(p, q float64) float64 {
	v := [2]float64{p, q}
	return Norm(v[:])
}

// Norm returns the Euclidean norm of v, as CPython's math.hypot(*v) computes it; math.dist
// is the Norm of the differences. It does not modify v.
func Norm(v []float64) float64 {
	max := 0.0
	nan := false
	for _, x := range v {
		x = math.Abs(x)
		nan = nan || x != x
		if x > max {
			max = x
		}
	}
	switch {
	case math.IsInf(max, 1):
		return max
	case nan:
		return math.NaN()
	case max == 0 || len(v) == 1:
		return max
	}
	return vectorNorm(v, max)
}

// vectorNorm is CPython's vector_norm for finite v with largest magnitude max > 0.
func vectorNorm(v []float64, max float64) float64 {
	_, maxE := math.Frexp(max)
	if maxE < -1023 { // 2^-maxE would overflow: scale subnormals up first
		w := make([]float64, len(v))
		for i, x := range v {
			w[i] = math.Abs(x) / 0x1p-1022
		}
		return 0x1p-1022 * vectorNorm(w, max/0x1p-1022)
	}
	scale := math.Ldexp(1, -maxE)
	csum, frac1, frac2 := 1.0, 0.0, 0.0
	for _, x := range v {
		x = math.Abs(x) * scale // exact
		hi, lo := mul12(x, x)   // exact
		s, e := fastTwoSum(csum, hi)
		csum = s
		frac1 += lo
		frac2 += e
	}
	h := math.Sqrt(csum - 1 + (frac1 + frac2))
	hi, lo := mul12(-h, h)
	s, e := fastTwoSum(csum, hi)
	csum = s
	frac1 += lo
	frac2 += e
	x := csum - 1 + (frac1 + frac2)
	h += x / (2 * h)
	return h / scale
}

// mul12 is Dekker's exact product x*y = hi+lo, by splitting, as CPython 3.11 computes it.
func mul12(x, y float64) (hi, lo float64) {
	xh, xl := split(x)
	yh, yl := split(y)
	p := float64(xh * yh)
	q := float64(xh*yl) + float64(xl*yh)
	z := p + q
	return z, p - z + q + float64(xl*yl)
}

// split is Veltkamp's split of x into 26 and 27 significant bits.
func split(x float64) (hi, lo float64) {
	t := float64(x * 134217729) // 2^27 + 1
	hi = t - (t - x)
	return hi, x - hi
}
