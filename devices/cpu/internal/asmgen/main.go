// Command asmgen writes the assembly of package cpu with avo
// (github.com/mmcloughlin/avo): the AVX-512 GEMM micro-kernels and the
// float32 elementwise kernels. Run it
// through go generate in devices/cpu; the output is committed, so building
// msrepl never runs it.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	Package("msrepl/devices/cpu")
	ConstraintExpr("amd64")
	microKernel(float32Kernel)
	microKernel(float64Kernel)
	microKernel(float32KernelAVX2)
	microKernel(float64KernelAVX2)
	transposedPanel()
	transposedBlocks()
	rowPanel()
	rowBlocks()
	elementwiseKernels()
	rowKernels()
	col2imNarrow()
	im2colNarrow()
	poolGradHalving()
	poolHalving()
	reduceKernels()
	avx2Kernels()
	Generate()
}

// transposedPanel emits
//
//	func packBTrans32AVX512(dst, src *float32, idx *int32, k int, mask uint32)
//
// which packs a 32-column panel of a transposed B: for each of k inner
// indices p, dst[32p+j] gets src[idx[j] + p] for the columns j whose bit is
// set in mask, and 0 for the others (past the matrix's last column). idx
// holds the rows' offsets (j·ldb). Two gathers per panel row replace 32
// scalar loads and stores with a stride of ldb.
func transposedPanel() {
	kernel("packBTrans32AVX512", "func(dst, src *float32, idx *int32, k int, mask uint32)")
	Doc("packBTrans32AVX512 packs a 32-column panel of a transposed B (see packB).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	k := Load(Param("k"), GP64())
	lo := Load(Param("mask"), GP32())
	hi := GP32()
	MOVL(lo, hi)
	SHRL(U8(16), hi)
	VMOVDQU32(Mem{Base: idx}, reg.Z2)
	VMOVDQU32(Mem{Base: idx, Disp: 64}, reg.Z3)
	Label("rows")
	TESTQ(k, k)
	JZ(LabelRef("packed"))
	// A gather clears its mask as it goes, so each needs it afresh; lanes
	// it skips keep the zero they start with.
	VPXORD(reg.Z0, reg.Z0, reg.Z0)
	KMOVW(lo, reg.K1)
	VGATHERDPS(Mem{Base: src, Index: reg.Z2, Scale: 4}, reg.K1, reg.Z0)
	VPXORD(reg.Z1, reg.Z1, reg.Z1)
	KMOVW(hi, reg.K2)
	VGATHERDPS(Mem{Base: src, Index: reg.Z3, Scale: 4}, reg.K2, reg.Z1)
	VMOVUPS(reg.Z0, Mem{Base: dst})
	VMOVUPS(reg.Z1, Mem{Base: dst, Disp: 64})
	ADDQ(U8(4), src)
	ADDQ(U8(128), dst)
	DECQ(k)
	JMP(LabelRef("rows"))
	Label("packed")
	VZEROUPPER()
	RET()
}

// transposedBlocks emits
//
//	func packBTrans32Blocks(dst, src *float32, ldb, blocks, rows int)
//
// which packs 16·blocks inner indices of a 32-column panel of a transposed
// B, as packBTrans32AVX512 does, by transposing 16×16 blocks in registers:
// loads and stores of whole vectors, and shuffles, where the gathers load
// one element at a time. src is row 0 of the panel's rows (1 to 32, the
// panel's columns once transposed), ldb elements apart; the columns past
// rows are zeros, read from no memory.
func transposedBlocks() {
	kernel("packBTrans32Blocks", "func(dst, src *float32, ldb, blocks, rows int)")
	Doc("packBTrans32Blocks packs a 32-column panel of a transposed B, 16 inner indices at a time (see packB).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	ldb := Load(Param("ldb"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rows := Load(Param("rows"), GP64())
	SHLQ(U8(2), ldb)
	ones, lanes := GP32(), GP32()
	MOVL(U32(0xffff), ones)
	k := K()
	row, at := GP64(), GP64()
	r := zmm[:16]
	t := zmm[16:]
	Label("block")
	TESTQ(blocks, blocks)
	JZ(LabelRef("packed"))
	for half := range 2 {
		// Rows 16·half to 16·half+15, inner indices 16 at a time.
		MOVQ(src, row)
		if half == 1 {
			for range 16 {
				ADDQ(ldb, row)
			}
		}
		for i := range 16 {
			// All lanes for a row of B, none past them: a masked load
			// reads nothing where its mask is clear. Its address stays
			// B's first row all the same: an address past B may lie in
			// a page not mapped, and a masked load there, though it
			// suppresses the fault, costs a microcode assist of
			// thousands of cycles on Zen (a 32×10×84 product ran ten
			// times slower whenever B ended near one).
			XORL(lanes, lanes)
			MOVQ(src, at)
			CMPQ(rows, U8(16*half+i))
			CMOVLGT(ones, lanes)
			CMOVQGT(row, at)
			KMOVW(lanes, k)
			VMOVUPS_Z(Mem{Base: at}, k, r[i])
			if i < 15 {
				ADDQ(ldb, row)
			}
		}
		transpose16(r, t)
		// Column q of the block is row q of the panel's block: the
		// 16 floats at dst + 32q + 16·half.
		for q := range 16 {
			VMOVUPS(r[q], Mem{Base: dst, Disp: 4 * (32*q + 16*half)})
		}
	}
	ADDQ(U32(64), src)
	ADDQ(U32(4*32*16), dst)
	DECQ(blocks)
	JMP(LabelRef("block"))
	Label("packed")
	VZEROUPPER()
	RET()
}

// rowBlocks emits
//
//	func packA16Blocks(dst, src *float32, lda, kb, blocks int, alpha float32)
//
// which packs 16·blocks inner indices of two consecutive full 8-row panels
// of a row-major A, times alpha, as packA8AVX512 does for one, by
// transposing 16×16 blocks in registers. src is row 0 of the 16 rows, lda
// elements apart; the second panel starts kb·8 elements after the first.
func rowBlocks() {
	kernel("packA16Blocks", "func(dst, src *float32, lda, kb, blocks int, alpha float32)")
	Doc("packA16Blocks packs two full 8-row panels of A, times alpha, 16 inner indices at a time (see packA).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	lda := Load(Param("lda"), GP64())
	second := Load(Param("kb"), GP64())
	blocks := Load(Param("blocks"), GP64())
	SHLQ(U8(2), lda)
	SHLQ(U8(5), second) // kb·8 floats, in bytes
	ADDQ(dst, second)
	row := GP64()
	r, t := zmm[:16], zmm[16:]
	Label("block")
	TESTQ(blocks, blocks)
	JZ(LabelRef("packed"))
	MOVQ(src, row)
	for i := range 16 {
		VMOVUPS(Mem{Base: row}, r[i])
		if i < 15 {
			ADDQ(lda, row)
		}
	}
	transpose16(r, t)
	// The scratch registers are free again.
	alpha := t[0]
	VBROADCASTSS(NewParamAddr("alpha", 40), alpha)
	// Column q holds rows 0–15 at inner index q: rows 0–7 are row q of
	// the first panel, rows 8–15 row q of the second.
	for q := range 16 {
		VMULPS(alpha, r[q], r[q])
		VMOVUPS(r[q].AsY(), Mem{Base: dst, Disp: 4 * 8 * q})
		VEXTRACTF64X4(U8(1), r[q], Mem{Base: second, Disp: 4 * 8 * q})
	}
	ADDQ(U32(64), src)
	ADDQ(U32(4*8*16), dst)
	ADDQ(U32(4*8*16), second)
	DECQ(blocks)
	JMP(LabelRef("block"))
	Label("packed")
	VZEROUPPER()
	RET()
}

// transpose16 transposes the 16×16 floats in the rows r, using t as
// scratch: r[q] ends up holding column q. Pairs of rows interleave
// elements, then pairs of pairs interleave element pairs, then 128-bit
// lanes are exchanged twice.
func transpose16(r, t []reg.VecPhysical) {
	for i := 0; i < 16; i += 2 {
		VUNPCKLPS(r[i+1], r[i], t[i])
		VUNPCKHPS(r[i+1], r[i], t[i+1])
	}
	for i := 0; i < 16; i += 4 {
		VUNPCKLPD(t[i+2], t[i], r[i])
		VUNPCKHPD(t[i+2], t[i], r[i+1])
		VUNPCKLPD(t[i+3], t[i+1], r[i+2])
		VUNPCKHPD(t[i+3], t[i+1], r[i+3])
	}
	for h := 0; h < 16; h += 8 {
		for i := range 4 {
			VSHUFF32X4(U8(0x88), r[h+i+4], r[h+i], t[h+i])
			VSHUFF32X4(U8(0xdd), r[h+i+4], r[h+i], t[h+i+4])
		}
	}
	for i := range 8 {
		VSHUFF32X4(U8(0x88), t[i+8], t[i], r[i])
		VSHUFF32X4(U8(0xdd), t[i+8], t[i], r[i+8])
	}
}

// rowPanel emits
//
//	func packA8AVX512(dst, src *float32, idx *int32, k int, alpha float32, mask uint8)
//
// which packs an 8-row panel of a row-major A, scaled: for each of k inner
// indices p, dst[8p+i] gets alpha·src[idx[i] + p] for the rows i whose bit
// is set in mask, and 0 for the others (past the matrix's last row). idx
// holds the rows' offsets (i·lda). A gather per panel row replaces eight
// stores with a stride of eight.
func rowPanel() {
	kernel("packA8AVX512", "func(dst, src *float32, idx *int32, k int, alpha float32, mask uint8)")
	Doc("packA8AVX512 packs an 8-row panel of A, times alpha (see packA).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	k := Load(Param("k"), GP64())
	mask := Load(Param("mask"), GP32())
	VBROADCASTSS(NewParamAddr("alpha", 32), reg.Y4)
	VMOVDQU32(Mem{Base: idx}, reg.Y2)
	Label("cols")
	TESTQ(k, k)
	JZ(LabelRef("packed"))
	VPXORD(reg.Y0, reg.Y0, reg.Y0)
	KMOVW(mask, reg.K1)
	VGATHERDPS(Mem{Base: src, Index: reg.Y2, Scale: 4}, reg.K1, reg.Y0)
	VMULPS(reg.Y4, reg.Y0, reg.Y0)
	VMOVUPS(reg.Y0, Mem{Base: dst})
	ADDQ(U8(4), src)
	ADDQ(U8(32), dst)
	DECQ(k)
	JMP(LabelRef("cols"))
	Label("packed")
	VZEROUPPER()
	RET()
}

// A kernelSpec is one element type's micro-kernel: an mr×(vecs·lanes)
// tile of C accumulated in zmm registers.
type kernelSpec struct {
	name, elem string
	size       int // bytes per element
	mr, vecs   int
	// regs is the register file, width a register's bytes; the
	// accumulators start at regs[accFrom].
	regs      []reg.VecPhysical
	width     int
	accFrom   int
	broadcast func(mem, dst Op)
	fma       func(b, a, acc Op)
	add       func(mem, x, dst Op)
	move      func(src, dst Op)
}

// Eight rows of two vectors: 16 accumulators, enough independent FMA
// chains to cover the FMA units' latency, and per inner index two loads of
// B and eight broadcasts of A for sixteen FMAs.
var (
	float32Kernel = kernelSpec{name: "sgemmKernel8x32AVX512", elem: "float32", size: 4, mr: 8, vecs: 2,
		regs: zmm, width: 64, accFrom: 16,
		broadcast: func(m, d Op) { VBROADCASTSS(m, d) }, fma: func(b, a, acc Op) { VFMADD231PS(b, a, acc) },
		add: func(m, x, d Op) { VADDPS(m, x, d) }, move: func(s, d Op) { VMOVUPS(s, d) }}
	float64Kernel = kernelSpec{name: "dgemmKernel8x16AVX512", elem: "float64", size: 8, mr: 8, vecs: 2,
		regs: zmm, width: 64, accFrom: 16,
		broadcast: func(m, d Op) { VBROADCASTSD(m, d) }, fma: func(b, a, acc Op) { VFMADD231PD(b, a, acc) },
		add: func(m, x, d Op) { VADDPD(m, x, d) }, move: func(s, d Op) { VMOVUPD(s, d) }}
)

// AVX2 has sixteen registers of 32 bytes: six rows of two vectors make
// twelve accumulators, with two for B's row and two for A's broadcasts.
var (
	float32KernelAVX2 = kernelSpec{name: "sgemmKernel6x16AVX2", elem: "float32", size: 4, mr: 6, vecs: 2,
		regs: ymm, width: 32, accFrom: 4,
		broadcast: float32Kernel.broadcast, fma: float32Kernel.fma, add: float32Kernel.add, move: float32Kernel.move}
	float64KernelAVX2 = kernelSpec{name: "dgemmKernel6x8AVX2", elem: "float64", size: 8, mr: 6, vecs: 2,
		regs: ymm, width: 32, accFrom: 4,
		broadcast: float64Kernel.broadcast, fma: float64Kernel.fma, add: float64Kernel.add, move: float64Kernel.move}
)

var ymm = []reg.VecPhysical{reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7,
	reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14, reg.Y15}

var zmm = []reg.VecPhysical{reg.Z0, reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5, reg.Z6, reg.Z7,
	reg.Z8, reg.Z9, reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15,
	reg.Z16, reg.Z17, reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23,
	reg.Z24, reg.Z25, reg.Z26, reg.Z27, reg.Z28, reg.Z29, reg.Z30, reg.Z31}

// microKernel emits
//
//	func name(k int, a, b, c *elem, ldc, rows int)
//
// which adds the product of an A panel (k×mr, row p holding A[0:mr, p])
// and a B panel (k×nr, row-major) to the first rows rows of the mr×nr
// tile of C at c, whose rows are ldc elements apart, or writes it there
// without reading C when load is false.
func microKernel(s kernelSpec) {
	kernel(s.name, fmt.Sprintf("func(k int, a, b, c *%s, ldc, rows int, load bool)", s.elem))
	Doc(fmt.Sprintf("%s adds an A panel times a B panel to a %d×%d tile of C (see gemm_amd64.go).",
		s.name, s.mr, s.vecs*s.width/s.size))
	k := Load(Param("k"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	pc := Load(Param("c"), GP64())
	ldc := Load(Param("ldc"), GP64())
	rows := Load(Param("rows"), GP64())
	load := Load(Param("load"), GP64())
	// Registers: the first two hold B's row, the next two alternate as
	// A's broadcasts, and from accFrom on they hold the accumulators.
	regs := s.regs
	acc := func(i, v int) reg.VecPhysical { return regs[s.accFrom+i*s.vecs+v] }
	for i := range s.mr {
		for v := range s.vecs {
			if s.width == 32 {
				VXORPS(acc(i, v), acc(i, v), acc(i, v))
			} else {
				VPXORD(acc(i, v), acc(i, v), acc(i, v))
			}
		}
	}
	// Bring the tile of C towards L1 while the products run: with a short
	// inner dim (a weight gradient's batch of 64) the tile's loads and
	// stores otherwise wait on L2 or memory once per 64 steps.
	SHLQ(U8(map[int]int{4: 2, 8: 3}[s.size]), ldc)
	row := GP64()
	MOVQ(pc, row)
	for i := range s.mr {
		for off := 0; off < s.vecs*s.width; off += 64 {
			PREFETCHT0(Mem{Base: row, Disp: off})
		}
		if i < s.mr-1 {
			ADDQ(ldc, row)
		}
	}
	Label("loop")
	TESTQ(k, k)
	JZ(LabelRef("store"))
	for v := range s.vecs {
		s.move(Mem{Base: pb, Disp: s.width * v}, regs[v])
	}
	for i := range s.mr {
		a := regs[2+i%2]
		s.broadcast(Mem{Base: pa, Disp: s.size * i}, a)
		for v := range s.vecs {
			s.fma(regs[v], a, acc(i, v))
		}
	}
	ADDQ(U32(s.size*s.mr), pa)
	ADDQ(U32(s.width*s.vecs), pb)
	DECQ(k)
	JMP(LabelRef("loop"))

	Label("store")
	TESTQ(load, load)
	JZ(LabelRef("overwrite"))
	storeRows(s, acc, pc, ldc, rows, true)
	Label("overwrite")
	storeRows(s, acc, pc, ldc, rows, false)
	Label("done")
	VZEROUPPER()
	RET()
}

// storeRows writes the first rows rows of the accumulated tile to C, added
// to what C holds when add is set, and jumps to done.
func storeRows(s kernelSpec, acc func(i, v int) reg.VecPhysical, pc, ldc, rows reg.Register, add bool) {
	for i := range s.mr {
		if i > 0 {
			CMPQ(rows, U8(i))
			JLE(LabelRef("done"))
			ADDQ(ldc, pc)
		}
		for v := range s.vecs {
			if add {
				s.add(Mem{Base: pc, Disp: s.width * v}, acc(i, v), acc(i, v))
			}
			s.move(acc(i, v), Mem{Base: pc, Disp: s.width * v})
		}
	}
	JMP(LabelRef("done"))
}

// lowLanes makes a mask of the low n lanes of a vector (n ≤ 16).
func lowLanes(n reg.Register) reg.OpmaskVirtual {
	bits, ones := GP32(), GP32()
	MOVL(U32(0xffff), ones)
	BZHIL(n, ones, bits)
	k := K()
	KMOVW(bits, k)
	return k
}

// kernel starts a function. No kernel keeps a pointer it is given, so the
// stubs say noescape and callers may pass stack memory.
func kernel(name, signature string) {
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
}
