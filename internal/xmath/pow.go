// Pow: a port of ARM optimized-routines' math/pow.c (2018, MIT licence; see NOTICE), the code
// glibc has used since 2.28, with math.FMA exactly where GCC contracts in glibc's x86-64 FMA
// build (__pow_fma) and float64(a*b) where it does not.

package xmath

import "math"

const (
	powLn2Hi = 0x1.62e42fefa3800p-1
	powLn2Lo = 0x1.ef35793c76730p-45
	powA0    = -0x1p-1
	powA1    = -0x1.5555555555560p-1
	powA2    = 0x1.0000000000006p-1
	powA3    = 0x1.999999959554ep-1
	powA4    = -0x1.555555529a47ap-1
	powA5    = -0x1.2495b9b4845e9p+0
	powA6    = 0x1.0002b8b263fc3p+0
)

// Pow returns x**y, with the special cases of C99 (and Go's math.Pow).
func Pow(x, y float64) float64 {
	var signBias uint64
	ix := math.Float64bits(x)
	iy := math.Float64bits(y)
	topx := top12(x)
	topy := top12(y)
	if topx-0x001 >= 0x7ff-0x001 || (topy&0x7ff)-0x3be >= 0x43e-0x3be {
		// x is subnormal, zero, negative, infinite or NaN, or |y| < 2^-65 or |y| >= 2^63.
		if zeroInfNaN(iy) {
			switch {
			case iy<<1 == 0:
				return 1
			case ix == 0x3ff0000000000000:
				return 1
			case ix<<1 > 0x7ff0000000000000<<1 || iy<<1 > 0x7ff0000000000000<<1:
				return x + y
			case ix<<1 == 0x3ff0000000000000<<1:
				return 1
			case (ix<<1 < 0x3ff0000000000000<<1) == (iy>>63 == 0):
				return 0 // |x| < 1 and y == +Inf, or |x| > 1 and y == -Inf
			}
			return y * y
		}
		if zeroInfNaN(ix) {
			x2 := x * x
			if ix>>63 != 0 && checkInt(iy) == 1 {
				x2 = -x2
			}
			if iy>>63 != 0 {
				return 1 / x2
			}
			return x2
		}
		// x and y are finite and non-zero.
		if ix>>63 != 0 {
			switch checkInt(iy) {
			case 0:
				return math.NaN()
			case 1:
				signBias = expSignBias
			}
			ix &= 1<<63 - 1
			topx &= 0x7ff
		}
		if (topy&0x7ff)-0x3be >= 0x43e-0x3be {
			// y is even here if x < 0.
			if ix == 0x3ff0000000000000 {
				return 1
			}
			if topy&0x7ff < 0x3be { // |y| < 2^-65: x^y ~= 1 + y*log(x)
				if ix > 0x3ff0000000000000 {
					return 1 + y
				}
				return 1 - y
			}
			if (ix > 0x3ff0000000000000) == (topy < 0x800) {
				return math.Inf(1)
			}
			return 0
		}
		if topx == 0 { // subnormal x: normalize, keeping a negative exponent
			ix = math.Float64bits(x*0x1p52)&(1<<63-1) - 52<<52
		}
	}
	hi, lo := powLog(ix)
	ehi := float64(y * hi)
	elo := math.FMA(y, lo, math.FMA(y, hi, -ehi))
	abstop := top12(ehi) & 0x7ff
	if abstop-0x3c9 >= 0x408-0x3c9 {
		if int32(abstop-0x3c9) < 0 {
			if signBias != 0 {
				return -(1 + ehi)
			}
			return 1 + ehi
		}
		if abstop >= 0x409 {
			r := math.Inf(1)
			if ehi < 0 {
				r = 0
			}
			if signBias != 0 {
				return -r
			}
			return r
		}
		return expTail(ehi, elo, true, signBias)
	}
	return expTail(ehi, elo, false, signBias)
}

// zeroInfNaN reports whether i is the bit pattern of ±0, ±Inf or a NaN.
func zeroInfNaN(i uint64) bool { return 2*i-1 >= 2*0x7ff0000000000000-1 }

// checkInt returns 0 if the finite non-zero float with bits iy is not an integer, 1 if it is
// an odd one and 2 if an even one.
func checkInt(iy uint64) int {
	e := int(iy >> 52 & 0x7ff)
	switch {
	case e < 0x3ff:
		return 0
	case e > 0x3ff+52:
		return 2
	case iy&(1<<(0x3ff+52-e)-1) != 0:
		return 0
	case iy&(1<<(0x3ff+52-e)) != 0:
		return 1
	}
	return 2
}

// powLog returns hi+lo = log(x) for the bits ix of x > 0, normalized if subnormal, with
// about 15 bits more than double precision.
func powLog(ix uint64) (hi, lo float64) {
	// x = 2^k z with z in [OFF, 2*OFF); log(x) = k*ln2 + log(c) + log1p(z/c-1), where 1/c
	// has so few bits that r = z/c-1 is exact.
	tmp := ix - 0x3fe6955500000000
	i := (tmp >> 45) % 128
	kd := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	t := &powLogTab[i]
	r := math.FMA(z, t[0], -1)
	t1 := math.FMA(kd, powLn2Hi, t[1])
	t2 := t1 + r
	lo1 := math.FMA(kd, powLn2Lo, t[2])
	lo2 := t1 - t2 + r
	ar := powA0 * r // exact
	ar2 := float64(r * ar)
	ar3 := r * ar2
	h := t2 + ar2
	lo3 := math.FMA(ar, r, -ar2)
	lo4 := t2 - h + ar2
	p := math.FMA(ar2, math.FMA(math.FMA(r, powA6, powA5), ar2, math.FMA(r, powA4, powA3)), math.FMA(r, powA2, powA1))
	l := math.FMA(ar3, p, lo1+lo2+lo3+lo4)
	hi = h + l
	return hi, h - hi + l
}
