package cpu

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// A GEMM multiplies dense row-major matrices:
//
//	C = alpha·op(A)·op(B) + beta·C
//
// where op(X) is X, or its transpose when transX is set; op(A) is m×k,
// op(B) is k×n and C is m×n. lda, ldb and ldc are the row strides of A, B
// and C as stored. As in BLAS, C is not read when beta is 0, so NaNs in it
// do not propagate. Implementations may split the work across Workers
// goroutines and must be safe for concurrent use.
type GEMM interface {
	Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int)
	Dgemm(transA, transB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int)
}

// Gemm is the GEMM that matrix products and convolutions run on: Gonum,
// unless a faster implementation for this machine was compiled in and
// selected itself at start-up (see gemm_amd64.go). Assign it to swap in
// another implementation.
var Gemm GEMM = Gonum{}

// Gonum is the GEMM of gonum's BLAS (gonum.org/v1/gonum/blas/gonum): Go with
// SSE assembly in its inner loops, parallel for large products.
type Gonum struct{}

// Sgemm is float32 GEMM.
func (Gonum) Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	// gonum rejects the strides of empty matrices that callers of a GEMM
	// naturally pass, so degenerate products are finished here.
	if degenerate(m, n, k, alpha, beta, c, ldc) {
		return
	}
	gonum.Implementation{}.Sgemm(blasTrans(transA), blasTrans(transB), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// Dgemm is float64 GEMM.
func (Gonum) Dgemm(transA, transB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	if degenerate(m, n, k, alpha, beta, c, ldc) {
		return
	}
	gonum.Implementation{}.Dgemm(blasTrans(transA), blasTrans(transB), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

func blasTrans(t bool) blas.Transpose {
	if t {
		return blas.Trans
	}
	return blas.NoTrans
}

// degenerate completes a GEMM that has no products to add (an empty C, an
// empty inner dimension or a zero alpha) by scaling C by beta, and reports
// whether it did.
func degenerate[T Float](m, n, k int, alpha, beta T, c []T, ldc int) bool {
	if m > 0 && n > 0 && k > 0 && alpha != 0 {
		return false
	}
	if m > 0 && n > 0 {
		scaleRows(m, n, beta, c, ldc)
	}
	return true
}

// scaleRows multiplies the m×n matrix c by beta; a zero beta clears it
// rather than multiplying, so that NaN and Inf do not survive.
func scaleRows[T Float](m, n int, beta T, c []T, ldc int) {
	if beta == 1 {
		return
	}
	for i := range m {
		row := c[i*ldc : i*ldc+n]
		if beta == 0 {
			clear(row)
			continue
		}
		for j := range row {
			row[j] *= beta
		}
	}
}

// Integer is the integer element types.
type Integer interface {
	~uint8 | ~int8 | ~int16 | ~int32 | ~int64
}

// intPanel is how many rows of B the integer product streams per pass: a
// panel of B stays in L2 while every row of C takes its share of it.
const intPanel = 128

// IntGemm computes C = op(A)·op(B) for integers, with the wrap-around of Go
// (and numpy) on overflow. Shapes and strides are as for GEMM.
func IntGemm[T Integer](transA, transB bool, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	if transB {
		// Row access to B keeps the inner loop contiguous; a transposed B is
		// copied once, which is cheap next to the m·n·k products.
		bt := make([]T, k*n)
		for p := range k {
			for j := range n {
				bt[p*n+j] = b[j*ldb+p]
			}
		}
		b, ldb = bt, n
	}
	For(m, n*k, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			clear(c[i*ldc : i*ldc+n])
		}
		for p0 := 0; p0 < k; p0 += intPanel {
			p1 := min(p0+intPanel, k)
			for i := lo; i < hi; i++ {
				row := c[i*ldc : i*ldc+n]
				for p := p0; p < p1; p++ {
					ai := i*lda + p
					if transA {
						ai = p*lda + i
					}
					av := a[ai]
					if av == 0 {
						continue
					}
					brow := b[p*ldb : p*ldb+n]
					for j, bv := range brow {
						row[j] += av * bv
					}
				}
			}
		}
	})
}

// MatMul computes C = op(A)·op(B) for any numeric element type: floats on
// Gemm, integers on IntGemm. Shapes and strides are as for GEMM.
func MatMul[T Number](transA, transB bool, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	switch a := any(a).(type) {
	case []float32:
		Gemm.Sgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float32), ldb, 0, any(c).([]float32), ldc)
	case []float64:
		Gemm.Dgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float64), ldb, 0, any(c).([]float64), ldc)
	case []uint8:
		IntGemm(transA, transB, m, n, k, a, lda, any(b).([]uint8), ldb, any(c).([]uint8), ldc)
	case []int8:
		IntGemm(transA, transB, m, n, k, a, lda, any(b).([]int8), ldb, any(c).([]int8), ldc)
	case []int16:
		IntGemm(transA, transB, m, n, k, a, lda, any(b).([]int16), ldb, any(c).([]int16), ldc)
	case []int32:
		IntGemm(transA, transB, m, n, k, a, lda, any(b).([]int32), ldb, any(c).([]int32), ldc)
	case []int64:
		IntGemm(transA, transB, m, n, k, a, lda, any(b).([]int64), ldb, any(c).([]int64), ldc)
	}
}

// An Epilogue is elementwise work that finishes a product C = op(A)·op(B)
// once it is complete: Bias[j] added to column j of every row when Bias
// is set, then ReLU when set, with the bits of BiasAdd and ReLU run after
// the product. A dense layer's product is written and read back once
// instead of three times, and the GEMMs that can (epilogueGEMM) finish
// each block of C on the core that computed it, while it is in cache.
type Epilogue[T Float] struct {
	Bias []T
	ReLU bool
}

// epilogueGEMM is a GEMM that applies an epilogue to each block of C as
// it completes it.
type epilogueGEMM interface {
	sgemmEpilogue(transA, transB bool, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int, epi *Epilogue[float32])
	dgemmEpilogue(transA, transB bool, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, epi *Epilogue[float64])
}

// MatMulEpilogue computes C = op(A)·op(B) on Gemm and finishes it with
// epi. Shapes and strides are as for GEMM; Bias, when set, has n elements.
func MatMulEpilogue[T Float](transA, transB bool, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int, epi Epilogue[T]) {
	gemmEpilogue(Gemm, transA, transB, m, n, k, a, lda, b, ldb, c, ldc, epi)
}

// gemmEpilogue is MatMulEpilogue on g: block by block when g can, else
// the product and then the epilogue over all of C.
func gemmEpilogue[T Float](g GEMM, transA, transB bool, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int, epi Epilogue[T]) {
	if eg, ok := g.(epilogueGEMM); ok {
		switch a := any(a).(type) {
		case []float32:
			eg.sgemmEpilogue(transA, transB, m, n, k, a, lda, any(b).([]float32), ldb, any(c).([]float32), ldc, any(&epi).(*Epilogue[float32]))
		case []float64:
			eg.dgemmEpilogue(transA, transB, m, n, k, a, lda, any(b).([]float64), ldb, any(c).([]float64), ldc, any(&epi).(*Epilogue[float64]))
		}
		return
	}
	switch a := any(a).(type) {
	case []float32:
		g.Sgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float32), ldb, 0, any(c).([]float32), ldc)
	case []float64:
		g.Dgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float64), ldb, 0, any(c).([]float64), ldc)
	}
	epi.apply(c, ldc, m, n, 0)
}

// apply finishes the rows×cols block of C at c, whose first column is
// column col0 of the product.
func (e *Epilogue[T]) apply(c []T, ldc, rows, cols, col0 int) {
	if rows == 0 || cols == 0 {
		return
	}
	var bias []T
	if e.Bias != nil {
		bias = e.Bias[col0 : col0+cols]
	}
	for i := range rows {
		row := c[i*ldc : i*ldc+cols]
		if bias != nil {
			binaryRun(Add, row, row, bias, 1, 1)
		}
		if e.ReLU {
			unaryRun(ReLU, row, row)
		}
	}
}

// BatchMatMul computes out[i] = op(a[i])·op(b[i]) over the batch dims, which
// broadcast as numpy's matmul does: aBatch and bBatch are the operands'
// batch dims, outBatch their broadcast. Each matrix is contiguous: a's are
// m×k (k×m when transA), b's k×n (n×k when transB), out's m×n.
func BatchMatMul[T Number](transA, transB bool, aBatch, bBatch, outBatch []int, m, n, k int, a, b, out []T) {
	nb := 1
	for _, d := range outBatch {
		nb *= d
	}
	if nb == 0 || m == 0 || n == 0 {
		return
	}
	ast, bst := BroadcastStrides(aBatch, outBatch), BroadcastStrides(bBatch, outBatch)
	lda, ldb := k, n
	if transA {
		lda = m
	}
	if transB {
		ldb = k
	}
	one := func(i int) {
		ai, bi := 0, 0
		for d, r := len(outBatch)-1, i; d >= 0; d-- {
			x := r % outBatch[d]
			r /= outBatch[d]
			ai += x * ast[d]
			bi += x * bst[d]
		}
		MatMul(transA, transB, m, n, k, a[ai*m*k:], lda, b[bi*k*n:], ldb, out[i*m*n:], n)
	}
	// A product big enough to split is left to the GEMM, which splits it
	// better than the batch would; small products go a batch per goroutine.
	if m*n*k >= gemmGrain {
		for i := range nb {
			one(i)
		}
		return
	}
	For(nb, m*n*k, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			one(i)
		}
	})
}

// gemmGrain is the product size, in multiply-adds, from which a GEMM is
// worth splitting across cores: about a quarter of a millisecond of work.
const gemmGrain = 1 << 22

// GemmSplits reports whether an m×n×k product runs on more than one core.
func GemmSplits(m, n, k int) bool { return min(Workers, m*n*k/gemmGrain) > 1 }
