package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPool2DGrads(t *testing.T) {
	// One 3×4 plane with ties: the 9s at (0, 1) and (1, 0), and 5s.
	x := []float64{
		1, 9, 2, 5,
		9, 3, 5, 0,
		4, 6, 7, 8,
	}
	// SAME 2×2 windows with stride 1 and one row and one column of padding
	// below and right: 3×4 outputs, the last row and column clipped.
	p := Pool2DParams{N: 1, C: 1, H: 3, W: 4, KH: 2, KW: 2, SH: 1, SW: 1, OH: 3, OW: 4}
	dy := []float64{
		1, 2, 4, 8,
		16, 32, 64, 128,
		256, 512, 1024, 2048,
	}
	// The window at (0, 0) holds both 9s and gives to the first in
	// row-major order, (0, 1); the one at (0, 2), 2 5 / 5 0, gives to the
	// 5 at (0, 3).
	wantMax := []float64{
		0, 1 + 2, 0, 4 + 8,
		16, 0, 0, 0,
		0, 256, 32 + 512, 64 + 128 + 1024 + 2048,
	}
	dx := make([]float64, len(x))
	MaxPool2DGrad(p, x, dy, dx)
	checkExact(t, dx, wantMax)

	// The gradient of MaxPool2DGrad with respect to dy reads ddx where
	// MaxPool2DGrad wrote.
	ddx := make([]float64, len(x))
	for i := range ddx {
		ddx[i] = float64(i + 1)
	}
	ddy := make([]float64, len(dy))
	MaxPool2DGradGrad(p, x, ddx, ddy)
	checkExact(t, ddy, []float64{
		2, 2, 4, 4,
		5, 11, 12, 12,
		10, 11, 12, 12,
	})

	// Averages divide by the window's count inside the input: 4, 2 in the
	// last column and row, 1 at the corner.
	dy = []float64{
		4, 4, 4, 2,
		4, 4, 4, 2,
		2, 2, 2, 1,
	}
	AvgPool2DGrad(p, dy, dx)
	checkExact(t, dx, []float64{
		1, 2, 2, 2,
		2, 4, 4, 4,
		2, 4, 4, 4,
	})
}

// BenchmarkLeNet5MaxPoolGrad times the gradient of LeNet5's first max
// pooling (batch 32, 6×28×28, 2×2 windows), in float32 on random data,
// where which element is a window's maximum is unpredictable.
func BenchmarkLeNet5MaxPoolGrad(b *testing.B) {
	p := Pool2DParams{N: 32, C: 6, H: 28, W: 28, KH: 2, KW: 2, SH: 2, SW: 2, OH: 14, OW: 14}
	r := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, p.N*p.C*p.H*p.W)
	for i := range x {
		x[i] = r.Float32()
	}
	dy, dx := make([]float32, p.N*p.C*p.OH*p.OW), make([]float32, len(x))
	for b.Loop() {
		MaxPool2DGrad(p, x, dy, dx)
	}
}

// The written-out 2×2 stride-2 path keeps the general rules: a NaN is its
// window's maximum and takes the gradient, and ties go to the first
// maximum in row-major order. Small integer data with NaNs make both
// common; odd sizes leave a last row and column outside every window.
func TestHalvingPoolMatchesRules(t *testing.T) {
	p := Pool2DParams{N: 2, C: 3, H: 7, W: 9, KH: 2, KW: 2, SH: 2, SW: 2, OH: 3, OW: 4}
	if !p.halving() {
		t.Fatal("not the halving kind")
	}
	r := rand.New(rand.NewPCG(3, 4))
	x := make([]float64, p.N*p.C*p.H*p.W)
	for i := range x {
		x[i] = float64(r.IntN(4))
		if r.IntN(20) == 0 {
			x[i] = math.NaN()
		}
	}
	dy := make([]float64, p.N*p.C*p.OH*p.OW)
	for i := range dy {
		dy[i] = float64(i + 1)
	}
	y, dx := make([]float64, len(dy)), make([]float64, len(x))
	MaxPool2D(p, x, y)
	MaxPool2DGrad(p, x, dy, dx)
	wantY, wantDx := make([]float64, len(dy)), make([]float64, len(x))
	for pl := range p.N * p.C {
		for oy := range p.OH {
			for ox := range p.OW {
				best := -1
				for _, i := range []int{pl*p.H*p.W + 2*oy*p.W + 2*ox, pl*p.H*p.W + 2*oy*p.W + 2*ox + 1,
					pl*p.H*p.W + (2*oy+1)*p.W + 2*ox, pl*p.H*p.W + (2*oy+1)*p.W + 2*ox + 1} {
					if best < 0 || (!math.IsNaN(x[best]) && (math.IsNaN(x[i]) || x[i] > x[best])) {
						best = i
					}
				}
				o := pl*p.OH*p.OW + oy*p.OW + ox
				wantY[o] = x[best]
				wantDx[best] += dy[o]
			}
		}
	}
	for i := range y {
		if y[i] != wantY[i] && !(math.IsNaN(y[i]) && math.IsNaN(wantY[i])) {
			t.Fatalf("y[%d] = %v, want %v", i, y[i], wantY[i])
		}
	}
	checkExact(t, dx, wantDx)
}
