package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// rowKernels emits
//
//	func copyRows32(dst, src *float32, rows, width, stride int)
//	func addRows32(dst, src *float32, rows, width, stride int)
//
// which move rows of width floats between a strided matrix and a packed
// one: copyRows32 copies row r of src (stride floats apart) to
// dst[r·width:], and addRows32 adds src[r·width:] onto row r of dst
// (stride apart). They are im2col's and col2im's inner loops on a
// convolution's short output rows (28 and 10 floats in LeNet5), where a
// call of memmove per row cost more than the row: 16 floats a vector and
// the row's tail under a mask.
func rowKernels() {
	rows("copyRows32", "copyRows32 copies rows rows of width floats from src, stride floats apart, to dst, packed.", false)
	rows("addRows32", "addRows32 adds rows rows of width floats from src, packed, onto dst, stride floats apart.", true)
}

func rows(name, doc string, add bool) {
	kernel(name, "func(dst, src *float32, rows, width, stride int)")
	Doc(doc)
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("rows"), GP64())
	width := Load(Param("width"), GP64())
	stride := Load(Param("stride"), GP64())
	SHLQ(U8(2), stride)
	// The tail mask: the width's last width mod 16 floats.
	tail, ones := GP32(), GP32()
	MOVL(U32(0xffff), ones)
	rem := GP64()
	MOVQ(width, rem)
	ANDQ(U8(15), rem)
	BZHIL(rem.As32(), ones, tail)
	k := K()
	KMOVW(tail, k)
	// The packed side advances by width floats a row, the strided side
	// by stride.
	packed := GP64()
	MOVQ(width, packed)
	SHLQ(U8(2), packed)
	move := func(from, to reg.Register, m reg.OpmaskVirtual) {
		v := ZMM()
		if m == nil {
			VMOVUPS(Mem{Base: from}, v)
		} else {
			VMOVUPS_Z(Mem{Base: from}, m, v)
		}
		if add {
			w := ZMM()
			if m == nil {
				VMOVUPS(Mem{Base: to}, w)
			} else {
				VMOVUPS_Z(Mem{Base: to}, m, w)
			}
			VADDPS(w, v, v)
		}
		if m == nil {
			VMOVUPS(v, Mem{Base: to})
		} else {
			VMOVUPS(v, m, Mem{Base: to})
		}
	}
	Label("row")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	s, d, left := GP64(), GP64(), GP64()
	MOVQ(src, s)
	MOVQ(dst, d)
	MOVQ(width, left)
	Label("vector")
	CMPQ(left, U8(16))
	JL(LabelRef("tail"))
	move(s, d, nil)
	ADDQ(U8(64), s)
	ADDQ(U8(64), d)
	SUBQ(U8(16), left)
	JMP(LabelRef("vector"))
	Label("tail")
	TESTQ(left, left)
	JZ(LabelRef("next"))
	move(s, d, k)
	Label("next")
	if add {
		ADDQ(packed, src)
		ADDQ(stride, dst)
	} else {
		ADDQ(stride, src)
		ADDQ(packed, dst)
	}
	DECQ(n)
	JMP(LabelRef("row"))
	Label("done")
	VZEROUPPER()
	RET()
}
