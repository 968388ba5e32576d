// Log and Log2: ports of ARM optimized-routines' math/log.c and math/log2.c (2018, MIT
// licence; see NOTICE), the code glibc has used since 2.28, with math.FMA exactly where GCC
// contracts in glibc's x86-64 FMA builds (__log_fma, __log2_fma) and float64(a*b) where it
// does not.

package xmath

import "math"

const (
	logLn2Hi = 0x1.62e42fefa3800p-1
	logLn2Lo = 0x1.ef35793c76730p-45
	logA0    = -0x1.0000000000001p-1
	logA1    = 0x1.555555551305bp-2
	logA2    = -0x1.fffffffeb4590p-3
	logA3    = 0x1.999b324f10111p-3
	logA4    = -0x1.55575e506c89fp-3
	logB0    = -0x1p-1
	logB1    = 0x1.5555555555577p-2
	logB2    = -0x1.ffffffffffdcbp-3
	logB3    = 0x1.999999995dd0cp-3
	logB4    = -0x1.55555556745a7p-3
	logB5    = 0x1.24924a344de30p-3
	logB6    = -0x1.fffffa4423d65p-4
	logB7    = 0x1.c7184282ad6cap-4
	logB8    = -0x1.999eb43b068ffp-4
	logB9    = 0x1.78182f7afd085p-4
	logB10   = -0x1.5521375d145cdp-4

	log2InvLn2Hi = 0x1.7154765200000p+0
	log2InvLn2Lo = 0x1.705fc2eefa200p-33
	log2A0       = -0x1.71547652b8339p-1
	log2A1       = 0x1.ec709dc3a04bep-2
	log2A2       = -0x1.7154764702ffbp-2
	log2A3       = 0x1.2776c50034c48p-2
	log2A4       = -0x1.ec7b328ea92bcp-3
	log2A5       = 0x1.a6225e117f92ep-3
	log2B0       = -0x1.71547652b82fep-1
	log2B1       = 0x1.ec709dc3a03f7p-2
	log2B2       = -0x1.71547652b7c3fp-2
	log2B3       = 0x1.2776c50f05be4p-2
	log2B4       = -0x1.ec709dd768fe5p-3
	log2B5       = 0x1.a61761ec4e736p-3
	log2B6       = -0x1.7153fbc64a79bp-3
	log2B7       = 0x1.484d154f01b4ap-3
	log2B8       = -0x1.289e4a72c383cp-3
	log2B9       = 0x1.0b32f285aee66p-3
)

// logSpecial handles the x whose top 16 bits logOK rejects: it returns the result for zero,
// negative, infinite and NaN x, and ok with the bits of x normalized when x is subnormal.
func logSpecial(x float64) (ix uint64, r float64, ok bool) {
	ix = math.Float64bits(x)
	top := uint32(ix >> 48)
	switch {
	case ix<<1 == 0:
		return 0, math.Inf(-1), false
	case ix == 0x7ff0000000000000:
		return 0, x, false
	case top&0x8000 != 0 || top&0x7ff0 == 0x7ff0:
		return 0, math.NaN(), false
	}
	return math.Float64bits(x*0x1p52) - 52<<52, 0, true
}

// Log returns the natural logarithm of x.
func Log(x float64) float64 {
	ix := math.Float64bits(x)
	if ix-0x3fee000000000000 < 0x3ff1090000000000-0x3fee000000000000 { // |x-1| < 0x1p-4 or so
		if ix == 0x3ff0000000000000 {
			return 0
		}
		r := x - 1
		r2 := r * r
		r3 := r * r2
		p := math.FMA(math.FMA(math.FMA(r3, logB10, math.FMA(r2, logB9, math.FMA(r, logB8, logB7))), r3,
			math.FMA(r2, logB6, math.FMA(r, logB5, logB4))), r3, math.FMA(r2, logB3, math.FMA(r, logB2, logB1)))
		// r - r*r/2 in double-double: rhi has 26 bits, so rhi*rhi is exact.
		rhi := math.FMA(-0x1p27, r, math.FMA(r, 0x1p27, r))
		rlo := r - rhi
		rhi2 := rhi * rhi
		hi := math.FMA(rhi2, logB0, r)
		lo := math.FMA(rhi2, logB0, r-hi)
		lo = math.FMA(logB0*rlo, rhi+r, lo)
		return hi + math.FMA(p, r3, lo)
	}
	if top := uint32(ix >> 48); top-0x0010 >= 0x7ff0-0x0010 {
		var r float64
		var ok bool
		if ix, r, ok = logSpecial(x); !ok {
			return r
		}
	}
	// x = 2^k z with z in [0x1.6p-1, 0x1.6p0); log(x) = k*ln2 + log(c) + log1p(z/c-1).
	tmp := ix - 0x3fe6000000000000
	i := (tmp >> 45) % 128
	kd := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	r := math.FMA(z, logTab[i][0], -1)
	w := math.FMA(kd, logLn2Hi, logTab[i][1])
	hi := w + r
	lo := math.FMA(kd, logLn2Lo, w-hi+r)
	r2 := r * r
	p := math.FMA(math.FMA(r, logA4, logA3), r2, math.FMA(r, logA2, logA1))
	return math.FMA(r*r2, p, math.FMA(r2, logA0, lo)) + hi
}

// Log2 returns the binary logarithm of x.
func Log2(x float64) float64 {
	ix := math.Float64bits(x)
	if ix-0x3feea4af00000000 < 0x3ff0b55900000000-0x3feea4af00000000 { // |x-1| < 0x1.6p-5 or so
		if ix == 0x3ff0000000000000 {
			return 0
		}
		r := x - 1
		hi := float64(r * log2InvLn2Hi)
		lo := math.FMA(r, log2InvLn2Lo, math.FMA(log2InvLn2Hi, r, -hi))
		r2 := r * r
		r4 := r2 * r2
		q := math.FMA(r, log2B1, log2B0)
		y := math.FMA(q, r2, hi)
		lo = math.FMA(q, r2, hi-y) + lo
		p := math.FMA(math.FMA(math.FMA(r, log2B9, log2B8), r2, math.FMA(r, log2B7, log2B6)), r4,
			math.FMA(math.FMA(r, log2B5, log2B4), r2, math.FMA(r, log2B3, log2B2)))
		return y + math.FMA(p, r4, lo)
	}
	if top := uint32(ix >> 48); top-0x0010 >= 0x7ff0-0x0010 {
		var r float64
		var ok bool
		if ix, r, ok = logSpecial(x); !ok {
			return r
		}
	}
	// x = 2^k z with z in [0x1.6p-1, 0x1.6p0); log2(x) = k + log2(c) + log2(z/c).
	tmp := ix - 0x3fe6000000000000
	i := (tmp >> 46) % 64
	kd := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	r := math.FMA(z, log2Tab[i][0], -1)
	t1 := float64(log2InvLn2Hi * r)
	t2 := math.FMA(r, log2InvLn2Lo, math.FMA(log2InvLn2Hi, r, -t1))
	t3 := kd + log2Tab[i][1]
	hi := t3 + t1
	lo := t3 - hi + t1 + t2
	r2 := r * r
	r4 := r2 * r2
	p := math.FMA(math.FMA(r, log2A5, log2A4), r4, math.FMA(math.FMA(r, log2A3, log2A2), r2, math.FMA(r, log2A1, log2A0)))
	return math.FMA(r2, p, lo) + hi
}
