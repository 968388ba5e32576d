package cpu

import (
	"math"

	"golang.org/x/sys/cpu"
)

// AVX512 is GEMM on packed panels (packedGemm) around AVX-512 micro-kernels
// in assembly, generated with avo by internal/asmgen. At start-up it
// becomes Gemm on machines that have AVX-512.
type AVX512 struct{}

// AVX2 is the same GEMM around AVX2 micro-kernels (6×16 float32 and 6×8
// float64 tiles, as sixteen 32-byte registers allow) with the panels
// packed in Go: Gemm on machines with AVX2 and FMA but not AVX-512.
type AVX2 struct{}

var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

func init() {
	switch {
	case cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL:
		Gemm = AVX512{}
	case hasAVX2:
		Gemm = AVX2{}
	}
}

// The blockings keep a B panel (kc×nr: 32 KiB) in the 48 KiB L1 next to the
// A panel streaming past it, and an A block (mc×kc: 128 or 256 KiB) in the
// 1 MiB L2.
var (
	sgemmAVX512 = &packedGemm[float32]{mr: 8, nr: 32, kc: 256, mc: 128, nc: 4096,
		kernel: tileKernel(8, 32, sgemmKernel8x32AVX512), transPanel: packBTrans32, rowPanels: packA8}
	dgemmAVX512 = &packedGemm[float64]{mr: 8, nr: 16, kc: 256, mc: 128, nc: 4096,
		kernel: tileKernel(8, 16, dgemmKernel8x16AVX512)}
)

// The AVX2 blockings: a B panel of 16 KiB (kc×nr) in L1, and A blocks of
// whole 6-row panels.
var (
	sgemmAVX2 = &packedGemm[float32]{mr: 6, nr: 16, kc: 256, mc: 120, nc: 4096,
		kernel: tileKernel(6, 16, sgemmKernel6x16AVX2)}
	dgemmAVX2 = &packedGemm[float64]{mr: 6, nr: 8, kc: 256, mc: 120, nc: 4096,
		kernel: tileKernel(6, 8, dgemmKernel6x8AVX2)}
)

// tileKernel wraps an mr×nr micro-kernel in assembly as packedGemm's
// kernel, checking the bounds the assembly relies on once per tile: the
// panels hold k rows, and C the rows it writes.
func tileKernel[T Float](mr, nr int, asm func(k int, a, b, c *T, ldc, rows int, load bool)) func(k int, a, b, c []T, ldc, rows int, load bool) {
	return func(k int, a, b, c []T, ldc, rows int, load bool) {
		_, _, _ = a[mr*k-1], b[nr*k-1], c[(rows-1)*ldc+nr-1]
		asm(k, &a[0], &b[0], &c[0], ldc, rows, load)
	}
}

// Sgemm is float32 GEMM.
func (AVX512) Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	sgemmAVX512.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, nil)
}

func (AVX512) sgemmEpilogue(transA, transB bool, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int, epi *Epilogue[float32]) {
	sgemmAVX512.gemm(transA, transB, m, n, k, 1, a, lda, b, ldb, 0, c, ldc, epi)
}

// Dgemm is float64 GEMM.
func (AVX512) Dgemm(transA, transB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	dgemmAVX512.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, nil)
}

func (AVX512) dgemmEpilogue(transA, transB bool, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, epi *Epilogue[float64]) {
	dgemmAVX512.gemm(transA, transB, m, n, k, 1, a, lda, b, ldb, 0, c, ldc, epi)
}

// Sgemm is float32 GEMM.
func (AVX2) Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	sgemmAVX2.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, nil)
}

func (AVX2) sgemmEpilogue(transA, transB bool, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int, epi *Epilogue[float32]) {
	sgemmAVX2.gemm(transA, transB, m, n, k, 1, a, lda, b, ldb, 0, c, ldc, epi)
}

// Dgemm is float64 GEMM.
func (AVX2) Dgemm(transA, transB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	dgemmAVX2.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, nil)
}

func (AVX2) dgemmEpilogue(transA, transB bool, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, epi *Epilogue[float64]) {
	dgemmAVX2.gemm(transA, transB, m, n, k, 1, a, lda, b, ldb, 0, c, ldc, epi)
}

// packBTrans32 packs a panel of a transposed float32 B: 16 inner indices
// at a time by transposing blocks in registers (a partial panel's missing
// columns as zeros), and the inner indices past the last 16 with gathers,
// when the rows' offsets fit their 32-bit indices.
func packBTrans32(dst, b []float32, ldb, kb, w int) bool {
	if 31*ldb > math.MaxInt32 {
		return false
	}
	_, _ = dst[32*kb-1], b[(w-1)*ldb+kb-1]
	done := 0
	if kb >= 16 {
		blocks := kb / 16
		packBTrans32Blocks(&dst[0], &b[0], ldb, blocks, w)
		done = 16 * blocks
		if done == kb {
			return true
		}
	}
	var idx [32]int32
	for j := range w {
		idx[j] = int32(j * ldb)
	}
	packBTrans32AVX512(&dst[32*done], &b[done], &idx[0], kb-done, uint32(1<<w-1))
	return true
}

// packA8 packs 8-row panels of a float32 A: two full panels 16 inner
// indices at a time by transposing blocks in registers, and what remains
// (the last columns, a partial panel) with gathers, when the rows' offsets
// fit their 32-bit indices.
func packA8(dst, a []float32, lda, kb, rows int, alpha float32) int {
	if 15*lda > math.MaxInt32 {
		return 0
	}
	if rows >= 16 {
		_, _ = dst[16*kb-1], a[15*lda+kb-1]
		done := 0
		if kb >= 16 {
			blocks := kb / 16
			packA16Blocks(&dst[0], &a[0], lda, kb, blocks, alpha)
			done = 16 * blocks
		}
		if done < kb {
			gatherA8(dst[8*done:], a[done:], lda, kb-done, 8, alpha)
			gatherA8(dst[8*kb+8*done:], a[8*lda+done:], lda, kb-done, 8, alpha)
		}
		return 2
	}
	h := min(rows, 8)
	_, _ = dst[8*kb-1], a[(h-1)*lda+kb-1]
	gatherA8(dst, a, lda, kb, h, alpha)
	return 1
}

// gatherA8 packs k inner indices of an 8-row panel of which h rows exist,
// with a gather per inner index.
func gatherA8(dst, a []float32, lda, k, h int, alpha float32) {
	var idx [8]int32
	for i := range h {
		idx[i] = int32(i * lda)
	}
	packA8AVX512(&dst[0], &a[0], &idx[0], k, alpha, uint8(1<<h-1))
}
