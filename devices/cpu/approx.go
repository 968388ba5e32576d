package cpu

import "math"

// Float32 exp, log, tanh and sigmoid are polynomial approximations
// evaluated in float32, as numpy's and PyTorch's vectorized float32
// functions are: the float64 route (convert, call math, round) cost 15–20
// ns an element and was most of a tanh chain's time. Each step below is
// one float32 operation, in exactly the order the AVX-512 kernels
// (internal/asmgen) perform them, so the vector and scalar paths give the
// same bits and a tensor's tail, or a machine without AVX-512, computes
// what the vector body would have. exp32, log32 and sigmoid32 round every
// product before adding it; tanh32, the hot one in activation chains,
// uses fused multiply-adds (fma32, exact here as VFMADD is) and clamps its
// argument, so that the exp it builds on needs no range checks or
// two-factor scaling: half the instructions of the tanh it replaced.
//
// Accuracy against the correctly rounded result, over every float32
// (TestLongApprox32; TestApprox32 samples every binade in go test):
//   - exp32: at most 1 ulp; finite for x ≤ expMax32, 0 below expMin32,
//     subnormal results rounded once;
//   - log32: at most 1 ulp (correctly rounded for 99.4% of positive
//     float32s), subnormal arguments included; −Inf at ±0, NaN below 0;
//   - tanh32: at most 1 ulp; odd, so tanh(±0) = ±0;
//   - sigmoid32: at most 3 ulp, subnormal results included.
//
// NaN gives NaN for all four.

// The ranges of exp32: above expMax32 the float32 result overflows, below
// expMin32 it rounds to 0.
const (
	expMax32 float32 = 88.72283
	expMin32 float32 = -103.97208
)

// Cody–Waite reduction: x = n·ln2 + r with |r| ≤ ln2/2, where ln2 is split
// so that n·ln2Hi is exact for every n the range allows. The polynomial is
// Cephes' expf minimax fit of (e^r − 1 − r)/r² on that interval.
const (
	log2e32 float32 = 1.44269504088896341
	ln2Hi32 float32 = 0.693359375
	ln2Lo32 float32 = -2.12194440e-4
	expC5   float32 = 1.9875691500e-4
	expC4   float32 = 1.3981999507e-3
	expC3   float32 = 8.3334519073e-3
	expC2   float32 = 4.1665795894e-2
	expC1   float32 = 1.6666665459e-1
	expC0   float32 = 5.0000001201e-1
)

// Below tanhSmall32, tanh is Cephes' tanhf odd polynomial x + x·z·P(z),
// z = x²; above it, (e^{2x} − 1)/(e^{2x} + 1), with e^{2x} − 1 from exp's
// reduction and polynomial kept apart from the 1 (expm1). |x| is clamped
// to tanhClamp32 first: tanh rounds to 1 well below it (from 9.011), and
// e^{2·tanhClamp32} is finite and normal, so that exp needs neither range
// checks nor two-factor scaling.
const (
	tanhSmall32 float32 = 0.625
	tanhClamp32 float32 = 10
	tanhP4      float32 = -5.70498872745e-3
	tanhP3      float32 = 2.06390887954e-2
	tanhP2      float32 = -5.37397155531e-2
	tanhP1      float32 = 1.33314422036e-1
	tanhP0      float32 = -3.33332819422e-1
)

// expShift32 is 1.5·2^23 + 127: x·log2e + expShift32, rounded, holds
// n = round(x·log2e) in its low mantissa bits as n + 127, the biased
// exponent of 2^n, which a shift moves into place.
const expShift32 float32 = 1.5*(1<<23) + 127

const signBit32 = 1 << 31

// exp32 is e^x in float32.
func exp32(x float32) float32 {
	switch {
	case x != x:
		return x
	case x > expMax32:
		return float32(math.Inf(1))
	case x < expMin32:
		return 0
	}
	n := float32(math.RoundToEven(float64(x * log2e32)))
	r := x - float32(n*ln2Hi32)
	r -= float32(n * ln2Lo32)
	p := expC5
	p = float32(p*r) + expC4
	p = float32(p*r) + expC3
	p = float32(p*r) + expC2
	p = float32(p*r) + expC1
	p = float32(p*r) + expC0
	r2 := float32(r * r)
	y := float32(p*r2) + r
	y += 1
	// 2^n in two factors, so that a subnormal result is rounded once, by
	// the second product, and neither factor leaves the normal range.
	k := int32(n)
	k1 := k >> 1
	k2 := k - k1
	y = float32(y * pow2(k1))
	return y * pow2(k2)
}

// pow2 is 2^k for k in the normal exponent range.
func pow2(k int32) float32 { return math.Float32frombits(uint32(k+127) << 23) }

// tanh32 is tanh x in float32: computed on |x| and given x's sign.
func tanh32(x float32) float32 {
	a := math.Float32frombits(math.Float32bits(x) &^ signBit32)
	var r float32
	if a < tanhSmall32 {
		z := float32(a * a)
		p := fma32(tanhP4, z, tanhP3)
		p = fma32(p, z, tanhP2)
		p = fma32(p, z, tanhP1)
		p = fma32(p, z, tanhP0)
		r = fma32(float32(a*z), p, a)
	} else {
		e := expm1Tanh32(2 * min(a, tanhClamp32))
		r = e / (e + 2)
	}
	return math.Float32frombits(math.Float32bits(r) | math.Float32bits(x)&signBit32)
}

// expm1Tanh32 is e^x − 1 for x in [2·tanhSmall32, 2·tanhClamp32] or NaN, with fused
// multiply-adds: 2^n(e^r − 1) + (2^n − 1), where 2^n is a single normal
// factor and 2^n − 1 exact for the n that need it (n ≤ 24).
func expm1Tanh32(x float32) float32 {
	t := fma32(x, log2e32, expShift32)
	n := t - expShift32
	r := fma32(-n, ln2Hi32, x)
	r = fma32(-n, ln2Lo32, r)
	p := fma32(expC5, r, expC4)
	p = fma32(p, r, expC3)
	p = fma32(p, r, expC2)
	p = fma32(p, r, expC1)
	p = fma32(p, r, expC0)
	y := fma32(p, float32(r*r), r)
	s := math.Float32frombits(math.Float32bits(t) << 23)
	return fma32(y, s, s-1)
}

// fma32 is a·b + c rounded once to float32, as VFMADD computes it. a·b is
// exact in float64 and the float64 sum is rounded once; rounding that to
// float32 again is wrong only when the sum landed exactly halfway between
// two float32s without being exact, and then it is nudged towards the
// exact value, so that the second rounding goes the right way (the method
// of musl's fmaf).
func fma32(a, b, c float32) float32 {
	xy, z := float64(a)*float64(b), float64(c)
	sum := xy + z
	bits := math.Float64bits(sum)
	const halfway = 1 << 28 // the float64 bits below a float32's, at their midpoint
	if bits&(1<<29-1) != halfway || sum-xy == z && sum-z == xy || math.IsInf(sum, 0) || sum != sum {
		return float32(sum)
	}
	var err float64
	if negative := sum < 0; negative == (z > xy) {
		err = xy - sum + z
	} else {
		err = z - sum + xy
	}
	if (sum < 0) == (err < 0) {
		bits++
	} else {
		bits--
	}
	return float32(math.Float64frombits(bits))
}

// sigmoid32 is 1/(1 + e^−x) in float32, from e = e^−|x| ≤ 1 so that the
// exponential never overflows: 1/(1+e) for x ≥ 0, e/(1+e) below, which
// keeps the relative accuracy of tiny results.
func sigmoid32(x float32) float32 {
	e := exp32(math.Float32frombits(math.Float32bits(x) | signBit32))
	d := 1 / (1 + e)
	if x < 0 {
		return e * d
	}
	return d
}

// log32 is ln x in float32: Cephes' logf. x = 2^e·m with m in
// [√½, √2), then ln m = f − f²/2 + f³·P(f) with f = m − 1 (exact), and
// ln x = e·ln2Hi32 + (ln m + e·ln2Lo32). A subnormal x is first scaled
// into the normal range by 2^23, exactly.
func log32(x float32) float32 {
	switch {
	case x != x || x > math.MaxFloat32:
		return x
	case x == 0:
		return float32(math.Inf(-1))
	case x < 0:
		return float32(math.NaN())
	}
	var e float32
	if x < math.SmallestNonzeroFloat32*(1<<23) {
		x *= 1 << 23
		e = -23
	}
	bits := math.Float32bits(x)
	e += float32(int32(bits>>23) - 126)
	m := math.Float32frombits(bits&(1<<23-1) | 0x3f000000)
	if m < sqrtHalf32 {
		e--
		m += m
	}
	m--
	z := float32(m * m)
	p := logP[0]
	for _, c := range logP[1:] {
		p = float32(p*m) + c
	}
	y := float32(float32(p*m) * z)
	y += float32(e * ln2Lo32)
	y -= float32(0.5 * z)
	r := m + y
	return r + float32(e*ln2Hi32)
}

// sqrtHalf32 is √½ rounded to float32, where log32 moves m from [½, 1) to
// [√½, √2).
const sqrtHalf32 float32 = 0.707106781186547524

// logP is Cephes' logf polynomial, highest degree first.
var logP = [...]float32{7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1,
	-1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1}

// unaryApprox32 computes dst = op(x) for the ops with float32
// approximations, and reports whether op is one.
func unaryApprox32(op UnaryOp, dst, x []float32) bool {
	var f func(float32) float32
	switch op {
	case Exp:
		f = exp32
	case Log:
		f = log32
	case Tanh:
		f = tanh32
	case Sigmoid:
		f = sigmoid32
	default:
		return false
	}
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = f(v)
	}
	return true
}
