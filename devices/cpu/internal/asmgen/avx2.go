package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// avx2Kernels emits the float32 elementwise kernels for machines with
// AVX2 but not AVX-512: the binary ops of two vectors (VV) or a vector
// and a scalar (VS), exp, log, tanh and sigmoid, relu and relu's
// gradient, eight lanes a vector over whole vectors only (n a multiple of
// 8: the caller does the last few in Go, with the same operations).
func avx2Kernels() {
	for _, b := range binaryOps(keepNaNAVX2) {
		elementwiseAVX2(b.name+"VV32AVX2", fmt.Sprintf("%sVV32AVX2 computes dst[i] = x[i] %s y[i] for i < n, a multiple of 8.", b.name, b.name), 2, false,
			func() kernelOp { return func(in []reg.VecVirtual, d reg.VecVirtual) { b.op(in[0], in[1], d) } })
		elementwiseAVX2(b.name+"VS32AVX2", fmt.Sprintf("%sVS32AVX2 computes dst[i] = x[i] %s y for i < n, a multiple of 8.", b.name, b.name), 2, true,
			func() kernelOp { return func(in []reg.VecVirtual, d reg.VecVirtual) { b.op(in[0], in[1], d) } })
	}
	for _, t := range transcendentals(avx2{}) {
		elementwiseAVX2(t.name+"V32AVX2", fmt.Sprintf("%sV32AVX2 computes dst[i] = %s32(x[i]) for i < n, a multiple of 8.", t.name, t.name), 1, false, t.setup)
	}
	elementwiseAVX2("fmaVVV32AVX2", "fmaVVV32AVX2 computes dst[i] = x[i]·y[i] + z[i], rounded once, for i < n, a multiple of 8.", 3, false, fmaOp)
	elementwiseAVX2("fmaVSV32AVX2", "fmaVSV32AVX2 computes dst[i] = x[i]·y + z[i], rounded once, for i < n, a multiple of 8.", 3, true, fmaOp)
	elementwiseAVX2("reluV32AVX2", "reluV32AVX2 computes dst[i] = max(x[i], 0) for i < n, a multiple of 8; 0 for NaN.", 1, false,
		func() kernelOp {
			zero := YMM()
			VXORPS(zero, zero, zero)
			return func(in []reg.VecVirtual, d reg.VecVirtual) { VMAXPS(zero, in[0], d) }
		})
	elementwiseAVX2("reluGradVV32AVX2", "reluGradVV32AVX2 computes dst[i] = y[i] where x[i] > 0, else +0, for i < n, a multiple of 8.", 2, false,
		func() kernelOp {
			zero := YMM()
			VXORPS(zero, zero, zero)
			return func(in []reg.VecVirtual, d reg.VecVirtual) {
				VCMPPS(U8(cmpGT), zero, in[0], d)
				VANDPS(in[1], d, d)
			}
		})
}

// keepNaNAVX2 sets the lanes of d where x is NaN to x.
func keepNaNAVX2(x, d reg.VecVirtual) {
	m := YMM()
	VCMPPS(U8(cmpUnord), x, x, m)
	VBLENDVPS(m, x, d, d)
}

// elementwiseAVX2 is elementwise for AVX2: eight lanes a vector, four
// vectors a step while they last, then one, and no partial vector.
func elementwiseAVX2(name, doc string, inputs int, scalarY bool, setup func() kernelOp) {
	dst, x, y, z, ys, n := elementwiseArgs(name, doc, inputs, scalarY, YMM)
	op := setup()
	vector := func(disp int) {
		in := make([]reg.VecVirtual, inputs)
		for i := range in {
			if i == 1 && scalarY {
				in[i] = ys
				continue
			}
			src := operand(i, x, y, z)
			in[i] = YMM()
			VMOVUPS(Mem{Base: src, Disp: disp}, in[i])
		}
		d := YMM()
		op(in, d)
		VMOVUPS(d, Mem{Base: dst, Disp: disp})
	}
	Label("wide")
	CMPQ(n, U8(32))
	JL(LabelRef("single"))
	for u := range 4 {
		vector(32 * u)
	}
	advance(8, 4, n, dst, x, y, z)
	JMP(LabelRef("wide"))
	Label("single")
	CMPQ(n, U8(8))
	JL(LabelRef("done"))
	vector(0)
	advance(8, 1, n, dst, x, y, z)
	JMP(LabelRef("single"))
	Label("done")
	VZEROUPPER()
	RET()
}
