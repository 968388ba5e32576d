package main

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// poolGradHalving emits
//
//	func maxPoolGradHalving32(x, dy, dx *float32, oh, ow, w int)
//
// MaxPool2DGrad of one plane for a halving pooling (2×2 windows, stride
// 2, no padding): for each of oh output rows it reads the input rows 2oy
// and 2oy+1 (w floats apart) and writes the same 2ow columns of dx, each
// window's dy at its first maximum and +0 at its other three positions.
// Eight windows are one vector pair, and nothing is scattered.
//
// A window's maximum reaches all four of its lanes through an in-lane
// pair swap and a max of the two rows; each lane then compares equal to
// it or not, and the first equal lane in window order (top left, top
// right, bottom left, bottom right) is chosen with bit arithmetic on the
// compare masks. A window holding a NaN chooses its first NaN instead, as
// poolArgmax does. The chosen lanes get dy + 0, so that a dy of −0 gives
// +0 there as the Go code's add onto a cleared dx does.
func poolGradHalving() {
	kernel("maxPoolGradHalving32", "func(x, dy, dx *float32, oh, ow, w int)")
	Doc("maxPoolGradHalving32 is MaxPool2DGrad of one plane of a halving pooling (see maxPoolGradHalvingSIMD32).")
	ow := Load(Param("ow"), GP64())
	rowBytes := Load(Param("w"), GP64())
	SHLQ(U8(2), rowBytes)
	// The planes' bases and the row count stay in the argument frame: too
	// few registers.
	x, dy, dx, oh := arg("x"), arg("dy"), arg("dx"), arg("oh")
	zero := ZMM()
	VXORPS(zero, zero, zero)
	r0, d0, g := GP64(), GP64(), GP64()
	overWindows(ow, oh, func(oy reg.GPVirtual) {
		// r0 and d0 point at row 2oy of x and dx, g at row oy of dy.
		rowAt(r0, oy, rowBytes, 1, x)
		rowAt(d0, oy, rowBytes, 1, dx)
		rowAt(g, oy, ow, 2, dy)
	}, func(left reg.GPVirtual) {
		// Up to eight windows: dy's lanes under gm, the rows' under xm.
		gm, xm := windowMasks(left)
		a, b := loadWindows(r0, rowBytes, xm)
		m, t := ZMM(), ZMM()
		VPERMILPS(U8(0xb1), a, t)
		VMAXPS(t, a, m)
		VPERMILPS(U8(0xb1), b, t)
		VMAXPS(t, b, t)
		VMAXPS(t, m, m)
		// ka, kb: lanes equal to their window's maximum; na, nb: NaN lanes.
		k := K()
		ka, kb, na, nb := GP32(), GP32(), GP32(), GP32()
		VCMPPS(U8(0), m, a, k) // EQ_OQ
		KMOVW(k, ka)
		VCMPPS(U8(0), m, b, k)
		KMOVW(k, kb)
		VCMPPS(U8(3), a, a, k) // UNORD_Q
		KMOVW(k, na)
		VCMPPS(U8(3), b, b, k)
		KMOVW(k, nb)
		// A window with a NaN chooses among its NaN lanes only.
		nan := GP32()
		MOVL(na, nan)
		ORL(nb, nan)
		spreadPairs(nan)
		ANDNL(ka, nan, ka)
		ORL(na, ka)
		ANDNL(kb, nan, kb)
		ORL(nb, kb)
		// top: ka's first lane of each pair; bottom: kb's, in windows where
		// the top row has none.
		any := GP32()
		MOVL(ka, any)
		spreadPairs(any)
		firstOfPairs(ka)
		firstOfPairs(kb)
		ANDNL(kb, any, kb)
		// dy of eight windows, each twice: [g0, g0, g1, g1, …].
		gz, gv := ZMM(), YMM()
		VMOVUPS_Z(Mem{Base: g}, gm, gv)
		VPMOVZXDQ(gv, gz)
		VMOVSLDUP(gz, gz)
		for i, sel := range []reg.GPVirtual{ka, kb} {
			out := ZMM()
			KMOVW(sel, k)
			VMOVAPS_Z(gz, k, out)
			VADDPS(zero, out, out)
			if i == 0 {
				VMOVUPS(out, xm, Mem{Base: d0})
			} else {
				VMOVUPS(out, xm, Mem{Base: d0, Index: rowBytes, Scale: 1})
			}
		}
		ADDQ(U8(64), r0)
		ADDQ(U8(64), d0)
		ADDQ(U8(32), g)
	})
}

// rowAt sets p to base + (oy·size << shift): row oy of a plane whose
// rows are size << shift bytes apart.
func rowAt(p, oy reg.GPVirtual, size reg.Register, shift uint8, base Mem) {
	MOVQ(oy, p)
	IMULQ(size, p)
	SHLQ(U8(shift), p)
	ADDQ(base, p)
}

// windowMasks gives the masks of the next min(left, 8) windows of a row
// pair: one lane a window (dy's, or the output's), and the two lanes
// each window has in a row.
func windowMasks(left reg.GPVirtual) (windows, lanes reg.OpmaskVirtual) {
	n, ones, bits := GP64(), GP32(), GP32()
	MOVQ(U32(8), n)
	CMPQ(left, n)
	CMOVQLT(left, n)
	MOVL(U32(0xffff), ones)
	BZHIL(n.As32(), ones, bits)
	windows, lanes = K(), K()
	KMOVW(bits, windows)
	SHLL(U8(1), n.As32())
	BZHIL(n.As32(), ones, bits)
	KMOVW(bits, lanes)
	return windows, lanes
}

// loadWindows loads the lanes of a row pair's next windows: the top row
// at r0, the bottom rowBytes after it.
func loadWindows(r0, rowBytes reg.Register, lanes reg.OpmaskVirtual) (top, bottom reg.VecVirtual) {
	top, bottom = ZMM(), ZMM()
	VMOVUPS_Z(Mem{Base: r0}, lanes, top)
	VMOVUPS_Z(Mem{Base: r0, Index: rowBytes, Scale: 1}, lanes, bottom)
	return top, bottom
}

// spreadPairs sets both bits of each pair of lanes (0–1, 2–3, …) of a
// 16-lane mask where either is set: the lanes of a pooling window's row.
func spreadPairs(mask reg.GPVirtual) {
	t := GP32()
	MOVL(mask, t)
	SHRL(U8(1), t)
	ORL(t, mask)
	ANDL(U32(0x5555), mask)
	MOVL(mask, t)
	SHLL(U8(1), t)
	ORL(t, mask)
}

// firstOfPairs keeps, of each pair of lanes of a 16-lane mask, the first
// set bit: the even lane if set, else the odd one.
func firstOfPairs(mask reg.GPVirtual) {
	t := GP32()
	MOVL(mask, t)
	ANDL(U32(0x5555), t)
	SHLL(U8(1), t)
	NOTL(t)
	ANDL(t, mask)
}

// poolHalving emits
//
//	func maxPoolHalving32(x, y *float32, oh, ow, w int)
//
// MaxPool2D of one plane for a halving pooling: output row oy's ow floats
// are the maxima of the 2×2 windows over input rows 2oy and 2oy+1 (w
// floats apart), eight windows a vector pair. Each max is Go's, bit for
// bit (goMax), and in maxPoolHalving's order: the top pair's, the bottom
// pair's, then theirs.
func poolHalving() {
	kernel("maxPoolHalving32", "func(x, y *float32, oh, ow, w int)")
	Doc("maxPoolHalving32 is MaxPool2D of one plane of a halving pooling (see maxPoolHalving).")
	ow := Load(Param("ow"), GP64())
	rowBytes := Load(Param("w"), GP64())
	SHLQ(U8(2), rowBytes)
	x, y, oh := arg("x"), arg("y"), arg("oh")
	even, bits := K(), GP32()
	MOVL(U32(0x5555), bits)
	KMOVW(bits, even)
	sign := broadcast32(float32(math.Copysign(0, -1)))
	r0, o := GP64(), GP64()
	overWindows(ow, oh, func(oy reg.GPVirtual) {
		rowAt(r0, oy, rowBytes, 1, x)
		rowAt(o, oy, ow, 2, y)
	}, func(left reg.GPVirtual) {
		ym, xm := windowMasks(left)
		a, b := loadWindows(r0, rowBytes, xm)
		t := ZMM()
		// Even lane 2i: max(left, right) of window i's pair, in that order.
		VPERMILPS(U8(0xb1), a, t)
		goMax(a, t, a, sign)
		VPERMILPS(U8(0xb1), b, t)
		goMax(b, t, b, sign)
		goMax(a, b, a, sign)
		VCOMPRESSPS(a, even, a)
		VMOVUPS(a.AsY(), ym, Mem{Base: o})
		ADDQ(U8(64), r0)
		ADDQ(U8(32), o)
	})
}

// overWindows emits a pooling kernel's loops and its return: for each of
// oh output rows, start(oy) points at the row's data; then body handles
// the next min(left, 8) windows of ow and advances past them.
func overWindows(ow reg.Register, oh Mem, start func(oy reg.GPVirtual), body func(left reg.GPVirtual)) {
	oy, left := GP64(), GP64()
	XORQ(oy, oy)
	Label("row")
	CMPQ(oy, oh)
	JGE(LabelRef("done"))
	start(oy)
	MOVQ(ow, left)
	Label("windows")
	TESTQ(left, left)
	JZ(LabelRef("nextrow"))
	body(left)
	SUBQ(U8(8), left)
	JGE(LabelRef("windows"))
	Label("nextrow")
	INCQ(oy)
	JMP(LabelRef("row"))
	Label("done")
	VZEROUPPER()
	RET()
}

// goMax sets dst to Go's max(x, y) lane by lane, as the compiler computes
// it on amd64: −min(−x, −y), where min(a, b) is MINSS(MINSS(a, b), a) OR
// MINSS(a, b), and MINSS(a, b) is a < b ? a : b. So a NaN operand gives a
// NaN, the one Go's max would give, and max(−0, +0) is +0. sign holds
// the sign bit in every lane.
func goMax(x, y, dst, sign reg.VecVirtual) {
	nx, ny, m, m2 := ZMM(), ZMM(), ZMM(), ZMM()
	VXORPS(sign, x, nx)
	VXORPS(sign, y, ny)
	// Go's VMINPS(b, a, d) is d = a < b ? a : b.
	VMINPS(ny, nx, m)
	VMINPS(nx, m, m2)
	VORPS(m, m2, m2)
	VXORPS(sign, m2, dst)
}
