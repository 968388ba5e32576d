//go:build goexperiment.simd && amd64

package cpu

import (
	"simd/archsimd"
	"unsafe"
)

// AVX512 is GEMM on packed panels (packedGemm) with AVX-512 micro-kernels
// written with the simd/archsimd intrinsics of GOEXPERIMENT=simd. At
// start-up it becomes Gemm on machines that have AVX-512.
type AVX512 struct{}

func init() {
	if archsimd.X86.AVX512() {
		Gemm = AVX512{}
	}
}

// The blockings keep a B panel (kc×nr: 32 KiB) in the 48 KiB L1 next to the
// A panel streaming past it, and an A block (mc×kc: 128 or 256 KiB) in the
// 1 MiB L2.
var (
	sgemmAVX512 = &packedGemm[float32]{mr: 4, nr: 32, kc: 256, mc: 128, nc: 4096, kernel: sgemmKernel}
	dgemmAVX512 = &packedGemm[float64]{mr: 4, nr: 16, kc: 256, mc: 128, nc: 4096, kernel: dgemmKernel}
)

// Sgemm is float32 GEMM.
func (AVX512) Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	sgemmAVX512.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// Dgemm is float64 GEMM.
func (AVX512) Dgemm(transA, transB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	dgemmAVX512.gemm(transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// sgemmKernel is the float32 micro-kernel: a 4×32 tile of C held in eight
// 16-lane accumulators, fed per inner index by two loads of B and four
// broadcasts of A. Four rows is what Go's register allocator holds without
// spilling: it hoists the broadcasts, and it does not use Z16–Z31.
func sgemmKernel(k int, a, b, c []float32, ldc, rows int) {
	// The loop reads the panels through pointers: their bounds are checked
	// once here, and a check per load would cost as much as the arithmetic.
	_, _ = a[:4*k], b[:32*k]
	pa, pb := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(b))
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float32x16
	for p := range k {
		ap, bp := unsafe.Add(pa, p*16), unsafe.Add(pb, p*128)
		b0 := archsimd.LoadFloat32x16((*[16]float32)(bp))
		b1 := archsimd.LoadFloat32x16((*[16]float32)(unsafe.Add(bp, 64)))
		a0 := archsimd.BroadcastFloat32x16(*(*float32)(ap))
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat32x16(*(*float32)(unsafe.Add(ap, 4)))
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat32x16(*(*float32)(unsafe.Add(ap, 8)))
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat32x16(*(*float32)(unsafe.Add(ap, 12)))
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	addRowFloat32x16(c, c00, c01)
	if rows > 1 {
		addRowFloat32x16(c[ldc:], c10, c11)
	}
	if rows > 2 {
		addRowFloat32x16(c[2*ldc:], c20, c21)
	}
	if rows > 3 {
		addRowFloat32x16(c[3*ldc:], c30, c31)
	}
}

// dgemmKernel is the float64 micro-kernel: a 4×16 tile, as sgemmKernel.
func dgemmKernel(k int, a, b, c []float64, ldc, rows int) {
	// The loop reads the panels through pointers: their bounds are checked
	// once here, and a check per load would cost as much as the arithmetic.
	_, _ = a[:4*k], b[:16*k]
	pa, pb := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(b))
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float64x8
	for p := range k {
		ap, bp := unsafe.Add(pa, p*32), unsafe.Add(pb, p*128)
		b0 := archsimd.LoadFloat64x8((*[8]float64)(bp))
		b1 := archsimd.LoadFloat64x8((*[8]float64)(unsafe.Add(bp, 64)))
		a0 := archsimd.BroadcastFloat64x8(*(*float64)(ap))
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat64x8(*(*float64)(unsafe.Add(ap, 8)))
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat64x8(*(*float64)(unsafe.Add(ap, 16)))
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat64x8(*(*float64)(unsafe.Add(ap, 24)))
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	addRowFloat64x8(c, c00, c01)
	if rows > 1 {
		addRowFloat64x8(c[ldc:], c10, c11)
	}
	if rows > 2 {
		addRowFloat64x8(c[2*ldc:], c20, c21)
	}
	if rows > 3 {
		addRowFloat64x8(c[3*ldc:], c30, c31)
	}
}

// addRowFloat32x16 adds two vectors to the 32 elements at the start of c.
func addRowFloat32x16(c []float32, v0, v1 archsimd.Float32x16) {
	r := c[:32]
	archsimd.LoadFloat32x16Slice(r).Add(v0).StoreSlice(r)
	archsimd.LoadFloat32x16Slice(r[16:]).Add(v1).StoreSlice(r[16:])
}

// addRowFloat64x8 adds two vectors to the 16 elements at the start of c.
func addRowFloat64x8(c []float64, v0, v1 archsimd.Float64x8) {
	r := c[:16]
	archsimd.LoadFloat64x8Slice(r).Add(v0).StoreSlice(r)
	archsimd.LoadFloat64x8Slice(r[8:]).Add(v1).StoreSlice(r[8:])
}
