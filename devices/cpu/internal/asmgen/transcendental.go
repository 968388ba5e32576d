package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// transcendentals are the kernels of approx.go's exp32, log32, tanh32 and
// sigmoid32 for isa, by function name: setup puts the constants in place
// and returns the op.
func transcendentals(isa vecISA) []struct {
	name  string
	setup func() kernelOp
} {
	return []struct {
		name  string
		setup func() kernelOp
	}{
		{"exp", func() kernelOp {
			e := newExpConsts(isa)
			return func(in []reg.VecVirtual, d reg.VecVirtual) { e.exp(in[0], d) }
		}},
		{"log", func() kernelOp {
			l := newLogConsts(isa)
			return func(in []reg.VecVirtual, d reg.VecVirtual) { l.log(in[0], d) }
		}},
		{"tanh", func() kernelOp { return tanhOp(isa) }},
		{"sigmoid", func() kernelOp {
			e := newExpConsts(isa)
			sign := isa.constant(math.Float32frombits(0x80000000))
			return func(in []reg.VecVirtual, d reg.VecVirtual) {
				x := in[0]
				m, t := isa.vec(), isa.vec()
				VORPS(sign, x, m)
				e.exp(m, m)
				VADDPS(e.one, m, d)
				VDIVPS(d, isa.operandReg(e.one), d)
				VMULPS(m, d, t)
				isa.blend(isa.cmp(cmpLT, e.zero, x), t, d)
			}
		}},
	}
}

// tanhOp is tanh32: Cephes' odd polynomial below tanhSmall32, expm1 of
// 2|x| (clamped) above, x's sign put back. A vector whose lanes all take
// one branch computes only that one: after a few steps of a chain like
// the anchors', most vectors are small.
func tanhOp(isa vecISA) kernelOp {
	e := newExpConsts(isa)
	abs, small, clamp, shift, two := isa.constant(math.Float32frombits(0x7fffffff)), isa.constant(tanhSmall32),
		isa.constant(tanhClamp32), isa.constant(expShift32), isa.constant(2)
	poly := constants("tanhP", tanhPoly)
	vectors := 0
	return func(in []reg.VecVirtual, d reg.VecVirtual) {
		vectors++
		largeOnly, done := fmt.Sprintf("tanhLarge%d", vectors), fmt.Sprintf("tanhDone%d", vectors)
		x := in[0]
		a, z, p, m := isa.vec(), isa.vec(), isa.vec(), isa.vec()
		VANDPS(abs, x, a)
		small := isa.cmp(cmpLT, small, a)
		large := func(dst reg.VecVirtual) {
			// VMINPS gives its second source, a, where a is NaN, as
			// Go's min does.
			VMINPS(a, isa.operandReg(clamp), m)
			VADDPS(m, m, m)
			e.expm1Tanh(m, shift, m)
			VADDPS(two, m, p)
			VDIVPS(p, m, dst)
		}
		isa.jumpIfNone(small, largeOnly)
		VMULPS(a, a, z)
		hornerFMA(isa, p, z, poly)
		VMULPS(z, a, d)
		VFMADD213PS(a, p, d)
		isa.jumpIfAll(small, done)
		large(m)
		isa.blend(small, d, m)
		VMOVAPS(m, d)
		JMP(LabelRef(done))
		Label(largeOnly)
		large(d)
		Label(done)
		// d ≥ 0 (or NaN): OR in x's sign.
		VANDNPS(x, isa.operandReg(abs), a)
		VORPS(a, d, d)
	}
}

// expConsts are exp32's constants for an ISA.
type expConsts struct {
	isa                                                 vecISA
	max, min, log2e, ln2Hi, ln2Lo, one, zero, inf, bias Op
	poly                                                []Mem
}

func newExpConsts(isa vecISA) *expConsts {
	return &expConsts{
		isa: isa, max: isa.constant(expMax32), min: isa.constant(expMin32), log2e: isa.constant(log2e32),
		ln2Hi: isa.constant(ln2Hi32), ln2Lo: isa.constant(ln2Lo32), one: isa.constant(1), zero: isa.constant(0),
		inf: isa.constant(float32(math.Inf(1))), bias: isa.constant(math.Float32frombits(127)), poly: constants("expC", expPoly),
	}
}

// exp writes exp32(x) to d; x and d may be one register.
func (e *expConsts) exp(x, d reg.VecVirtual) {
	isa := e.isa
	n, r, t, p, rest, half := isa.vec(), isa.vec(), isa.vec(), isa.vec(), isa.vec(), isa.vec()
	VMULPS(e.log2e, x, n)
	isa.roundEven(n, n)
	VMULPS(e.ln2Hi, n, t)
	VSUBPS(t, x, r)
	VMULPS(e.ln2Lo, n, t)
	VSUBPS(t, r, r)
	horner(isa, p, r, e.poly)
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
	// Out of range and NaN lanes, decided on x as exp32's switch does.
	isa.blend(isa.cmp(cmpGT, e.max, x), e.inf, p)
	isa.blend(isa.cmp(cmpLT, e.min, x), e.zero, p)
	isa.blend(isa.cmp(cmpUnord, x, x), x, p)
	VMOVAPS(p, d)
}

// expm1Tanh writes expm1Tanh32(x) to d; shift holds expShift32.
func (e *expConsts) expm1Tanh(x reg.VecVirtual, shift Op, d reg.VecVirtual) {
	isa := e.isa
	n, r, p, s := isa.vec(), isa.vec(), isa.vec(), isa.vec()
	t := isa.load(shift)
	VFMADD231PS(e.log2e, x, t)
	VSUBPS(shift, t, n)
	VMOVAPS(x, r)
	VFNMADD231PS(e.ln2Hi, n, r)
	VFNMADD231PS(e.ln2Lo, n, r)
	hornerFMA(isa, p, r, e.poly)
	VMULPS(r, r, n)
	VFMADD213PS(r, n, p)
	VPSLLD(U8(23), t, s)
	VSUBPS(e.one, s, t)
	VFMADD213PS(t, s, p)
	VMOVAPS(p, d)
}

// logConsts are log32's constants for an ISA.
type logConsts struct {
	isa                                                                                           vecISA
	one, half, sqrtHalf, ln2Hi, ln2Lo, subnormal, scale, scaledExp, mantissa, halfExp, bias, zero Op
	negInf, nan, inf                                                                              Op
	poly                                                                                          []Mem
}

func newLogConsts(isa vecISA) *logConsts {
	return &logConsts{
		isa: isa, one: isa.constant(1), half: isa.constant(0.5), sqrtHalf: isa.constant(sqrtHalf32), ln2Hi: isa.constant(ln2Hi32),
		ln2Lo: isa.constant(ln2Lo32), subnormal: isa.constant(math.SmallestNonzeroFloat32 * (1 << 23)), scale: isa.constant(1 << 23),
		scaledExp: isa.constant(-23), mantissa: isa.constant(math.Float32frombits(1<<23 - 1)),
		halfExp: isa.constant(math.Float32frombits(0x3f000000)), bias: isa.constant(math.Float32frombits(126)), zero: isa.constant(0),
		negInf: isa.constant(float32(math.Inf(-1))), nan: isa.constant(float32(math.NaN())), inf: isa.constant(float32(math.Inf(1))),
		poly: constants("logP", logPoly),
	}
}

// log writes log32(x) to d; x and d may be one register.
func (l *logConsts) log(x, d reg.VecVirtual) {
	isa := l.isa
	xs, e, t, m, z, p := isa.vec(), isa.vec(), isa.vec(), isa.vec(), isa.vec(), isa.vec()
	// Subnormals (and the lanes the specials below replace) scaled by
	// 2^23, their exponent starting at −23.
	sub := isa.cmp(cmpLT, l.subnormal, x)
	VMOVAPS(x, xs)
	VMULPS(l.scale, x, t)
	isa.blend(sub, t, xs)
	isa.zero(e)
	isa.blend(sub, l.scaledExp, e)
	VPSRLD(U8(23), xs, t)
	VPSUBD(l.bias, t, t)
	VCVTDQ2PS(t, t)
	VADDPS(t, e, e)
	isa.and(l.mantissa, xs, m)
	isa.orBits(l.halfExp, m, m)
	low := isa.cmp(cmpLT, l.sqrtHalf, m)
	VSUBPS(l.one, e, t)
	isa.blend(low, t, e)
	VADDPS(m, m, t)
	isa.blend(low, t, m)
	VSUBPS(l.one, m, m)
	VMULPS(m, m, z)
	horner(isa, p, m, l.poly)
	VMULPS(m, p, p)
	VMULPS(z, p, p)
	VMULPS(l.ln2Lo, e, t)
	VADDPS(t, p, p)
	VMULPS(l.half, z, t)
	VSUBPS(t, p, p)
	VADDPS(p, m, p)
	VMULPS(l.ln2Hi, e, t)
	VADDPS(t, p, p)
	// The specials, decided on x as log32's switch does.
	isa.blend(isa.cmp(cmpEQ, l.zero, x), l.negInf, p)
	isa.blend(isa.cmp(cmpLT, l.zero, x), l.nan, p)
	isa.blend(isa.or(isa.cmp(cmpUnord, x, x), isa.cmp(cmpEQ, l.inf, x)), x, p)
	VMOVAPS(p, d)
}

// hornerFMA writes ((c0·z + c1)·z + …) + cn to p, each step one fused
// multiply-add.
func hornerFMA(isa vecISA, p, z reg.VecVirtual, c []Mem) {
	VBROADCASTSS(c[0], p)
	for _, ci := range c[1:] {
		isa.fmaConst(ci, z, p)
	}
}

// horner writes ((c0·z + c1)·z + …) + cn to p, each product rounded.
func horner(isa vecISA, p, z reg.VecVirtual, c []Mem) {
	VBROADCASTSS(c[0], p)
	for _, ci := range c[1:] {
		VMULPS(z, p, p)
		isa.addConst(ci, p)
	}
}
