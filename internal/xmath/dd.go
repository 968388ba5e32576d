// Double-double arithmetic for the correctly rounded functions: a value is an unevaluated
// sum hi+lo with |lo| <= ulp(hi)/2, so about 106 bits. The error-free transformations are
// written with float64(a*b) wherever a product meets a sum, so that the compiler never
// fuses what they need rounded.

package xmath

import "math"

// fastTwoSum returns s+e = a+b exactly, with s = fl(a+b), for |a| >= |b| or a == 0.
func fastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	return s, (a - s) + b
}

// twoSum returns s+e = a+b exactly, with s = fl(a+b).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

// twoProd returns p+e = a*b exactly (barring underflow), with p = fl(a*b).
func twoProd(a, b float64) (p, e float64) {
	p = float64(a * b)
	return p, math.FMA(a, b, -p)
}

// ddAdd returns (ah+al) + (bh+bl), with relative error about 2^-104 unless the sum cancels.
func ddAdd(ah, al, bh, bl float64) (float64, float64) {
	s, e := twoSum(ah, bh)
	return fastTwoSum(s, e+al+bl)
}

// ddMul returns (ah+al) * (bh+bl), with relative error below 2^-102.
func ddMul(ah, al, bh, bl float64) (float64, float64) {
	p, e := twoProd(ah, bh)
	return fastTwoSum(p, math.FMA(ah, bl, math.FMA(al, bh, e)))
}

// ddDiv returns (ah+al) / (bh+bl), with relative error below 2^-101.
func ddDiv(ah, al, bh, bl float64) (float64, float64) {
	q := ah / bh
	p, e := twoProd(q, bh)
	r := (ah - p - e + al - float64(q*bl)) / bh
	return fastTwoSum(q, r)
}

// ddSqrt returns sqrt(ah+al) for ah > 0, with relative error below 2^-102.
func ddSqrt(ah, al float64) (float64, float64) {
	s := math.Sqrt(ah)
	p, e := twoProd(s, s)
	return fastTwoSum(s, (ah-p-e+al)/(2*s))
}

// roundDD returns hi+lo rounded to float64, and whether that is also the correctly rounded
// value of every number within eps*|hi| of hi+lo; when it is not, the caller must
// compute more precisely (Ziv's strategy).
func roundDD(hi, lo, eps float64) (float64, bool) {
	e := eps * math.Abs(hi)
	r := hi + (lo - e)
	return r, r == hi+(lo+e)
}
