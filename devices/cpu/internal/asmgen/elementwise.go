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
// a slice takes the same instructions. The transcendental ones
// (transcendental.go) perform exactly the float32 operations of package
// cpu's exp32, log32, tanh32 and sigmoid32 (approx.go), in the same order,
// with fused multiply-adds where those use fma32 and nowhere else, so that
// they give the same bits as the scalar code.

// Comparison predicates of VCMPPS.
const (
	cmpEQ    = 0x00
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
	sqrtHalf32  = float32(0.707106781186547524)
)

var (
	expPoly = []float32{1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1}
	logPoly = []float32{7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1,
		-1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1}
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
	elementwise("fmaVVV32", "fmaVVV32 computes dst[i] = x[i]·y[i] + z[i], rounded once, for i < n.", 3, false, 4, fmaOp)
	elementwise("fmaVSV32", "fmaVSV32 computes dst[i] = x[i]·y + z[i], rounded once, for i < n.", 3, true, 4, fmaOp)
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
	for _, t := range transcendentals(avx512{}) {
		elementwise(t.name+"V32", fmt.Sprintf("%sV32 computes dst[i] = %s32(x[i]) for i < n.", t.name, t.name), 1, false, 2, t.setup)
	}
}

// fmaOp is x·y + z rounded once, for either register width.
func fmaOp() kernelOp {
	return func(in []reg.VecVirtual, d reg.VecVirtual) {
		VMOVAPS(in[0], d)
		VFMADD213PS(in[2], in[1], d)
	}
}

// advance moves each pointer that is set past vectors vectors of lanes
// float32s, and counts them off n.
func advance(lanes, vectors int, n reg.GPVirtual, ptrs ...reg.Register) {
	for _, p := range ptrs {
		if p != nil {
			ADDQ(U32(4*lanes*vectors), p)
		}
	}
	SUBQ(U32(lanes*vectors), n)
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
func elementwiseArgs(name, doc string, inputs int, scalarY bool, vec func() reg.VecVirtual) (dst, x, y, z reg.Register, ys reg.VecVirtual, n reg.GPVirtual) {
	var sig string
	switch {
	case inputs == 1:
		sig = "func(dst, x *float32, n int)"
	case inputs == 3 && scalarY:
		sig = "func(dst, x *float32, y float32, z *float32, n int)"
	case inputs == 3:
		sig = "func(dst, x, y, z *float32, n int)"
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
	case inputs >= 2:
		y = Load(Param("y"), GP64())
	}
	if inputs == 3 {
		z = Load(Param("z"), GP64())
	}
	n = GP64()
	Load(Param("n"), n)
	return dst, x, y, z, ys, n
}

// operand is input i's pointer.
func operand(i int, x, y, z reg.Register) reg.Register {
	return [...]reg.Register{x, y, z}[i]
}

// elementwise emits func name(dst, x, y *float32, n int) (inputs 2),
// func name(dst, x *float32, y float32, n int) (scalarY), func
// name(dst, x *float32, n int) (inputs 1), or with a third vector z
// (inputs 3). setup runs once, before the
// loop, to put constants in registers, and returns the op. unroll vectors
// go round the main loop.
func elementwise(name, doc string, inputs int, scalarY bool, unroll int, setup func() kernelOp) {
	dst, x, y, z, ys, n := elementwiseArgs(name, doc, inputs, scalarY, ZMM)
	op := setup()
	vector := func(disp int, k reg.OpmaskVirtual) {
		in := make([]reg.VecVirtual, inputs)
		for i := range in {
			if i == 1 && scalarY {
				in[i] = ys
				continue
			}
			src := operand(i, x, y, z)
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
	if unroll > 1 {
		Label("wide")
		CMPQ(n, U32(16*unroll))
		JL(LabelRef("single"))
		for u := range unroll {
			vector(64*u, nil)
		}
		advance(16, unroll, n, dst, x, y, z)
		JMP(LabelRef("wide"))
	}
	Label("single")
	CMPQ(n, U8(16))
	JL(LabelRef("tail"))
	vector(0, nil)
	advance(16, 1, n, dst, x, y, z)
	JMP(LabelRef("single"))
	Label("tail")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	vector(0, lowLanes(n.As32()))
	Label("done")
	VZEROUPPER()
	RET()
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
