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
	rem := GP64()
	MOVQ(width, rem)
	ANDQ(U8(15), rem)
	k := lowLanes(rem.As32())
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

// col2imNarrow emits
//
//	func col2imNarrow32(dst, cols *float32, h, w, oh, ow, kh, kw int)
//
// col2im of one channel for a convolution with unit strides and
// dilations, no padding and input rows of at most 16 floats: onto each
// row of dst (h rows of w floats) it adds the column rows that land on
// it, in col2im's order (kernel row, then column), in a register loaded
// from the row and stored back once. Adding a shifted column row into dst in memory, as
// addRows32 does, stalls on the store of the overlapping row the tap
// before wrote; here a tap's row is read shifted by a masked load instead.
func col2imNarrow() {
	kernel("col2imNarrow32", "func(dst, cols *float32, h, w, oh, ow, kh, kw int)")
	Doc("col2imNarrow32 is col2im of one channel with unit strides, no padding and rows of at most 16 floats (see col2im).")
	dst := Load(Param("dst"), GP64())
	cols := Load(Param("cols"), GP64())
	w, ow := GP64(), GP64()
	Load(Param("w"), w)
	Load(Param("ow"), ow)
	// The loop bounds stay in the argument frame: too few registers.
	h, oh, kh, kw := arg("h"), arg("oh"), arg("kh"), arg("kw")
	ones, bits := GP32(), GP32()
	MOVL(U32(0xffff), ones)
	// The row mask: w lanes; a tap's mask: ow lanes from lane j.
	rowMask, tapBits := K(), GP32()
	BZHIL(w.As32(), ones, bits)
	KMOVW(bits, rowMask)
	BZHIL(ow.As32(), ones, tapBits)
	// Byte strides: a column row (one tap) is oh·ow floats, an output row
	// ow floats, an input row w floats.
	tapStride, outRow := GP64(), GP64()
	MOVQ(ow, tapStride)
	IMULQ(oh, tapStride)
	SHLQ(U8(2), tapStride)
	MOVQ(ow, outRow)
	SHLQ(U8(2), outRow)
	iy, i, j, oy, p, tapMask, m := GP64(), GP64(), GP64(), GP64(), GP64(), GP32(), K()
	acc, v := ZMM(), ZMM()
	XORQ(iy, iy)
	Label("row")
	CMPQ(iy, h)
	JGE(LabelRef("done"))
	VMOVUPS_Z(Mem{Base: dst}, rowMask, acc)
	XORQ(i, i)
	Label("krow")
	CMPQ(i, kh)
	JGE(LabelRef("store"))
	// oy = iy − i must lie in [0, oh).
	MOVQ(iy, oy)
	SUBQ(i, oy)
	JL(LabelRef("nextkrow"))
	CMPQ(oy, oh)
	JGE(LabelRef("nextkrow"))
	// p: the column row of tap (i, 0) at output row oy.
	MOVQ(i, p)
	IMULQ(kw, p)
	IMULQ(tapStride, p)
	ADDQ(cols, p)
	t := GP64()
	MOVQ(oy, t)
	IMULQ(outRow, t)
	ADDQ(t, p)
	XORQ(j, j)
	MOVL(tapBits, tapMask)
	Label("tap")
	CMPQ(j, kw)
	JGE(LabelRef("nextkrow"))
	// Lane l takes column ox = l − j: read from 4j bytes before the row.
	KMOVW(tapMask, m)
	MOVQ(j, t)
	SHLQ(U8(2), t)
	NEGQ(t)
	ADDQ(p, t)
	VMOVUPS_Z(Mem{Base: t}, m, v)
	VADDPS(v, acc, m, acc)
	ADDQ(tapStride, p)
	SHLL(U8(1), tapMask)
	INCQ(j)
	JMP(LabelRef("tap"))
	Label("nextkrow")
	INCQ(i)
	JMP(LabelRef("krow"))
	Label("store")
	VMOVUPS(acc, rowMask, Mem{Base: dst})
	MOVQ(w, t)
	SHLQ(U8(2), t)
	ADDQ(t, dst)
	INCQ(iy)
	JMP(LabelRef("row"))
	Label("done")
	VZEROUPPER()
	RET()
}

// arg is a function argument in memory, for a kernel short of registers.
func arg(name string) Mem {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// im2colNarrow emits
//
//	func im2colNarrow32(dst, src *float32, w, oh, ow, kh, kw int)
//
// im2col of one channel for a convolution with unit strides and
// dilations, no padding and output rows of at most 32 floats: the column
// row of tap (i, j) is, for each output row oy, the ow floats of input
// row oy+i from column j, two masked loads and stores each (the second
// empty for rows of 16 or fewer), with no call or bounds arithmetic per
// tap as im2col's loop has.
func im2colNarrow() {
	kernel("im2colNarrow32", "func(dst, src *float32, w, oh, ow, kh, kw int)")
	Doc("im2colNarrow32 is im2col of one channel with unit strides, no padding and output rows of at most 32 floats (see im2col).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	w, ow := GP64(), GP64()
	Load(Param("w"), w)
	Load(Param("ow"), ow)
	oh, kh, kw := arg("oh"), arg("kh"), arg("kw")
	// m1: the row's first min(ow, 16) floats; m2: the max(ow−16, 0)
	// after them.
	ones, bits, rest, zero := GP32(), GP32(), GP32(), GP32()
	MOVL(U32(0xffff), ones)
	BZHIL(ow.As32(), ones, bits)
	m1, m2 := K(), K()
	KMOVW(bits, m1)
	XORL(zero, zero)
	MOVL(ow.As32(), rest)
	SUBL(U8(16), rest)
	CMOVLLT(zero, rest)
	BZHIL(rest, ones, bits)
	KMOVW(bits, m2)
	// The second vector's offset: 64 bytes, or 0 when m2 is empty, so
	// that an empty access never reaches past the row, where a page may
	// not be mapped (see transposedBlocks).
	second := GP64()
	XORQ(second, second)
	MOVQ(U32(64), rest.As64())
	CMPQ(ow, U8(16))
	CMOVQGT(rest.As64(), second)
	SHLQ(U8(2), w)
	SHLQ(U8(2), ow)
	i, j, oy, row, tap := GP64(), GP64(), GP64(), GP64(), GP64()
	v1, v2 := ZMM(), ZMM()
	// tap is the input under tap (i, j) at output row 0: src + 4(i·w + j).
	XORQ(i, i)
	Label("krow")
	CMPQ(i, kh)
	JGE(LabelRef("done"))
	XORQ(j, j)
	Label("kcol")
	CMPQ(j, kw)
	JGE(LabelRef("nextkrow"))
	MOVQ(i, tap)
	IMULQ(w, tap)
	LEAQ(Mem{Base: tap, Index: j, Scale: 4}, tap)
	ADDQ(src, tap)
	XORQ(oy, oy)
	MOVQ(tap, row)
	Label("orow")
	CMPQ(oy, oh)
	JGE(LabelRef("nextkcol"))
	VMOVUPS_Z(Mem{Base: row}, m1, v1)
	VMOVUPS_Z(Mem{Base: row, Index: second, Scale: 1}, m2, v2)
	VMOVUPS(v1, m1, Mem{Base: dst})
	VMOVUPS(v2, m2, Mem{Base: dst, Index: second, Scale: 1})
	ADDQ(w, row)
	ADDQ(ow, dst)
	INCQ(oy)
	JMP(LabelRef("orow"))
	Label("nextkcol")
	INCQ(j)
	JMP(LabelRef("kcol"))
	Label("nextkrow")
	INCQ(i)
	JMP(LabelRef("krow"))
	Label("done")
	VZEROUPPER()
	RET()
}
