// Erf and Erfc as glibc computes them, which is what CPython's math.erf and math.erfc call
// wherever the C library has them: glibc's version of Sun's fdlibm s_erf.c (Copyright (C)
// 1993 by Sun Microsystems, Inc.; see NOTICE), whose rational approximations glibc evaluates
// in the regrouped order kept here. glibc builds them without FMA, so every product that
// meets a sum is rounded first.

package xmath

import "math"

const (
	erx  = 0x1.b0ac160000000p-1 // erf(1) rounded to 24 bits
	efx  = 0x1.06eba8214db69p-3 // 2/sqrt(pi) - 1
	pp0  = 0x1.06eba8214db68p-3
	pp1  = -0x1.4cd7d691cb913p-2
	pp2  = -0x1.d2a51dbd7194fp-6
	pp3  = -0x1.7a291236668e4p-8
	pp4  = -0x1.8ead6120016acp-16
	qq1  = 0x1.97779cddadc09p-2
	qq2  = 0x1.0a54c5536cebap-4
	qq3  = 0x1.4d022c4d36b0fp-8
	qq4  = 0x1.15dc9221c1a10p-13
	qq5  = -0x1.09c4342a26120p-18
	pa0  = -0x1.359b8bef77538p-9
	pa1  = 0x1.a8d00ad92b34dp-2
	pa2  = -0x1.7d240fbb8c3f1p-2
	pa3  = 0x1.45fca805120e4p-2
	pa4  = -0x1.c63983d3e28ecp-4
	pa5  = 0x1.22a36599795ebp-5
	pa6  = -0x1.1bf380a96073fp-9
	qa1  = 0x1.b3e6618eee323p-4
	qa2  = 0x1.14af092eb6f33p-1
	qa3  = 0x1.2635cd99fe9a7p-4
	qa4  = 0x1.02660e763351fp-3
	qa5  = 0x1.bedc26b51dd1cp-7
	qa6  = 0x1.88b545735151dp-7
	ra0  = -0x1.43412600d6435p-7
	ra1  = -0x1.63416e4ba7360p-1
	ra2  = -0x1.51e0441b0e726p+3
	ra3  = -0x1.f300ae4cba38dp+5
	ra4  = -0x1.44cb184282266p+7
	ra5  = -0x1.7135cebccabb2p+7
	ra6  = -0x1.4526557e4d2f2p+6
	ra7  = -0x1.3a0efc69ac25cp+3
	sa1  = 0x1.3a6b9bd707687p+4
	sa2  = 0x1.1350c526ae721p+7
	sa3  = 0x1.b290dd58a1a71p+8
	sa4  = 0x1.42b1921ec2868p+9
	sa5  = 0x1.ad02157700314p+8
	sa6  = 0x1.b28a3ee48ae2cp+6
	sa7  = 0x1.a47ef8e484a93p+2
	sa8  = -0x1.eeff2ee749a62p-5
	rb0  = -0x1.4341239e86f4ap-7
	rb1  = -0x1.993ba70c285dep-1
	rb2  = -0x1.1c209555f995ap+4
	rb3  = -0x1.4145d43c5ed98p+7
	rb4  = -0x1.3ec881375f228p+9
	rb5  = -0x1.004616a2e5992p+10
	rb6  = -0x1.e384e9bdc383fp+8
	sb1  = 0x1.e568b261d5190p+4
	sb2  = 0x1.45cae221b9f0ap+8
	sb3  = 0x1.802eb189d5118p+10
	sb4  = 0x1.8ffb7688c246ap+11
	sb5  = 0x1.3f219cedf3be6p+11
	sb6  = 0x1.da874e79fe763p+8
	sb7  = -0x1.670e242712d62p+4
	tiny = 1e-300
)

// mul rounds a product, so that Go never fuses it into a following sum.
func mul(a, b float64) float64 { return float64(a * b) }

// erfPQ is R/S for |x| < 0.84375, with z = x*x: erf(x) = x + x*R/S.
func erfPQ(z float64) float64 {
	z2 := z * z
	z4 := z2 * z2
	r := pp0 + mul(z, pp1) + mul(z2, pp2+mul(z, pp3)) + mul(z4, pp4)
	s := 1 + mul(z, qq1) + mul(z2, qq2+mul(z, qq3)) + mul(z4, qq4+mul(z, qq5))
	return r / s
}

// erfPaQa is P/Q for 0.84375 <= |x| < 1.25, with s = |x|-1: erf(|x|) = erx + P/Q.
func erfPaQa(s float64) float64 {
	s2 := s * s
	s4 := s2 * s2
	s6 := s2 * s4
	p := pa0 + mul(s, pa1) + mul(s2, pa2+mul(s, pa3)) + mul(s4, pa4+mul(s, pa5)) + mul(s6, pa6)
	q := 1 + mul(s, qa1) + mul(s2, qa2+mul(s, qa3)) + mul(s4, qa4+mul(s, qa5)) + mul(s6, qa6)
	return p / q
}

// erfcTail is erfc(x) for 1.25 <= x < 28: exp(-x*x - 0.5625 + R/S)/x, with R/S in 1/x^2,
// and -x*x split so that both exponentials are accurate. small picks the fit for x < 1/0.35.
func erfcTail(x float64, small bool) float64 {
	s := 1 / (x * x)
	s2 := s * s
	s4 := s2 * s2
	s6 := s4 * s2
	var r, ss float64
	if small {
		r = ra0 + mul(s, ra1) + mul(s2, ra2+mul(s, ra3)) + mul(s4, ra4+mul(s, ra5)) + mul(s6, ra6+mul(s, ra7))
		ss = 1 + mul(s, sa1) + mul(s2, sa2+mul(s, sa3)) + mul(s4, sa4+mul(s, sa5)) + mul(s6, sa6+mul(s, sa7)) + mul(s4*s4, sa8)
	} else {
		r = rb0 + mul(s, rb1) + mul(s2, rb2+mul(s, rb3)) + mul(s4, rb4+mul(s, rb5)) + mul(s6, rb6)
		ss = 1 + mul(s, sb1) + mul(s2, sb2+mul(s, sb3)) + mul(s4, sb4+mul(s, sb5)) + mul(s6, sb6+mul(s, sb7))
	}
	z := math.Float64frombits(math.Float64bits(x) &^ 0xffffffff)
	return Exp(mul(-z, z)-0.5625) * Exp(mul(z-x, z+x)+r/ss) / x
}

// Erf returns the error function of x.
func Erf(x float64) float64 {
	hx := hiWord(x)
	ix := hx & 0x7fffffff
	ax := math.Abs(x)
	switch {
	case ix >= 0x7ff00000:
		return float64(1-int(hx>>31)*2) + 1/x
	case ix < 0x3feb0000: // |x| < 0.84375
		if ix < 0x3e300000 { // |x| < 2^-28
			if ix < 0x00800000 { // keep 16*x from underflowing
				return 0.0625 * (mul(16, x) + mul(16*efx, x))
			}
			return x + mul(efx, x)
		}
		return x + mul(x, erfPQ(x*x))
	case ix < 0x3ff40000: // |x| < 1.25
		if hx>>31 != 0 {
			return -erx - erfPaQa(ax-1)
		}
		return erx + erfPaQa(ax-1)
	case ix >= 0x40180000: // |x| >= 6
		if hx>>31 != 0 {
			return tiny - 1
		}
		return 1 - tiny
	}
	r := erfcTail(ax, ix < 0x4006db6e)
	if hx>>31 != 0 {
		return r - 1
	}
	return 1 - r
}

// Erfc returns the complementary error function of x, 1 - Erf(x), accurately also where it is
// tiny.
func Erfc(x float64) float64 {
	hx := hiWord(x)
	ix := hx & 0x7fffffff
	ax := math.Abs(x)
	switch {
	case ix >= 0x7ff00000:
		return float64(int(hx>>31)*2) + 1/x
	case ix < 0x3feb0000: // |x| < 0.84375
		if ix < 0x3c700000 { // |x| < 2^-56
			return 1 - x
		}
		xy := mul(erfPQ(x*x), x)
		if int32(hx) < 0x3fd00000 { // x < 1/4
			return 1 - (xy + x)
		}
		return 0.5 - ((x - 0.5) + xy)
	case ix < 0x3ff40000: // |x| < 1.25
		if hx>>31 != 0 {
			return 1 + (erfPaQa(ax-1) + erx)
		}
		return (1 - erx) - erfPaQa(ax-1)
	case ix < 0x403c0000: // |x| < 28
		if hx>>31 != 0 && ix >= 0x40180000 {
			return 2 - tiny
		}
		r := erfcTail(ax, ix < 0x4006db6d)
		if hx>>31 != 0 {
			return 2 - r
		}
		return r
	case hx>>31 != 0:
		return 2 - tiny
	}
	return 0
}
