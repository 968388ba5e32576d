package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// pairwiseLeaf emits
//
//	func pairwiseLeaf32(x *float32, n int) float32
//
// numpy's pairwise sum of a run of 8 to 128 floats (pairwiseSum's leaf):
// eight accumulators, the lanes of one vector, start from the first
// eight elements and add each next eight; then ((r0+r1)+(r2+r3)) +
// ((r4+r5)+(r6+r7)), each sum a lane-wise add of the vector and a
// shuffle of it (addition commutes exactly, so r1+r0 is r0+r1); then the
// last n mod 8 elements one at a time. The same additions in the same
// order as the Go code, so the same bits. Its instructions are AVX's, so
// machines with AVX2 but not AVX-512 run it too.
func pairwiseLeaf() {
	kernel("pairwiseLeaf32", "func(x *float32, n int) float32")
	Doc("pairwiseLeaf32 is pairwiseSum of 8 to 128 float32s (see pairwiseSum).")
	x := Load(Param("x"), GP64())
	n := Load(Param("n"), GP64())
	r, t := YMM(), YMM()
	VMOVUPS(Mem{Base: x}, r)
	ADDQ(U8(32), x)
	SUBQ(U8(8), n)
	Label("eights")
	CMPQ(n, U8(8))
	JL(LabelRef("tree"))
	VADDPS(Mem{Base: x}, r, r)
	ADDQ(U8(32), x)
	SUBQ(U8(8), n)
	JMP(LabelRef("eights"))
	Label("tree")
	VPERMILPS(U8(0xb1), r, t) // r1 r0 r3 r2 | r5 r4 r7 r6
	VADDPS(t, r, r)           // lane 0: r0+r1, lane 2: r2+r3, …
	VPERMILPS(U8(0x4e), r, t) // lanes 2 3 0 1 of each half
	VADDPS(t, r, r)           // lane 0: (r0+r1)+(r2+r3), lane 4: (r4+r5)+(r6+r7)
	s, hi := XMM(), XMM()
	VEXTRACTF128(U8(1), r, hi)
	VADDSS(hi, r.AsX(), s)
	Label("tail")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	VADDSS(Mem{Base: x}, s, s)
	ADDQ(U8(4), x)
	DECQ(n)
	JMP(LabelRef("tail"))
	Label("done")
	VZEROUPPER()
	Store(s, ReturnIndex(0))
	RET()
}

// extremum emits
//
//	func maxRun32(x *float32, n int) (m float32, exact bool)
//	func minRun32(x *float32, n int) (m float32, exact bool)
//
// the greatest (least) of n ≥ 1 floats, 16 lanes a vector and the last
// partial vector under a mask. exact is false when the run holds a NaN
// or its extremum is a zero: which NaN, or which of −0 and +0, the
// reduction gives depends on the order of the elements, and the caller
// scans for it. Otherwise every element equal to the extremum has its
// bits, and the result is the sequential reduction's.
func extremum(name string, op func(a, b, d reg.VecVirtual)) {
	kernel(name, "func(x *float32, n int) (m float32, exact bool)")
	Doc(name + " is the extremum of a float32 run, and whether it is exact (see extremumSIMD32).")
	x, n := GP64(), GP64()
	Load(Param("x"), x)
	Load(Param("n"), n)
	first := ZMM()
	// The first vector, or the partial one: every lane starts from x[0],
	// so masked-off lanes change nothing.
	VBROADCASTSS(Mem{Base: x}, first)
	m := ZMM()
	VMOVAPS(first, m)
	nan, k := K(), K()
	KXORW(nan, nan, nan)
	Label("vectors")
	CMPQ(n, U8(16))
	JL(LabelRef("partial"))
	v := ZMM()
	VMOVUPS(Mem{Base: x}, v)
	VCMPPS(U8(3), v, v, k)
	KORW(k, nan, nan)
	op(v, m, m)
	ADDQ(U8(64), x)
	SUBQ(U8(16), n)
	JMP(LabelRef("vectors"))
	Label("partial")
	TESTQ(n, n)
	JZ(LabelRef("lanes"))
	mask := lowLanes(n.As32())
	w := ZMM()
	VMOVAPS(first, w)
	VMOVUPS(Mem{Base: x}, mask, w)
	VCMPPS(U8(3), w, w, k)
	KORW(k, nan, nan)
	op(w, m, m)
	Label("lanes")
	// The lanes' extremum: halve the vector four times.
	h := ZMM()
	VSHUFF32X4(U8(0x4e), m, m, h)
	op(h, m, m)
	VSHUFF32X4(U8(0xb1), m, m, h)
	op(h, m, m)
	VPERMILPS(U8(0x4e), m, h)
	op(h, m, m)
	VPERMILPS(U8(0xb1), m, h)
	op(h, m, m)
	exact, zero := GP8(), XMM()
	KORTESTW(nan, nan)
	SETEQ(exact)
	VXORPS(zero, zero, zero)
	tmp := GP8()
	VUCOMISS(zero, m.AsX())
	SETNE(tmp)
	ANDB(tmp, exact)
	VZEROUPPER()
	Store(m.AsX(), ReturnIndex(0))
	Store(exact, ReturnIndex(1))
	RET()
}

// extremumAVX2 emits
//
//	func maxRun32AVX2(x *float32, n int) (m float32, nan bool)
//	func minRun32AVX2(x *float32, n int) (m float32, nan bool)
//
// extremum for AVX2 over n floats, a positive multiple of 8 (the caller
// folds the rest in Go), and whether any of them is NaN.
func extremumAVX2(name string, op func(a, b, d reg.VecVirtual)) {
	kernel(name, "func(x *float32, n int) (m float32, nan bool)")
	Doc(name + " is the extremum of a float32 run of whole vectors, and whether it holds a NaN (see extremumSIMD32).")
	x, n := GP64(), GP64()
	Load(Param("x"), x)
	Load(Param("n"), n)
	m, nans := YMM(), YMM()
	VMOVUPS(Mem{Base: x}, m)
	VCMPPS(U8(3), m, m, nans)
	ADDQ(U8(32), x)
	SUBQ(U8(8), n)
	Label("vectors")
	CMPQ(n, U8(8))
	JL(LabelRef("lanes"))
	v, t := YMM(), YMM()
	VMOVUPS(Mem{Base: x}, v)
	VCMPPS(U8(3), v, v, t)
	VORPS(t, nans, nans)
	op(v, m, m)
	ADDQ(U8(32), x)
	SUBQ(U8(8), n)
	JMP(LabelRef("vectors"))
	Label("lanes")
	// The lanes' extremum: halve the vector three times.
	h := YMM()
	VPERM2F128(U8(0x01), m, m, h)
	op(h, m, m)
	VPERMILPS(U8(0x4e), m, h)
	op(h, m, m)
	VPERMILPS(U8(0xb1), m, h)
	op(h, m, m)
	g, nan := GP32(), GP8()
	VMOVMSKPS(nans, g)
	TESTL(g, g)
	SETNE(nan)
	VZEROUPPER()
	Store(m.AsX(), ReturnIndex(0))
	Store(nan, ReturnIndex(1))
	RET()
}

func reduceKernels() {
	pairwiseLeaf()
	maxOp := func(a, b, d reg.VecVirtual) { VMAXPS(a, b, d) }
	minOp := func(a, b, d reg.VecVirtual) { VMINPS(a, b, d) }
	extremum("maxRun32", maxOp)
	extremum("minRun32", minOp)
	extremumAVX2("maxRun32AVX2", maxOp)
	extremumAVX2("minRun32AVX2", minOp)
}
