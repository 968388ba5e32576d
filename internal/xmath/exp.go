// Exp, Exp2 and the exponential core that Pow shares: ports of ARM optimized-routines'
// math/exp.c and math/exp2.c (2018, MIT licence; see NOTICE), the code glibc has used since
// 2.28. Every math.FMA below stands where GCC contracts a multiply-add in glibc's x86-64 FMA
// build of exp (__exp_fma, picked on any CPU with FMA and AVX2); every float64(a*b) stands
// where it does not. glibc builds exp2 without FMA, so Exp2 has no math.FMA at all. Moving
// either changes the last bit of about one result in ten thousand.

package xmath

import "math"

const (
	expInvLn2N   = 0x1.71547652b82fep+7 // 128/ln2
	expNegLn2HiN = -0x1.62e42fefa0000p-8
	expNegLn2LoN = -0x1.cf79abc9e3b3ap-47
	expShift     = 0x1.8p52
	expC2        = 0x1.ffffffffffdbdp-2
	expC3        = 0x1.555555555543cp-3
	expC4        = 0x1.55555cf172b91p-5
	expC5        = 0x1.1111167a4d017p-7

	exp2Shift = 0x1.8p45 // 0x1.8p52/128
	exp2C1    = 0x1.62e42fefa39efp-1
	exp2C2    = 0x1.ebfbdff82c424p-3
	exp2C3    = 0x1.c6b08d70cf4b5p-5
	exp2C4    = 0x1.3b2abd24650ccp-7
	exp2C5    = 0x1.5d7e09b4e3a84p-10
)

// top12 is the sign and exponent field of x.
func top12(x float64) uint32 { return uint32(math.Float64bits(x) >> 52) }

// Exp returns e**x.
func Exp(x float64) float64 {
	abstop := top12(x) & 0x7ff
	if abstop-0x3c9 >= 0x408-0x3c9 { // |x| < 0x1p-54 or |x| >= 512 or not finite
		if int32(abstop-0x3c9) < 0 {
			return 1 + x
		}
		if abstop >= 0x409 {
			switch {
			case x == math.Inf(-1):
				return 0
			case abstop >= 0x7ff:
				return 1 + x
			case x < 0:
				return 0
			}
			return math.Inf(1)
		}
		abstop = 0 // the result may overflow or be subnormal
	}
	return expTail(x, 0, abstop == 0, 0)
}

// expTail returns ±e**(x+xtail), for |xtail| < 2^-15 and |x| < 1024, with the sign bit
// set when signBias is expSignBias. near says the result may overflow or be subnormal.
func expTail(x, xtail float64, near bool, signBias uint64) float64 {
	// exp(x) = 2^(k/128) * exp(r), with |r| <= ln2/256.
	kd := math.FMA(x, expInvLn2N, expShift)
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2LoN, math.FMA(kd, expNegLn2HiN, x)) + xtail
	idx := 2 * (ki % 128)
	tail := math.Float64frombits(expTab[idx])
	sbits := expTab[idx+1] + (ki+signBias)<<45
	r2 := r * r
	tmp := math.FMA(r2*r2, math.FMA(r, expC5, expC4), math.FMA(math.FMA(r, expC3, expC2), r2, tail+r))
	if near {
		return expSpecial(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return math.FMA(scale, tmp, scale)
}

// expSignBias, added to k, flips the sign bit of the scale.
const expSignBias = 0x800 << 7

// expSpecial computes scale*(1+tmp) when it may overflow or be subnormal; sbits holds the
// bits of scale with an exponent that may have wrapped.
func expSpecial(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		// k > 0: the exponent of scale may have overflowed by up to 460.
		sbits -= 1009 << 52
		scale := math.Float64frombits(sbits)
		return 0x1p1009 * math.FMA(scale, tmp, scale)
	}
	// k < 0: round to 53 bits before scaling into the subnormal range, or the result would
	// be rounded twice.
	sbits += 1022 << 52
	scale := math.Float64frombits(sbits)
	st := float64(scale * tmp)
	y := scale + st
	if math.Abs(y) < 1 {
		one := 1.0
		if y < 0 {
			one = -1
		}
		lo := scale - y + st
		hi := one + y
		lo = one - hi + y + lo
		y = (hi + lo) - one
		if y == 0 {
			y = math.Float64frombits(sbits & (1 << 63))
		}
	}
	return 0x1p-1022 * y
}

// Exp2 returns 2**x.
func Exp2(x float64) float64 {
	ix := math.Float64bits(x)
	abstop := top12(x) & 0x7ff
	if abstop-0x3c9 >= 0x408-0x3c9 {
		if int32(abstop-0x3c9) < 0 {
			return 1 + x
		}
		if abstop >= 0x409 {
			switch {
			case x == math.Inf(-1):
				return 0
			case abstop >= 0x7ff:
				return 1 + x
			case ix>>63 == 0:
				return math.Inf(1)
			case ix >= 0xc090cc0000000000: // x <= -1075
				return 0
			}
		}
		if 2*ix > 2*0x408d000000000000 { // |x| > 928
			abstop = 0
		}
	}
	// 2^x = 2^(k/128) * 2^r, with |r| <= 1/256.
	kd := x + exp2Shift
	ki := math.Float64bits(kd)
	kd -= exp2Shift
	r := x - kd
	idx := 2 * (ki % 128)
	tail := math.Float64frombits(expTab[idx])
	sbits := expTab[idx+1] + ki<<45
	r2 := r * r
	tmp := tail + float64(r*exp2C1) + float64(r2*(exp2C2+float64(r*exp2C3))) + float64(r2*r2*(exp2C4+float64(r*exp2C5)))
	if abstop == 0 {
		return exp2Special(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return scale + float64(scale*tmp)
}

// exp2Special is expSpecial without fused operations, and with a smaller exponent margin.
func exp2Special(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		sbits -= 1 << 52
		scale := math.Float64frombits(sbits)
		return 2 * (scale + float64(scale*tmp))
	}
	sbits += 1022 << 52
	scale := math.Float64frombits(sbits)
	st := float64(scale * tmp)
	y := scale + st
	if y < 1 {
		lo := scale - y + st
		hi := 1 + y
		lo = 1 - hi + y + lo
		y = (hi + lo) - 1
	}
	return 0x1p-1022 * y
}
