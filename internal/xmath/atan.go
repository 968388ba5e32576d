// Atan, Atan2, Asin and Acos, correctly rounded. Like Sin, they cannot follow glibc's
// (IBM's, LGPL, and no longer correctly rounded either) to the last bit; the method is our
// own: everything reduces to atan(t) for 0 <= t <= 1 in double-double, from
// a table of atan(i/64) and atan((t-c)/(1+t*c)) = atan(t) - atan(c) with a short Taylor
// polynomial, then Ziv's rounding test with a slow path in math/big.

package xmath

import "math"

const (
	// atanFastEps bounds the relative error of atanFast, atanEps that of the double-double
	// arctangents (about 2^-83).
	atanFastEps = 0x1p-62
	atanEps     = 0x1p-74

	thirdHi = -0x1.5555555555555p-2 // -1/3 = thirdHi + thirdLo
	thirdLo = -0x1.5555555555555p-56
)

// atanKernel returns atan(th+tl) in double-double, for 0 <= th <= 1.
func atanKernel(th, tl float64) (float64, float64) {
	i := int(th*64 + 0.5)
	uh, ul := th, tl
	if i != 0 {
		// atan(t) = atan(c) + atan(u) with u = (t-c)/(1+t*c), |u| <= 1/128.
		c := float64(i) / 64
		nh, nl := twoSum(th-c, tl) // th - c is exact
		ph, pl := twoProd(th, c)
		dh, dl := fastTwoSum(1, ph)
		uh, ul = ddDiv(nh, nl, dh, dl+math.FMA(tl, c, pl))
	}
	// atan(u) = u - u^3/3 + u^5*(1/5 - u^2/7 + ...)
	u2h, u2l := ddMul(uh, ul, uh, ul)
	u3h, u3l := ddMul(u2h, u2l, uh, ul)
	v1h, v1l := ddMul(u3h, u3l, thirdHi, thirdLo)
	z := u2h
	v2 := float64(u3h*z) * (1.0/5 + z*(-1.0/7+z*(1.0/9+z*(-1.0/11+z*(1.0/13)))))
	h, l := ddAdd(uh, ul, v1h, v1l+v2)
	if i != 0 {
		return ddAdd(atanTab[i][0], atanTab[i][1], h, l)
	}
	return h, l
}

// atanFast is atanKernel with relative error below 2^-65: u in double-double but its
// polynomial in plain float64.
func atanFast(th, tl float64) (float64, float64) {
	i := int(th*64 + 0.5)
	if i == 0 {
		z := float64(th * th)
		p := float64(th*z) * (-1.0/3 + z*(1.0/5+z*(-1.0/7+z*(1.0/9+z*(-1.0/11+z*(1.0/13))))))
		return fastTwoSum(th, tl+p)
	}
	c := float64(i) / 64
	n := th - c // exact
	ph, pl := twoProd(th, c)
	dh, dl := fastTwoSum(1, ph)
	dl += pl + float64(tl*c)
	q := n / dh
	r := (math.FMA(-q, dh, n) + tl - float64(q*dl)) / dh // u = q + r
	z := float64(q * q)
	p := float64(q*z) * (-1.0/3 + z*(1.0/5+z*(-1.0/7+z*(1.0/9+z*(-1.0/11+z*(1.0/13))))))
	s, se := twoSum(atanTab[i][0], q)
	return fastTwoSum(s, se+atanTab[i][1]+r+p)
}

// atanRatio returns atan((yh+yl)/(xh+xl)) in double-double, for positive double-doubles
// whose ratio is between 2^-62 and 2^62, with relative error below atanFastEps, or, if
// precise, atanEps.
func atanRatio(yh, yl, xh, xl float64, precise bool) (float64, float64) {
	kernel := atanFast
	if precise {
		kernel = atanKernel
	}
	if yh <= xh {
		return kernel(ddDiv(yh, yl, xh, xl))
	}
	h, l := kernel(ddDiv(xh, xl, yh, yl))
	return ddAdd(pio2Hi, pio2Mid, -h, -l)
}

// atanRounded rounds the angle that f returns in double-double, first from its fast stage
// and then from its precise one; ok is false if neither settles the rounding.
func atanRounded(f func(precise bool) (float64, float64)) (r float64, ok bool) {
	h, l := f(false)
	if r, ok = roundDD(h, l, atanFastEps); ok {
		return r, true
	}
	h, l = f(true)
	return roundDD(h, l, atanEps)
}

// Atan returns the arctangent of x, correctly rounded.
func Atan(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case ax < 0x1p-27: // atan x = x - x^3/3 rounds to x (also for ±0)
		return x
	case ax >= 0x1p54: // pi/2 - 1/x rounds to pi/2 (also for ±Inf)
		return math.Copysign(pio2Hi, x)
	case x != x:
		return x
	}
	th, tl := ax, 0.0
	if ax > 1 { // atan x = pi/2 - atan(1/x)
		th = 1 / ax
		tl = math.FMA(-th, ax, 1) / ax
	}
	r, ok := atanRounded(func(precise bool) (float64, float64) {
		kernel := atanFast
		if precise {
			kernel = atanKernel
		}
		h, l := kernel(th, tl)
		if ax > 1 {
			return ddAdd(pio2Hi, pio2Mid, -h, -l)
		}
		return h, l
	})
	if !ok {
		r = atan2Slow(ax, 1)
	}
	return math.Copysign(r, x)
}

// Atan2 returns the arctangent of y/x, using the signs of both to find the quadrant,
// correctly rounded, with the special cases of C99 (and Go's math.Atan2).
func Atan2(y, x float64) float64 {
	switch {
	case y != y || x != x:
		return math.NaN()
	case y == 0:
		if math.Signbit(x) {
			return math.Copysign(piHi, y)
		}
		return math.Copysign(0, y)
	case x == 0:
		return math.Copysign(pio2Hi, y)
	case math.IsInf(x, 0):
		switch {
		case math.IsInf(y, 0) && x > 0:
			return math.Copysign(math.Pi/4, y)
		case math.IsInf(y, 0):
			return math.Copysign(3*math.Pi/4, y)
		case x > 0:
			return math.Copysign(0, y)
		}
		return math.Copysign(piHi, y)
	case math.IsInf(y, 0):
		return math.Copysign(pio2Hi, y)
	}
	ay, ax := math.Abs(y), math.Abs(x)
	_, ey := math.Frexp(ay)
	_, ex := math.Frexp(ax)
	var r float64
	switch {
	case ey-ex > 60: // |y/x| > 2^59: pi/2 ± |x/y| rounds to pi/2
		r = pio2Hi
	case ey-ex < -60 && x < 0: // pi - |y/x| rounds to pi
		r = piHi
	case ey-ex < -60: // atan(q) = q - q^3/3 rounds as q, unless q is subnormal
		r = ay / ax
		if r < 0x1p-1022 {
			r = atan2Slow(ay, ax)
		}
	default:
		// Scale both to near 1, where nothing overflows or underflows.
		sy, sx := math.Ldexp(ay, -ex), math.Ldexp(ax, -ex)
		var ok bool
		r, ok = atanRounded(func(precise bool) (float64, float64) {
			h, l := atanRatio(sy, 0, sx, 0, precise)
			if x < 0 {
				return ddAdd(piHi, piLo, -h, -l)
			}
			return h, l
		})
		if !ok {
			r = atan2Slow(ay, x)
		}
	}
	return math.Copysign(r, y)
}

// sqrt1m returns sqrt(1-x*x) in double-double, for 0 <= x < 1.
func sqrt1m(x float64) (float64, float64) {
	var dh, dl float64
	if x >= 0.5 { // (1-x)*(1+x), with 1-x exact
		sh, sl := twoSum(1, x)
		dh, dl = ddMul(1-x, 0, sh, sl)
	} else {
		ph, pl := twoProd(x, x)
		s, e := twoSum(1, -ph)
		dh, dl = fastTwoSum(s, e-pl)
	}
	return ddSqrt(dh, dl)
}

// Asin returns the arcsine of x, correctly rounded.
func Asin(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case ax < 0x1p-26: // asin x = x + x^3/6 rounds to x (also for ±0)
		return x
	case ax == 1:
		return math.Copysign(pio2Hi, x)
	case !(ax < 1):
		return math.NaN()
	}
	sh, sl := sqrt1m(ax)
	r, ok := atanRounded(func(precise bool) (float64, float64) {
		return atanRatio(ax, 0, sh, sl, precise) // asin x = atan(x/sqrt(1-x^2))
	})
	if !ok {
		r = asinSlow(ax, false)
	}
	return math.Copysign(r, x)
}

// Acos returns the arccosine of x, correctly rounded.
func Acos(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case x == 1:
		return 0
	case x == -1:
		return piHi
	case !(ax < 1):
		return math.NaN()
	}
	sh, sl := sqrt1m(ax)
	r, ok := atanRounded(func(precise bool) (float64, float64) {
		h, l := atanRatio(sh, sl, ax, 0, precise) // acos x = atan(sqrt(1-x^2)/x)
		if x < 0 {
			return ddAdd(piHi, piLo, -h, -l)
		}
		return h, l
	})
	if !ok {
		r = asinSlow(x, true)
	}
	return r
}
