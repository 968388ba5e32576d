// Cbrt, correctly rounded. glibc's cbrt (LGPL) is not: it is off by an ulp for about half of
// all arguments, and CPython's math.cbrt prints what it returns, so here Cbrt and CPython
// disagree on about half of all inputs; matching them would mean porting glibc's code. The
// method: Go's math.Cbrt as a first approximation y, one Newton step y + (x - y^3)/(3y^2)
// with the residual in double-double, and Ziv's rounding test with a slow path in math/big.

package xmath

import "math"

// cbrtEps bounds the relative error of the Newton step (about 2^-100).
const cbrtEps = 0x1p-90

// Cbrt returns the cube root of x, correctly rounded.
func Cbrt(x float64) float64 {
	ax := math.Abs(x)
	if ax == 0 || ax > math.MaxFloat64 || x != x {
		return x
	}
	// Keep y^3 and its rounding error normal: cbrt(x*2^162) = cbrt(x)*2^54.
	scale := 1.0
	switch {
	case ax < 0x1p-900:
		ax *= 0x1p162
		scale = 0x1p-54
	case ax > 0x1p900:
		ax *= 0x1p-162
		scale = 0x1p54
	}
	y := math.Cbrt(ax)
	// x - y^3, exactly but for the rounding of the last product.
	ph, pl := twoProd(y, y)
	qh, ql := twoProd(ph, y)
	res := ax - qh - ql - float64(pl*y) // ax - qh is exact: they are within a few ulps
	h, l := fastTwoSum(y, res/(3*ph))
	r, ok := roundDD(h, l, cbrtEps)
	if !ok {
		r = cbrtSlow(ax)
	}
	return math.Copysign(r*scale, x)
}
