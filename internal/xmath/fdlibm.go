// Expm1, Log1p, Log10 and the hyperbolic functions, as glibc computes them: its versions of
// Sun's fdlibm (Copyright (C) 1993 by Sun Microsystems, Inc.; see NOTICE), with the
// polynomials regrouped the way glibc regroups them, and calling this package's Exp, Log,
// Expm1 and Log1p wherever glibc calls its own. glibc builds expm1 and log1p for x86-64 CPUs
// with FMA (__expm1_fma, __log1p_fma), so math.FMA stands wherever GCC contracts there;
// everything else is built without FMA, so every product that meets a sum is rounded first
// (float64(a*b)), which also keeps Go from fusing it on arm64 or GOAMD64=v3.

package xmath

import "math"

const (
	ln2Hi  = 0x1.62e42fee00000p-1 // 6.93147180369123816490e-01
	ln2Lo  = 0x1.a39ef35793c76p-33
	invLn2 = 0x1.71547652b82fep+0
	ln2    = 0x1.62e42fefa39efp-1

	expm1Q1 = -0x1.11111111110f4p-5
	expm1Q2 = 0x1.a01a019fe5585p-10
	expm1Q3 = -0x1.4ce199eaadbb7p-14
	expm1Q4 = 0x1.0cfca86e65239p-18
	expm1Q5 = -0x1.afdb76e09c32dp-23

	log1pLp1 = 0x1.5555555555593p-1
	log1pLp2 = 0x1.999999997fa04p-2
	log1pLp3 = 0x1.2492494229359p-2
	log1pLp4 = 0x1.c71c51d8e78afp-3
	log1pLp5 = 0x1.7466496cb03dep-3
	log1pLp6 = 0x1.39a09d078c69fp-3
	log1pLp7 = 0x1.2f112df3e5244p-3

	log10Ivln10  = 0x1.bcb7b1526e50ep-2
	log10Log2Hi  = 0x1.34413509f6000p-2
	log10Log2Lo  = 0x1.9fef311f12b36p-42
	shuge        = 1e307
	overflowBits = 0x408633ce8fb9f87d // the largest x with cosh(x) finite
)

// hiWord is the upper half of the bits of x.
func hiWord(x float64) uint32 { return uint32(math.Float64bits(x) >> 32) }

// withHiWord returns x with its upper 32 bits replaced.
func withHiWord(x float64, hi uint32) float64 {
	return math.Float64frombits(uint64(hi)<<32 | math.Float64bits(x)&0xffffffff)
}

// Expm1 returns e**x - 1, accurately also for x near zero.
func Expm1(x float64) float64 {
	hx := hiWord(x)
	neg := hx>>31 != 0
	hx &= 0x7fffffff
	if hx >= 0x4043687a { // |x| >= 56*ln2
		if hx >= 0x40862e42 {
			if hx >= 0x7ff00000 {
				if math.IsNaN(x) || !neg {
					return x + x
				}
				return -1
			}
			if x > 0x1.62e42fefa39efp+9 {
				return math.Inf(1)
			}
		}
		if neg {
			return -1
		}
	}
	var c float64
	var k int32
	switch {
	case hx > 0x3fd62e42: // |x| > ln2/2: reduce
		var hi, lo float64
		switch {
		case hx < 0x3ff0a2b2 && !neg:
			hi, lo, k = x-ln2Hi, ln2Lo, 1
		case hx < 0x3ff0a2b2:
			hi, lo, k = x+ln2Hi, -ln2Lo, -1
		default:
			half := 0.5
			if neg {
				half = -0.5
			}
			k = int32(float64(invLn2*x) + half)
			t := float64(k)
			hi = x - float64(t*ln2Hi) // exact
			lo = float64(t * ln2Lo)
		}
		x = hi - lo
		c = (hi - x) - lo
	case hx < 0x3c900000: // |x| < 2^-54
		return x
	}
	hfx := 0.5 * x
	hxs := float64(x * hfx)
	h2 := hxs * hxs
	r1 := math.FMA(h2*h2, math.FMA(hxs, expm1Q5, expm1Q4),
		math.FMA(h2, math.FMA(hxs, expm1Q3, expm1Q2), math.FMA(hxs, expm1Q1, 1)))
	t := math.FMA(-r1, hfx, 3)
	e := float64((r1 - t) / math.FMA(-x, t, 6) * hxs)
	if k == 0 {
		return x - math.FMA(e, x, -hxs)
	}
	e = math.FMA(e-c, x, -c) - hxs
	switch {
	case k == -1:
		return math.FMA(0.5, x-e, -0.5)
	case k == 1:
		if x < -0.25 {
			return -2 * (e - (x + 0.5))
		}
		return math.FMA(x-e, 2, 1)
	case k <= -2 || k > 56: // exp(x)-1 ~ exp(x)
		y := 1 - (e - x)
		y = math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
		return y - 1
	case k < 20:
		t := math.Float64frombits(uint64(0x3ff00000-(0x200000>>k)) << 32) // 1-2^-k
		y := t - (e - x)
		return math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
	}
	t = math.Float64frombits(uint64(0x3ff-k) << 52) // 2^-k
	y := x - (e + t) + 1
	return math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
}

// Log1p returns the natural logarithm of 1+x, accurately also for x near zero.
func Log1p(x float64) float64 {
	hx := int32(hiWord(x))
	ax := hx & 0x7fffffff
	k := int32(1)
	var f, c float64
	var hu int32
	if hx < 0x3fda827a { // 1+x < sqrt(2)
		if ax >= 0x3ff00000 { // x <= -1
			if x == -1 {
				return math.Inf(-1)
			}
			return math.NaN()
		}
		if ax < 0x3e200000 { // |x| < 2^-29
			if ax < 0x3c900000 {
				return x
			}
			return x - float64(x*x)*0.5
		}
		if hx > 0 || uint32(hx) <= 0xbfd2bec3 { // sqrt(2)/2 - 1 < x < sqrt(2) - 1
			k, f, hu = 0, x, 1
		}
	} else if hx >= 0x7ff00000 {
		return x + x
	}
	if k != 0 {
		u := x
		if hx < 0x43400000 { // |x| < 2^53: 1+x is inexact, so correct for its rounding error
			u = 1 + x
			hx = int32(hiWord(u))
			k = hx>>20 - 1023
			if k > 0 {
				c = 1 - (u - x)
			} else {
				c = x - (u - 1)
			}
			c /= u
		} else {
			k = hx>>20 - 1023
		}
		hu = hx & 0x000fffff
		if hu < 0x6a09e { // normalize u to [sqrt(2)/2, sqrt(2))
			u = withHiWord(u, uint32(hu|0x3ff00000))
		} else {
			k++
			u = withHiWord(u, uint32(hu|0x3fe00000))
			hu = (0x00100000 - hu) >> 2
		}
		f = u - 1
	}
	hfsq := float64(0.5 * f * f)
	kd := float64(k)
	if hu == 0 { // |f| < 2^-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			return math.FMA(kd, ln2Hi, math.FMA(kd, ln2Lo, c))
		}
		r := float64(math.FMA(-f, 0.66666666666666666, 1) * hfsq)
		if k == 0 {
			return f - r
		}
		return math.FMA(kd, ln2Hi, -((r - math.FMA(kd, ln2Lo, c)) - f))
	}
	s := f / (2 + f)
	z := s * s
	z2 := z * z
	z4 := z2 * z2
	r := math.FMA(z2*z4, math.FMA(z, log1pLp7, log1pLp6), math.FMA(z4, math.FMA(z, log1pLp5, log1pLp4),
		math.FMA(z, log1pLp1, z2*math.FMA(z, log1pLp3, log1pLp2))))
	sr := float64(s * (hfsq + r))
	if k == 0 {
		return f - (hfsq - sr)
	}
	return math.FMA(kd, ln2Hi, -((hfsq - (math.FMA(kd, ln2Lo, c) + sr)) - f))
}

// Log10 returns the decimal logarithm of x.
func Log10(x float64) float64 {
	ix := math.Float64bits(x)
	k := 0
	if int64(ix) < 0x0010000000000000 { // x < 2^-1022
		switch {
		case ix<<1 == 0:
			return math.Inf(-1)
		case ix>>63 != 0:
			return math.NaN()
		}
		k = -54
		ix = math.Float64bits(x * 0x1p54)
	}
	if ix >= 0x7ff0000000000000 {
		return x + x
	}
	k += int(ix>>52) - 1023
	i := uint64(k) >> 63
	y := float64(int64(k) + int64(i))
	x = math.Float64frombits(ix&(1<<52-1) | (0x3ff-i)<<52)
	z := float64(y*log10Log2Lo) + float64(log10Ivln10*Log(x))
	return z + float64(y*log10Log2Hi)
}

// Sinh returns the hyperbolic sine of x.
func Sinh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	h := 0.5
	if x < 0 {
		h = -0.5
	}
	ax := math.Abs(x)
	switch {
	case ix < 0x40360000: // |x| < 22
		if ix < 0x3e300000 { // |x| < 2^-28
			return x
		}
		t := Expm1(ax)
		if ix < 0x3ff00000 {
			return h * ((t + t) - float64(t*t)/(t+1))
		}
		return h * (t + t/(t+1))
	case ix < 0x40862e42: // |x| < log(MaxFloat64)
		return h * Exp(ax)
	case math.Float64bits(ax) <= overflowBits:
		w := Exp(0.5 * ax)
		return h * w * w
	}
	return x * shuge
}

// Cosh returns the hyperbolic cosine of x.
func Cosh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	ax := math.Abs(x)
	switch {
	case ix < 0x3fd62e43: // |x| <= ln2/2
		if ix < 0x3c800000 {
			return 1
		}
		t := Expm1(ax)
		w := t + 1
		return 1 + float64(t*t)/(w+w)
	case ix < 0x40360000: // |x| < 22
		t := Exp(ax)
		return float64(0.5*t) + 0.5/t
	case ix < 0x40862e42: // |x| < log(MaxFloat64)
		return 0.5 * Exp(ax)
	case math.Float64bits(ax) <= overflowBits:
		w := Exp(0.5 * ax)
		return 0.5 * w * w
	case ix >= 0x7ff00000:
		return x * x
	}
	return math.Inf(1)
}

// Tanh returns the hyperbolic tangent of x.
func Tanh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	if ix >= 0x7ff00000 {
		if x < 0 {
			return 1/x - 1
		}
		return 1/x + 1
	}
	var z float64
	switch {
	case x == 0:
		return x
	case ix < 0x3c800000: // |x| < 2^-55
		return x * (1 + x)
	case ix >= 0x40360000: // |x| >= 22
		z = 1
	case ix >= 0x3ff00000:
		z = 1 - 2/(Expm1(2*math.Abs(x))+2)
	default:
		t := Expm1(-2 * math.Abs(x))
		z = -t / (t + 2)
	}
	if x < 0 {
		return -z
	}
	return z
}

// Asinh returns the inverse hyperbolic sine of x.
func Asinh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	var w float64
	ax := math.Abs(x)
	switch {
	case ix < 0x3e300000: // |x| < 2^-28
		return x
	case ix > 0x41b00000: // |x| > 2^28
		if ix >= 0x7ff00000 {
			return x + x
		}
		w = Log(ax) + ln2
	case ix > 0x40000000: // 2 < |x| <= 2^28
		w = Log((ax + ax) + 1/(math.Sqrt(float64(x*x)+1)+ax))
	default:
		t := float64(x * x)
		w = Log1p(ax + t/(1+math.Sqrt(1+t)))
	}
	return math.Copysign(w, x)
}

// Acosh returns the inverse hyperbolic cosine of x.
func Acosh(x float64) float64 {
	ix := int64(math.Float64bits(x))
	switch {
	case ix <= 0x3ff0000000000000: // x <= 1
		if x == 1 {
			return 0
		}
		return math.NaN()
	case ix <= 0x4000000000000000: // 1 < x <= 2
		t := x - 1
		return Log1p(t + math.Sqrt((t+t)+float64(t*t)))
	case ix < 0x41b0000000000000: // 2 < x < 2^28
		return Log((x + x) - 1/(x+math.Sqrt(float64(x*x)-1)))
	case ix >= 0x7ff0000000000000:
		return x + x
	}
	return Log(x) + ln2
}

// Atanh returns the inverse hyperbolic tangent of x.
func Atanh(x float64) float64 {
	xa := math.Abs(x)
	var t float64
	switch {
	case xa < 0.5:
		if xa < 0x1p-28 {
			return x
		}
		t = xa + xa
		t = 0.5 * Log1p(t+float64(xa*t)/(1-xa))
	case xa < 1:
		t = 0.5 * Log1p((xa+xa)/(1-xa))
	case xa == 1:
		return math.Copysign(math.Inf(1), x)
	default:
		return math.NaN()
	}
	return math.Copysign(t, x)
}
