package cpu

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// gemms are the implementations under test: gonum's, and the default when
// the build selected another.
func gemms() map[string]GEMM {
	impls := map[string]GEMM{"Gonum": Gonum{}}
	if _, ok := Gemm.(Gonum); !ok {
		impls[fmt.Sprintf("%T", Gemm)] = Gemm
	}
	for name, g := range simdGemms() {
		impls[name] = g
	}
	return impls
}

// gemmCase is a product with padded strides, so that implementations that
// assume contiguous rows fail.
type gemmCase struct {
	transA, transB bool
	m, n, k        int
	alpha, beta    float64
}

func (tc gemmCase) String() string {
	return fmt.Sprintf("tA=%v,tB=%v,%dx%dx%d,alpha=%v,beta=%v", tc.transA, tc.transB, tc.m, tc.n, tc.k, tc.alpha, tc.beta)
}

// stored gives the rows and columns of an operand as stored and its padded
// row stride.
func stored(trans bool, rows, cols int) (r, c, ld int) {
	if trans {
		rows, cols = cols, rows
	}
	return rows, cols, cols + 3
}

func gemmCases() []gemmCase {
	var cases []gemmCase
	sizes := [][3]int{
		{1, 1, 1}, {3, 5, 7}, {4, 32, 16}, {5, 33, 1}, {17, 9, 300}, // edge tiles, k past one panel
		{130, 70, 20},   // m past one block of A
		{2, 4100, 3},    // n past one block of B
		{256, 200, 170}, // large enough to split rows across workers (gemmGrain)
		{70, 400, 320},  // and columns
	}
	for _, s := range sizes {
		for _, tA := range []bool{false, true} {
			for _, tB := range []bool{false, true} {
				cases = append(cases, gemmCase{tA, tB, s[0], s[1], s[2], 1, 0})
			}
		}
	}
	return append(cases,
		gemmCase{false, false, 7, 9, 11, 2.5, 0.5},
		gemmCase{false, true, 33, 40, 50, -1.5, 0.5}, // alpha through the packers' block paths
		gemmCase{true, false, 7, 9, 11, -1, 1},
		gemmCase{false, true, 7, 9, 0, 2, 3}, // empty inner dim: C = beta·C
		gemmCase{false, false, 7, 9, 11, 0, 2},
		gemmCase{false, false, 0, 9, 11, 1, 0},
	)
}

// padValue fills the column past each row of C, which a GEMM must not
// write.
const padValue = 7

// initialC is C before the product: m×n with stride n+1, the matrix filled
// with cInit and the padding with padValue.
func initialC(tc gemmCase, cInit float64) []float64 {
	ldc := tc.n + 1
	c := make([]float64, tc.m*ldc)
	for i := range c {
		c[i] = cInit
		if i%ldc == tc.n {
			c[i] = padValue
		}
	}
	return c
}

// reference computes the case in float64 from initialC.
func reference(tc gemmCase, a, b []float64, cInit float64) []float64 {
	_, _, lda := stored(tc.transA, tc.m, tc.k)
	_, _, ldb := stored(tc.transB, tc.k, tc.n)
	ldc := tc.n + 1
	c := initialC(tc, cInit)
	for i := range tc.m {
		for j := range tc.n {
			s := 0.0
			for p := range tc.k {
				ai, bi := i*lda+p, p*ldb+j
				if tc.transA {
					ai = p*lda + i
				}
				if tc.transB {
					bi = j*ldb + p
				}
				s += a[ai] * b[bi]
			}
			v := tc.alpha * s
			if tc.beta != 0 {
				v += tc.beta * cInit
			}
			c[i*ldc+j] = v
		}
	}
	return c
}

func operands(r *rand.Rand, tc gemmCase) (a, b []float64) {
	ra, ca, lda := stored(tc.transA, tc.m, tc.k)
	rb, cb, ldb := stored(tc.transB, tc.k, tc.n)
	a = make([]float64, max(ra*lda, 1))
	b = make([]float64, max(rb*ldb, 1))
	for i := range ra {
		for j := range ca {
			a[i*lda+j] = float64(r.IntN(17) - 8)
		}
	}
	for i := range rb {
		for j := range cb {
			b[i*ldb+j] = float64(r.IntN(17) - 8)
		}
	}
	return a, b
}

func convertSlice[D, S Number](s []S) []D {
	d := make([]D, len(s))
	for i, v := range s {
		d[i] = D(v)
	}
	return d
}

// TestGEMM checks every implementation on every case, in both precisions.
// The operands are small integers, so every product and sum is exact and
// the results must match bit for bit. Where beta is 0, C starts as NaN,
// which must not survive.
func TestGEMM(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, g := range gemms() {
		for _, tc := range gemmCases() {
			a, b := operands(r, tc)
			cInit := 1.5
			if tc.beta == 0 {
				cInit = math.NaN()
			}
			want := reference(tc, a, b, cInit)
			_, _, lda := stored(tc.transA, tc.m, tc.k)
			_, _, ldb := stored(tc.transB, tc.k, tc.n)
			ldc := tc.n + 1
			t.Run(name+"/float64/"+tc.String(), func(t *testing.T) {
				c := initialC(tc, cInit)
				g.Dgemm(tc.transA, tc.transB, tc.m, tc.n, tc.k, tc.alpha, a, lda, b, ldb, tc.beta, c, ldc)
				checkMatrix(t, c, want, ldc)
			})
			t.Run(name+"/float32/"+tc.String(), func(t *testing.T) {
				c := convertSlice[float32](initialC(tc, cInit))
				g.Sgemm(tc.transA, tc.transB, tc.m, tc.n, tc.k, float32(tc.alpha), convertSlice[float32](a), lda,
					convertSlice[float32](b), ldb, float32(tc.beta), c, ldc)
				checkMatrix(t, convertSlice[float64](c), want, ldc)
			})
		}
	}
}

// checkMatrix compares C, padding included, with want.
func checkMatrix(t *testing.T, got, want []float64, ldc int) {
	t.Helper()
	for i, w := range want {
		if got[i] != w {
			t.Fatalf("c[%d][%d] = %v, want %v", i/ldc, i%ldc, got[i], w)
		}
	}
}

func TestIntGemm(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range gemmCases() {
		if tc.alpha != 1 || tc.beta != 0 {
			continue
		}
		a, b := operands(r, tc)
		want := reference(tc, a, b, 99)
		_, _, lda := stored(tc.transA, tc.m, tc.k)
		_, _, ldb := stored(tc.transB, tc.k, tc.n)
		ldc := tc.n + 1
		t.Run("int32/"+tc.String(), func(t *testing.T) {
			c := convertSlice[int32](initialC(tc, 99))
			IntGemm(tc.transA, tc.transB, tc.m, tc.n, tc.k, convertSlice[int32](a), lda, convertSlice[int32](b), ldb, c, ldc)
			checkMatrix(t, convertSlice[float64](c), want, ldc)
		})
	}
	// int8 wraps as numpy's does: 100·3 = 300 = 44 mod 256.
	c := []int8{0}
	IntGemm(false, false, 1, 1, 1, []int8{100}, 1, []int8{3}, 1, c, 1)
	if c[0] != 44 {
		t.Errorf("int8 100*3 = %d, want 44", c[0])
	}
}

func TestBatchMatMul(t *testing.T) {
	tests := []struct {
		name                   string
		aBatch, bBatch, oBatch []int
		transA, transB         bool
	}{
		{"same", []int{3}, []int{3}, []int{3}, false, false},
		{"broadcast_a", []int{1, 2}, []int{3, 2}, []int{3, 2}, true, false},
		{"broadcast_b", []int{4, 1}, []int{3}, []int{4, 3}, false, true},
		{"rank_differs", []int{2}, []int{5, 1}, []int{5, 2}, true, true},
	}
	const m, n, k = 3, 4, 5
	r := rand.New(rand.NewPCG(5, 6))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			na, nb, no := prod(tt.aBatch), prod(tt.bBatch), prod(tt.oBatch)
			a := make([]float64, na*m*k)
			b := make([]float64, nb*k*n)
			for i := range a {
				a[i] = float64(r.IntN(9) - 4)
			}
			for i := range b {
				b[i] = float64(r.IntN(9) - 4)
			}
			out := make([]float64, no*m*n)
			BatchMatMul(tt.transA, tt.transB, tt.aBatch, tt.bBatch, tt.oBatch, m, n, k, a, b, out)
			ast, bst := BroadcastStrides(tt.aBatch, tt.oBatch), BroadcastStrides(tt.bBatch, tt.oBatch)
			for i := range no {
				ai, bi := 0, 0
				for d, rem := len(tt.oBatch)-1, i; d >= 0; d-- {
					ai += rem % tt.oBatch[d] * ast[d]
					bi += rem % tt.oBatch[d] * bst[d]
					rem /= tt.oBatch[d]
				}
				for x := range m {
					for y := range n {
						s := 0.0
						for p := range k {
							av, bv := a[ai*m*k+x*k+p], b[bi*k*n+p*n+y]
							if tt.transA {
								av = a[ai*m*k+p*m+x]
							}
							if tt.transB {
								bv = b[bi*k*n+y*k+p]
							}
							s += av * bv
						}
						if got := out[i*m*n+x*n+y]; got != s {
							t.Fatalf("out[%d][%d][%d] = %v, want %v", i, x, y, got, s)
						}
					}
				}
			}
		})
	}
}

func prod(s []int) int {
	n := 1
	for _, d := range s {
		n *= d
	}
	return n
}

// TestMatMulEpilogue checks that every GEMM's product finished with a
// bias and ReLU gives the bits of the product followed by BiasAdd's add
// and ReLU, in float32 and float64: on small and odd shapes, on products
// the packed GEMMs split into row bands (m ≥ n) and column bands (m < n),
// whose column bands read the bias from their first column, and with no
// inner dimension, where C is the bias alone.
func TestMatMulEpilogue(t *testing.T) {
	testMatMulEpilogue[float32](t)
	testMatMulEpilogue[float64](t)
}

func testMatMulEpilogue[T Float](t *testing.T) {
	for name, g := range gemms() {
		for _, s := range []struct{ m, n, k int }{{3, 5, 7}, {17, 33, 260}, {300, 40, 400}, {64, 256, 784}, {9, 33, 0}} {
			for _, tr := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
				for _, epi := range []struct{ bias, relu bool }{{true, false}, {false, true}, {true, true}} {
					lda, ldb := s.k, s.n
					if tr[0] {
						lda = s.m
					}
					if tr[1] {
						ldb = s.k
					}
					a, b, bias := randomFloats[T](s.m*s.k), randomFloats[T](s.k*s.n), randomFloats[T](s.n)
					e := Epilogue[T]{ReLU: epi.relu}
					if epi.bias {
						e.Bias = bias
					}
					want := make([]T, s.m*s.n)
					switch a := any(a).(type) {
					case []float32:
						g.Sgemm(tr[0], tr[1], s.m, s.n, s.k, 1, a, lda, any(b).([]float32), ldb, 0, any(want).([]float32), s.n)
					case []float64:
						g.Dgemm(tr[0], tr[1], s.m, s.n, s.k, 1, a, lda, any(b).([]float64), ldb, 0, any(want).([]float64), s.n)
					}
					for i, v := range want {
						if epi.bias {
							v += bias[i%s.n]
						}
						if epi.relu && !(v > 0) {
							v = 0
						}
						want[i] = v
					}
					got := make([]T, s.m*s.n)
					for i := range got {
						got[i] = T(math.NaN())
					}
					gemmEpilogue(g, tr[0], tr[1], s.m, s.n, s.k, a, lda, b, ldb, got, s.n, e)
					for i := range got {
						if math.Float64bits(float64(got[i])) != math.Float64bits(float64(want[i])) {
							t.Fatalf("%s %T %v trans %v %+v: C[%d] = %v, want %v", name, got[0], s, tr, epi, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
