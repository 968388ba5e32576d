package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The float32 elementwise kernels: 16 lanes a vector, whole vectors in
// the loop and the last partial one under a mask, so that every element of
// a slice takes the same instructions. The transcendental ones perform
// exactly the float32 operations of package cpu's exp32, tanh32 and
// sigmoid32 (approx.go), in the same order, with fused multiply-adds where
// those use fma32 and nowhere else, so that they give the same bits as the
// scalar code.

// Comparison predicates of VCMPPS.
const (
	cmpUnord = 0x03
	cmpLT    = 0x11
	cmpGT    = 0x1e
)

// The float32 constants of approx.go; the test of package cpu checks the
// kernels against the Go functions that use them.
const (
	expMax32    = float32(88.72283)
	expMin32    = float32(-103.97208)
	log2e32     = float32(1.44269504088896341)
	ln2Hi32     = float32(0.693359375)
	ln2Lo32     = float32(-2.12194440e-4)
	tanhSmall32 = float32(0.625)
	tanhClamp32 = float32(10)
	expShift32  = float32(1.5*(1<<23) + 127)
)

var (
	expPoly  = []float32{1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1}
	tanhPoly = []float32{-5.70498872745e-3, 2.06390887954e-2, -5.37397155531e-2, 1.33314422036e-1, -3.33332819422e-1}
)

// binaryOps are the binary elementwise ops, for a register width's
// kernels: keepNaN puts a NaN x back into d with that width's
// instructions. VMAXPS and VMINPS give their second source (y) when either
// is NaN, or when both are zeros; a NaN x is put back after, so that NaN
// propagates from either side, as numpy's maximum does.
func binaryOps(keepNaN func(x, d reg.VecVirtual)) []struct {
	name string
	op   func(x, y, dst reg.VecVirtual)
} {
	return []struct {
		name string
		op   func(x, y, dst reg.VecVirtual)
	}{
		{"add", func(x, y, d reg.VecVirtual) { VADDPS(y, x, d) }},
		{"sub", func(x, y, d reg.VecVirtual) { VSUBPS(y, x, d) }},
		{"mul", func(x, y, d reg.VecVirtual) { VMULPS(y, x, d) }},
		{"div", func(x, y, d reg.VecVirtual) { VDIVPS(y, x, d) }},
		{"max", func(x, y, d reg.VecVirtual) { VMAXPS(y, x, d); keepNaN(x, d) }},
		{"min", func(x, y, d reg.VecVirtual) { VMINPS(y, x, d); keepNaN(x, d) }},
	}
}

func elementwiseKernels() {
	for _, b := range binaryOps(keepNaN) {
		elementwise(b.name+"VV32", fmt.Sprintf("%sVV32 computes dst[i] = x[i] %s y[i] for i < n.", b.name, b.name), 2, false, 4,
			func() kernelOp { return func(in []reg.VecVirtual, d reg.VecVirtual) { b.op(in[0], in[1], d) } })
		elementwise(b.name+"VS32", fmt.Sprintf("%sVS32 computes dst[i] = x[i] %s y for i < n.", b.name, b.name), 2, true, 4,
			func() kernelOp { return func(in []reg.VecVirtual, d reg.VecVirtual) { b.op(in[0], in[1], d) } })
	}
	elementwise("reluV32", "reluV32 computes dst[i] = max(x[i], 0) for i < n, 0 for NaN.", 1, false, 4,
		func() kernelOp {
			zero := ZMM()
			VPXORD(zero, zero, zero)
			// The second source, 0, is what VMAXPS gives for NaN and −0.
			return func(in []reg.VecVirtual, d reg.VecVirtual) { VMAXPS(zero, in[0], d) }
		})
	elementwise("reluGradVV32", "reluGradVV32 computes dst[i] = y[i] where x[i] > 0, else +0 (NaN included), for i < n.", 2, false, 4,
		func() kernelOp {
			zero := ZMM()
			VPXORD(zero, zero, zero)
			return func(in []reg.VecVirtual, d reg.VecVirtual) {
				k := K()
				VCMPPS(U8(cmpGT), zero, in[0], k)
				VMOVAPS_Z(in[1], k, d)
			}
		})
	elementwise("expV32", "expV32 computes dst[i] = exp32(x[i]) for i < n.", 1, false, 2,
		func() kernelOp {
			e := newExpConsts()
			return func(in []reg.VecVirtual, d reg.VecVirtual) { e.exp(in[0], d) }
		})
	elementwise("tanhV32", "tanhV32 computes dst[i] = tanh32(x[i]) for i < n.", 1, false, 2,
		func() kernelOp {
			e := newExpConsts()
			abs, small, clamp, shift, two := broadcast32(math.Float32frombits(0x7fffffff)), broadcast32(tanhSmall32),
				broadcast32(tanhClamp32), broadcast32(expShift32), broadcast32(2)
			poly := constants("tanhP", tanhPoly)
			vectors := 0
			return func(in []reg.VecVirtual, d reg.VecVirtual) {
				// A vector whose lanes all take one of tanh32's two
				// branches computes only that one: after a few steps of
				// a chain like the anchors', most vectors are small.
				vectors++
				largeOnly, done := fmt.Sprintf("tanhLarge%d", vectors), fmt.Sprintf("tanhDone%d", vectors)
				x := in[0]
				a, z, p, m := ZMM(), ZMM(), ZMM(), ZMM()
				VANDPS(abs, x, a)
				k := K()
				VCMPPS(U8(cmpLT), small, a, k)
				large := func(dst reg.VecVirtual) {
					// VMINPS gives its second source, a, where a is NaN,
					// as Go's min does.
					VMINPS(a, clamp, m)
					VADDPS(m, m, m)
					e.expm1Tanh(m, shift, m)
					VADDPS(two, m, p)
					VDIVPS(p, m, dst)
				}
				KORTESTW(k, k)
				JZ(LabelRef(largeOnly))
				VMULPS(a, a, z)
				hornerFMA(p, z, poly)
				VMULPS(z, a, d)
				VFMADD213PS(a, p, d)
				KORTESTW(k, k)
				JCS(LabelRef(done))
				large(m)
				KNOTW(k, k)
				VMOVAPS(m, k, d)
				JMP(LabelRef(done))
				Label(largeOnly)
				large(d)
				Label(done)
				// d ≥ 0 (or NaN): OR in x's sign.
				VANDNPS(x, abs, a)
				VORPS(a, d, d)
			}
		})
	elementwise("sigmoidV32", "sigmoidV32 computes dst[i] = sigmoid32(x[i]) for i < n.", 1, false, 2,
		func() kernelOp {
			e := newExpConsts()
			sign, one, zero := broadcast32(math.Float32frombits(0x80000000)), e.one, ZMM()
			VPXORD(zero, zero, zero)
			return func(in []reg.VecVirtual, d reg.VecVirtual) {
				x := in[0]
				m := ZMM()
				VORPS(sign, x, m)
				e.exp(m, m)
				VADDPS(one, m, d)
				VDIVPS(d, one, d)
				k := K()
				VCMPPS(U8(cmpLT), zero, x, k)
				VMULPS(m, d, k, d)
			}
		})
}

// A kernelOp writes a vector of results to d from a vector of each input.
type kernelOp func(in []reg.VecVirtual, d reg.VecVirtual)

// keepNaN sets the lanes of d where x is NaN to x.
func keepNaN(x, d reg.VecVirtual) {
	k := K()
	VCMPPS(U8(cmpUnord), x, x, k)
	VMOVAPS(x, k, d)
}

// elementwiseArgs starts an elementwise kernel: its signature, by its
// inputs, and its arguments in registers: the pointers, a scalar y
// broadcast into a vector made by vec, and the count.
func elementwiseArgs(name, doc string, inputs int, scalarY bool, vec func() reg.VecVirtual) (dst, x, y reg.Register, ys reg.VecVirtual, n reg.GPVirtual) {
	var sig string
	switch {
	case inputs == 1:
		sig = "func(dst, x *float32, n int)"
	case scalarY:
		sig = "func(dst, x *float32, y float32, n int)"
	default:
		sig = "func(dst, x, y *float32, n int)"
	}
	kernel(name, sig)
	Doc(doc)
	dst = Load(Param("dst"), GP64())
	x = Load(Param("x"), GP64())
	switch {
	case scalarY:
		ys = vec()
		VBROADCASTSS(Load(Param("y"), XMM()), ys)
	case inputs == 2:
		y = Load(Param("y"), GP64())
	}
	n = GP64()
	Load(Param("n"), n)
	return dst, x, y, ys, n
}

// elementwise emits func name(dst, x, y *float32, n int) (inputs 2),
// func name(dst, x *float32, y float32, n int) (scalarY) or func
// name(dst, x *float32, n int) (inputs 1). setup runs once, before the
// loop, to put constants in registers, and returns the op. unroll vectors
// go round the main loop.
func elementwise(name, doc string, inputs int, scalarY bool, unroll int, setup func() kernelOp) {
	dst, x, y, ys, n := elementwiseArgs(name, doc, inputs, scalarY, ZMM)
	op := setup()
	vector := func(disp int, k reg.OpmaskVirtual) {
		in := make([]reg.VecVirtual, inputs)
		for i := range in {
			if i == 1 && scalarY {
				in[i] = ys
				continue
			}
			src := x
			if i == 1 {
				src = y
			}
			in[i] = ZMM()
			if k == nil {
				VMOVUPS(Mem{Base: src, Disp: disp}, in[i])
			} else {
				VMOVUPS_Z(Mem{Base: src, Disp: disp}, k, in[i])
			}
		}
		d := ZMM()
		op(in, d)
		if k == nil {
			VMOVUPS(d, Mem{Base: dst, Disp: disp})
		} else {
			VMOVUPS(d, k, Mem{Base: dst, Disp: disp})
		}
	}
	advance := func(vectors int) {
		ADDQ(U32(64*vectors), dst)
		ADDQ(U32(64*vectors), x)
		if y != nil {
			ADDQ(U32(64*vectors), y)
		}
		SUBQ(U32(16*vectors), n)
	}
	if unroll > 1 {
		Label("wide")
		CMPQ(n, U32(16*unroll))
		JL(LabelRef("single"))
		for u := range unroll {
			vector(64*u, nil)
		}
		advance(unroll)
		JMP(LabelRef("wide"))
	}
	Label("single")
	CMPQ(n, U8(16))
	JL(LabelRef("tail"))
	vector(0, nil)
	advance(1)
	JMP(LabelRef("single"))
	Label("tail")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	vector(0, lowLanes(n.As32()))
	Label("done")
	VZEROUPPER()
	RET()
}

// expConsts are exp32's constants in registers.
type expConsts struct {
	max, min, log2e, ln2Hi, ln2Lo, one, inf, bias reg.VecVirtual
	poly                                          []Mem
}

func newExpConsts() *expConsts {
	bias := ZMM()
	b := GP32()
	MOVL(U32(127), b)
	VPBROADCASTD(b, bias)
	return &expConsts{
		max: broadcast32(expMax32), min: broadcast32(expMin32), log2e: broadcast32(log2e32),
		ln2Hi: broadcast32(ln2Hi32), ln2Lo: broadcast32(ln2Lo32), one: broadcast32(1),
		inf: broadcast32(float32(math.Inf(1))), bias: bias, poly: constants("expC", expPoly),
	}
}

// exp writes exp32(x) to d; x and d may be one register.
func (e *expConsts) exp(x, d reg.VecVirtual) {
	n, r, t, p, rest, half := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VMULPS(e.log2e, x, n)
	VRNDSCALEPS(U8(0), n, n)
	VMULPS(e.ln2Hi, n, t)
	VSUBPS(t, x, r)
	VMULPS(e.ln2Lo, n, t)
	VSUBPS(t, r, r)
	horner(p, r, e.poly)
	VMULPS(r, r, t)
	VMULPS(t, p, p)
	VADDPS(r, p, p)
	VADDPS(e.one, p, p)
	// 2^n as 2^half·2^rest, half = n>>1, as exp32 scales: the exponent
	// fields (k+127)<<23, and 2^half multiplied first.
	VCVTPS2DQ(n, rest)
	VPSRAD(U8(1), rest, half)
	VPSUBD(half, rest, rest)
	VPADDD(e.bias, half, half)
	VPADDD(e.bias, rest, rest)
	VPSLLD(U8(23), half, half)
	VPSLLD(U8(23), rest, rest)
	VMULPS(half, p, p)
	VMULPS(rest, p, p)
	// Out of range and NaN lanes, decided on x as exp32's switch does;
	// x may be d, so it is read before d is written.
	over, under, nan := K(), K(), K()
	VCMPPS(U8(cmpGT), e.max, x, over)
	VCMPPS(U8(cmpLT), e.min, x, under)
	VCMPPS(U8(cmpUnord), x, x, nan)
	VMOVAPS(x, nan, t)
	VMOVAPS(p, d)
	VMOVAPS(e.inf, over, d)
	VPXORD(p, p, p)
	VMOVAPS(p, under, d)
	VMOVAPS(t, nan, d)
}

// expm1Tanh writes expm1Tanh32(x) to d; shift holds expShift32.
func (e *expConsts) expm1Tanh(x, shift, d reg.VecVirtual) {
	t, n, r, p, s := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VMOVAPS(shift, t)
	VFMADD231PS(e.log2e, x, t)
	VSUBPS(shift, t, n)
	VMOVAPS(x, r)
	VFNMADD231PS(e.ln2Hi, n, r)
	VFNMADD231PS(e.ln2Lo, n, r)
	hornerFMA(p, r, e.poly)
	VMULPS(r, r, n)
	VFMADD213PS(r, n, p)
	VPSLLD(U8(23), t, s)
	VSUBPS(e.one, s, t)
	VFMADD213PS(t, s, p)
	VMOVAPS(p, d)
}

// hornerFMA writes ((c0·z + c1)·z + …) + cn to p, each step one fused
// multiply-add.
func hornerFMA(p, z reg.VecVirtual, c []Mem) {
	VBROADCASTSS(c[0], p)
	for _, ci := range c[1:] {
		VFMADD213PS_BCST(ci, z, p)
	}
}

// horner writes ((c0·z + c1)·z + …) + cn to p, each product rounded.
// The coefficients are read from memory, broadcast by the adds, which
// leaves registers for two vectors in flight.
func horner(p, z reg.VecVirtual, c []Mem) {
	VBROADCASTSS(c[0], p)
	for _, ci := range c[1:] {
		VMULPS(z, p, p)
		VADDPS_BCST(ci, p, p)
	}
}

// broadcast32 puts v in every lane of a new register.
func broadcast32(v float32) reg.VecVirtual {
	z, g := ZMM(), GP32()
	MOVL(U32(math.Float32bits(v)), g)
	VPBROADCASTD(g, z)
	return z
}

// constants are vs in read-only data, as name0, name1, …, each emitted
// once however many kernels use them.
func constants(name string, vs []float32) []Mem {
	out := make([]Mem, len(vs))
	for i, v := range vs {
		key := fmt.Sprintf("%s%d", name, i)
		m, ok := constData[key]
		if !ok {
			m = ConstData(key, F32(v))
			constData[key] = m
		}
		out[i] = m
	}
	return out
}

var constData = map[string]Mem{}
