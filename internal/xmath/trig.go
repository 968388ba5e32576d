// Sin, Cos and Tan, correctly rounded. glibc's versions (IBM's Accurate Mathematical
// Library, LGPL) lost their multi-precision slow paths and with them correct rounding, so on
// about one argument in a thousand CPython's result is the other neighbour of the true
// value; matching that would mean porting LGPL code. The method here is our own: Cody and
// Waite's reduction below 2^20 and Payne and Hanek's above, both to about 2^-80 relative;
// sin and cos of the reduced argument from a table of sin(i/64) and cos(i/64) in
// double-double and short Taylor polynomials; then Ziv's rounding test, with a slow path in
// math/big for the few results it cannot settle.

package xmath

import (
	"math"
	"math/bits"
)

const (
	pio2Hi  = 0x1.921fb54442d18p+0 // pi/2 = pio2Hi + pio2Mid + pio2Lo
	pio2Mid = 0x1.1a62633145c07p-54
	pio2Lo  = -0x1.f1976b7ed8fbcp-110
	piHi    = 0x1.921fb54442d18p+1 // pi = piHi + piLo
	piLo    = 0x1.1a62633145c07p-53

	// trigFastEps bounds the relative error of sinCosFast, and of a quotient of its results
	// (2^-65.5 at most in tests of millions of arguments); trigEps that of the double-double
	// sin, cos and tan (reduction about 2^-80, evaluation about 2^-84).
	trigFastEps = 0x1p-61
	trigEps     = 0x1p-72

	sixthHi = -0x1.5555555555555p-3 // -1/6 = sixthHi + sixthLo
	sixthLo = -0x1.5555555555555p-57
)

// reduce returns x = k*pi/2 + (rh+rl) with |rh+rl| <= pi/4 (plus an ulp or so), for
// pi/4 <= x < Inf.
func reduce(x float64) (k uint, rh, rl float64) {
	if x >= 0x1p20 {
		return payneHanek(x)
	}
	// x - kd*pio2Hi is exact below 2^20, and kd*pio2Mid is split exactly, so the only errors
	// are in the tail, far below the smallest |x - k*pi/2| of any float64 (about 2^-61).
	kd := math.RoundToEven(float64(x * (2 / math.Pi)))
	r1 := math.FMA(-kd, pio2Hi, x)
	ph, pl := twoProd(kd, pio2Mid)
	s, e := twoSum(r1, -ph)
	rh, rl = fastTwoSum(s, e-pl-float64(kd*pio2Lo))
	return uint(kd) & 3, rh, rl
}

// payneHanek is reduce for x >= 2^20: it multiplies the 53-bit significand of x by the 320
// bits of 2/pi that matter for it, exactly, and keeps 128 significant bits of the fraction.
func payneHanek(x float64) (k uint, rh, rl float64) {
	b := math.Float64bits(x)
	e := int(b>>52&0x7ff) - 1075 // x = m * 2^e
	m := b&(1<<52-1) | 1<<52
	// Words before j0 contribute multiples of 4 to x*2/pi, and so nothing to the result.
	j0 := 0
	if e > 2 {
		j0 = (e - 2) / 64
	}
	var p [6]uint64 // m * twoOverPi[j0:j0+5], most significant word first
	var carry uint64
	for i := 4; i >= 0; i-- {
		hi, lo := bits.Mul64(m, twoOverPi[j0+i])
		var c uint64
		p[i+1], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	p[0] = carry
	// p has sh fraction bits; move them to the top of f.
	sh := 64*(j0+5) - e
	k = uint(shr384(p, sh)) & 3
	f := shl384(p, 384-sh)
	neg := f[0]>>63 != 0
	if neg { // fraction >= 1/2: round k up and take 1 - fraction
		k++
		var c uint64
		for i := 5; i >= 0; i-- {
			f[i], c = bits.Sub64(0, f[i], c)
		}
	}
	// Normalize and convert the leading 117 bits to double-double.
	lz := 0
	for f[0] == 0 {
		f = [6]uint64{f[1], f[2], f[3], f[4], f[5], 0}
		lz += 64
	}
	s := bits.LeadingZeros64(f[0])
	lz += s
	hi, lo := f[0], f[1]
	if s > 0 {
		hi, lo = hi<<s|lo>>(64-s), lo<<s|f[2]>>(64-s)
	}
	fh := math.Ldexp(float64(hi>>11), -53-lz)
	fl := math.Ldexp(float64(hi&0x7ff<<53|lo>>11), -117-lz)
	rh, rl = ddMul(fh, fl, pio2Hi, pio2Mid)
	if neg {
		rh, rl = -rh, -rl
	}
	return k & 3, rh, rl
}

// shr384 returns the low 64 bits of p >> s, for 0 < s < 384, p most significant word first.
func shr384(p [6]uint64, s int) uint64 {
	i := 5 - s/64
	r := p[i] >> (s % 64)
	if s%64 != 0 && i > 0 {
		r |= p[i-1] << (64 - s%64)
	}
	return r
}

// shl384 returns p << s, truncated to 384 bits, for 0 < s < 384.
func shl384(p [6]uint64, s int) [6]uint64 {
	var r [6]uint64
	w, bs := s/64, uint(s%64)
	for i := 0; i+w < 6; i++ {
		r[i] = p[i+w] << bs
		if bs != 0 && i+w+1 < 6 {
			r[i] |= p[i+w+1] >> (64 - bs)
		}
	}
	return r
}

// sinCosKernel returns sin(r) if !cosine, else cos(r), in double-double, for r = rh+rl with
// 0 <= rh <= pi/4 + 2^-40.
func sinCosKernel(rh, rl float64, cosine bool) (float64, float64) {
	// r = a + t with a = i/64 and |t| <= 1/128: sin(a+t) = Sa cos t + Ca sin t.
	i := int(rh*64 + 0.5)
	th, tl := twoSum(rh-float64(i)/64, rl) // rh - i/64 is exact
	t2h, t2l := ddMul(th, tl, th, tl)
	t3h, t3l := ddMul(t2h, t2l, th, tl)
	z := t2h
	// sin t - t = -t^3/6 + t^5*(1/120 - ...); cos t - 1 = -t^2/2 + t^4*(1/24 - ...).
	v1h, v1l := ddMul(t3h, t3l, sixthHi, sixthLo)
	v2 := float64(t3h*z) * (1.0/120 + z*(-1.0/5040+z*(1.0/362880)))
	sh, sl := ddAdd(th, tl, v1h, v1l+v2)
	w := float64(z*z) * (1.0/24 + z*(-1.0/720+z*(1.0/40320)))
	ch, cl := fastTwoSum(-0.5*t2h, -0.5*t2l+w)
	if i == 0 {
		if cosine {
			return ddAdd(1, 0, ch, cl)
		}
		return sh, sl
	}
	tab := &sinCosTab[i]
	if cosine { // Ca + Ca*(cos t - 1) - Sa*sin t
		ph, pl := ddMul(tab[2], tab[3], ch, cl)
		qh, ql := ddMul(tab[0], tab[1], sh, sl)
		ph, pl = ddAdd(ph, pl, -qh, -ql)
		return ddAdd(tab[2], tab[3], ph, pl)
	}
	// Sa + Sa*(cos t - 1) + Ca*sin t
	ph, pl := ddMul(tab[0], tab[1], ch, cl)
	qh, ql := ddMul(tab[2], tab[3], sh, sl)
	ph, pl = ddAdd(ph, pl, qh, ql)
	return ddAdd(tab[0], tab[1], ph, pl)
}

// sinCosFast returns sin(r) and cos(r) for r = rh+rl with 0 <= rh <= pi/4 + 2^-40, each
// as an unevaluated sum with relative error below 2^-64 (trigFastEps): the table's entries
// and the products Ca*t and Sa*t exactly, the rest in plain float64, which is all it takes
// for all but about one result in a hundred to round correctly.
func sinCosFast(rh, rl float64) (sh, sl, ch, cl float64) {
	i := int(rh*64 + 0.5)
	t := rh - float64(i)/64 // exact
	z := float64(t * t)
	// v ~ sin t - t and u ~ cos t - 1, including rl's first-order effect on u.
	v := float64(t*z) * (-1.0/6 + z*(1.0/120+z*(-1.0/5040+z*(1.0/362880))))
	u := float64(z*(-0.5+z*(1.0/24+z*(-1.0/720+z*(1.0/40320))))) - float64(t*rl)
	if i == 0 {
		sh, sl = fastTwoSum(t, rl+float64(rl*u)+v)
		ch, cl = fastTwoSum(1, u)
		return sh, sl, ch, cl
	}
	e := &sinCosTab[i]
	// sin(a+t) = Sa + Ca*t + Sa*u + Ca*v; cos(a+t) = Ca - Sa*t + Ca*u - Sa*v.
	p, pe := twoProd(e[2], t)
	s, se := twoSum(e[0], p)
	sh, sl = fastTwoSum(s, se+pe+e[1]+float64(e[2]*rl)+float64(e[3]*t)+float64(e[0]*u)+float64(e[2]*v))
	p, pe = twoProd(e[0], t)
	s, se = twoSum(e[2], -p)
	ch, cl = fastTwoSum(s, se-pe+e[3]-float64(e[0]*rl)-float64(e[1]*t)+float64(e[2]*u)-float64(e[0]*v))
	return sh, sl, ch, cl
}

// sinCos returns sin(x) if !cosine, else cos(x), rounded, for 0 <= x < Inf.
func sinCos(x float64, cosine bool) float64 {
	var k uint
	rh, rl := x, 0.0
	if x > math.Pi/4 {
		k, rh, rl = reduce(x)
	}
	if cosine {
		k++
	}
	// sin(r + k*pi/2), with cos as sin shifted by a quadrant.
	neg := k&2 != 0
	if rh < 0 {
		rh, rl = -rh, -rl
		neg = neg != (k&1 == 0)
	}
	sh, sl, ch, cl := sinCosFast(rh, rl)
	if k&1 != 0 {
		sh, sl = ch, cl
	}
	r, ok := roundDD(sh, sl, trigFastEps)
	if !ok {
		h, l := sinCosKernel(rh, rl, k&1 != 0)
		if r, ok = roundDD(h, l, trigEps); !ok {
			if cosine {
				return trigSlow(x, 1)
			}
			return trigSlow(x, 0)
		}
	}
	if neg {
		return -r
	}
	return r
}

// Sin returns the sine of x, correctly rounded.
func Sin(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case ax < 0x1p-26: // sin x = x - x^3/6 rounds to x (also for ±0)
		return x
	case ax > math.MaxFloat64 || x != x:
		return math.NaN()
	}
	if x < 0 {
		return -sinCos(ax, false)
	}
	return sinCos(ax, false)
}

// Cos returns the cosine of x, correctly rounded.
func Cos(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case ax < 0x1p-27: // cos x = 1 - x^2/2 rounds to 1
		return 1
	case ax > math.MaxFloat64 || x != x:
		return math.NaN()
	}
	return sinCos(ax, true)
}

// Tan returns the tangent of x, correctly rounded.
func Tan(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case ax < 0x1p-27: // tan x = x + x^3/3 rounds to x (also for ±0)
		return x
	case ax > math.MaxFloat64 || x != x:
		return math.NaN()
	}
	var k uint
	rh, rl := ax, 0.0
	if ax > math.Pi/4 {
		k, rh, rl = reduce(ax)
	}
	neg := rh < 0
	if neg {
		rh, rl = -rh, -rl
	}
	tan := func(sh, sl, ch, cl float64) (float64, float64) {
		if k&1 == 0 {
			return ddDiv(sh, sl, ch, cl)
		}
		return ddDiv(-ch, -cl, sh, sl)
	}
	h, l := tan(sinCosFast(rh, rl))
	r, ok := roundDD(h, l, trigFastEps)
	if !ok {
		sh, sl := sinCosKernel(rh, rl, false)
		ch, cl := sinCosKernel(rh, rl, true)
		h, l = tan(sh, sl, ch, cl)
		r, ok = roundDD(h, l, trigEps)
	}
	switch {
	case !ok:
		r = trigSlow(ax, 2)
	case neg:
		r = -r
	}
	if x < 0 {
		return -r
	}
	return r
}
