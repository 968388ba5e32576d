package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// A vecISA emits the vector operations of the transcendental kernels for
// one register width: AVX-512's sixteen lanes, with masks in opmask
// registers and constants held in registers, or AVX2's eight, with masks
// in vector registers and constants read from memory (sixteen registers
// hold no more). The kernels are written once over it, so both widths
// perform the same float32 operations in the same order, which are
// approx.go's.
type vecISA interface {
	vec() reg.VecVirtual
	// constant is v in every lane, as an operand an instruction may take
	// in its first (memory-capable) source slot.
	constant(v float32) Op
	// operandReg is a constant as a register, for the slots that take
	// none from memory; load copies one into a new register.
	operandReg(c Op) reg.VecVirtual
	load(c Op) reg.VecVirtual
	zero(v reg.VecVirtual)
	// cmp is the mask of the lanes where x pred c.
	cmp(pred uint8, c Op, x reg.VecVirtual) mask
	or(a, b mask) mask
	// blend sets the lanes of dst under m to src.
	blend(m mask, src Op, dst reg.VecVirtual)
	jumpIfNone(m mask, label string)
	jumpIfAll(m mask, label string)
	roundEven(x, d reg.VecVirtual)
	// addConst is p += c and fmaConst p = p·z + c (fused), for c one
	// float32 in memory.
	addConst(c Mem, p reg.VecVirtual)
	fmaConst(c Mem, z, p reg.VecVirtual)
	// and and orBits are the bitwise and and or of a constant and x.
	and(c Op, x, d reg.VecVirtual)
	orBits(c Op, x, d reg.VecVirtual)
}

// A mask is an opmask register (AVX-512) or a vector register (AVX2).
type mask any

type avx512 struct{}

func (avx512) vec() reg.VecVirtual                    { return ZMM() }
func (avx512) constant(v float32) Op                  { return broadcast32(v) }
func (avx512) operandReg(c Op) reg.VecVirtual         { return c.(reg.VecVirtual) }
func (avx512) zero(v reg.VecVirtual)                  { VPXORD(v, v, v) }
func (avx512) roundEven(x, d reg.VecVirtual)          { VRNDSCALEPS(U8(0), x, d) }
func (avx512) addConst(c Mem, p reg.VecVirtual)       { VADDPS_BCST(c, p, p) }
func (avx512) fmaConst(c Mem, z, p reg.VecVirtual)    { VFMADD213PS_BCST(c, z, p) }
func (avx512) and(c Op, x, d reg.VecVirtual)          { VPANDD(c, x, d) }
func (avx512) orBits(c Op, x, d reg.VecVirtual)       { VPORD(c, x, d) }
func (avx512) blend(m mask, src Op, d reg.VecVirtual) { VMOVAPS(src, m.(reg.OpmaskVirtual), d) }

func (avx512) load(c Op) reg.VecVirtual {
	v := ZMM()
	VMOVAPS(c, v)
	return v
}

func (avx512) cmp(pred uint8, c Op, x reg.VecVirtual) mask {
	k := K()
	VCMPPS(U8(pred), c, x, k)
	return k
}

func (avx512) or(a, b mask) mask {
	k := K()
	KORW(a.(reg.OpmaskVirtual), b.(reg.OpmaskVirtual), k)
	return k
}

func (avx512) jumpIfNone(m mask, label string) {
	KORTESTW(m.(reg.OpmaskVirtual), m.(reg.OpmaskVirtual))
	JZ(LabelRef(label))
}

func (avx512) jumpIfAll(m mask, label string) {
	KORTESTW(m.(reg.OpmaskVirtual), m.(reg.OpmaskVirtual))
	JCS(LabelRef(label))
}

type avx2 struct{}

func (avx2) vec() reg.VecVirtual                    { return YMM() }
func (avx2) constant(v float32) Op                  { return vector32(v) }
func (avx2) operandReg(c Op) reg.VecVirtual         { return avx2{}.load(c) }
func (avx2) zero(v reg.VecVirtual)                  { VXORPS(v, v, v) }
func (avx2) roundEven(x, d reg.VecVirtual)          { VROUNDPS(U8(0), x, d) }
func (avx2) and(c Op, x, d reg.VecVirtual)          { VPAND(c, x, d) }
func (avx2) orBits(c Op, x, d reg.VecVirtual)       { VPOR(c, x, d) }
func (avx2) blend(m mask, src Op, d reg.VecVirtual) { VBLENDVPS(m.(reg.VecVirtual), src, d, d) }

func (avx2) load(c Op) reg.VecVirtual {
	v := YMM()
	VMOVUPS(c, v)
	return v
}

func (avx2) cmp(pred uint8, c Op, x reg.VecVirtual) mask {
	m := YMM()
	VCMPPS(U8(pred), c, x, m)
	return m
}

func (avx2) or(a, b mask) mask {
	m := YMM()
	VORPS(a.(reg.VecVirtual), b.(reg.VecVirtual), m)
	return m
}

func (avx2) jumpIfNone(m mask, label string) {
	g := GP32()
	VMOVMSKPS(m.(reg.VecVirtual), g)
	TESTL(g, g)
	JZ(LabelRef(label))
}

func (avx2) jumpIfAll(m mask, label string) {
	g := GP32()
	VMOVMSKPS(m.(reg.VecVirtual), g)
	CMPL(g, U8(0xff))
	JE(LabelRef(label))
}

func (avx2) addConst(c Mem, p reg.VecVirtual) {
	t := YMM()
	VBROADCASTSS(c, t)
	VADDPS(t, p, p)
}

func (avx2) fmaConst(c Mem, z, p reg.VecVirtual) {
	t := YMM()
	VBROADCASTSS(c, t)
	VFMADD213PS(t, z, p)
}

// vector32 is eight copies of v in read-only data, emitted once.
func vector32(v float32) Mem {
	key := fmt.Sprintf("vec32x%08x", math.Float32bits(v))
	if m, ok := constData[key]; ok {
		return m
	}
	m := GLOBL(key, RODATA|NOPTR)
	for i := range 8 {
		DATA(4*i, U32(math.Float32bits(v)))
	}
	constData[key] = m
	return m
}
