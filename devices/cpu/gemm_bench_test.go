package cpu

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSgemm measures square float32 products of the sizes the torch
// anchor reports (104.5 GFLOPS at 512 and 1024 with OpenBLAS on this
// 2-core machine), for every implementation built in.
func BenchmarkSgemm(b *testing.B) {
	for name, g := range gemms() {
		for _, n := range []int{512, 1024} {
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				x, y, z := randomFloats[float32](n*n), randomFloats[float32](n*n), make([]float32, n*n)
				for b.Loop() {
					g.Sgemm(false, false, n, n, n, 1, x, n, y, n, 0, z, n)
				}
				reportGFLOPS(b, n, n, n)
			})
		}
	}
}

// BenchmarkSgemmMLP times the float32 products of the anchors' MLP
// training step (784-256-128-10, batch 64) that run in parallel: the
// first layer's forward product, x·W1ᵀ, and its weight gradient, dyᵀ·x,
// which the step adds into W1 (beta 1), short inner dims where the tile
// of C costs as much as the products.
func BenchmarkSgemmMLP(b *testing.B) {
	for name, g := range gemms() {
		for _, c := range []struct {
			name           string
			transA, transB bool
			m, n, k        int
			beta           float32
		}{
			{"forward", false, true, 64, 256, 784, 0},
			{"gradient", true, false, 256, 784, 64, 1},
		} {
			b.Run(name+"/"+c.name, func(b *testing.B) {
				x, y, z := randomFloats[float32](c.m*c.k), randomFloats[float32](c.k*c.n), make([]float32, c.m*c.n)
				lda, ldb := c.k, c.n
				if c.transA {
					lda = c.m
				}
				if c.transB {
					ldb = c.k
				}
				for b.Loop() {
					g.Sgemm(c.transA, c.transB, c.m, c.n, c.k, 1, x, lda, y, ldb, c.beta, z, c.n)
				}
				reportGFLOPS(b, c.m, c.n, c.k)
			})
		}
	}
}

// BenchmarkDgemm is BenchmarkSgemm in float64 at 512.
func BenchmarkDgemm(b *testing.B) {
	const n = 512
	for name, g := range gemms() {
		b.Run(name, func(b *testing.B) {
			x, y, z := randomFloats[float64](n*n), randomFloats[float64](n*n), make([]float64, n*n)
			for b.Loop() {
				g.Dgemm(false, false, n, n, n, 1, x, n, y, n, 0, z, n)
			}
			reportGFLOPS(b, n, n, n)
		})
	}
}

// BenchmarkIntGemm measures the integer product at 256.
func BenchmarkIntGemm(b *testing.B) {
	const n = 256
	x, y, z := make([]int32, n*n), make([]int32, n*n), make([]int32, n*n)
	for i := range x {
		x[i], y[i] = int32(i%7), int32(i%5)
	}
	for b.Loop() {
		IntGemm(false, false, n, n, n, x, n, y, n, z, n)
	}
	reportGFLOPS(b, n, n, n)
}

func randomFloats[T Float](n int) []T {
	r := rand.New(rand.NewPCG(7, 8))
	s := make([]T, n)
	for i := range s {
		s[i] = T(r.Float64()*2 - 1)
	}
	return s
}

// reportGFLOPS reports 2·m·n·k floating-point operations per iteration.
func reportGFLOPS(b *testing.B, m, n, k int) {
	b.ReportMetric(2*float64(m)*float64(n)*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOPS")
}
