package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPool2D(t *testing.T) {
	// One 4×5 plane holding 0..19, so every window's max and mean are easy
	// to state.
	x := make([]float64, 20)
	for i := range x {
		x[i] = float64(i)
	}
	tests := []struct {
		name     string
		p        Pool2DParams
		max, avg []float64
	}{
		{
			name: "valid_2x2_stride2",
			p:    Pool2DParams{N: 1, C: 1, H: 4, W: 5, KH: 2, KW: 2, SH: 2, SW: 2, OH: 2, OW: 2},
			max:  []float64{6, 8, 16, 18},
			avg:  []float64{3, 5, 13, 15},
		},
		{
			// SAME: 3×3 windows, stride 2. Height needs one row of padding,
			// which goes below (TensorFlow puts the odd one there); width
			// needs two, one each side.
			name: "same_3x3_stride2",
			p:    Pool2DParams{N: 1, C: 1, H: 4, W: 5, KH: 3, KW: 3, SH: 2, SW: 2, PadLeft: 1, OH: 2, OW: 3},
			max:  []float64{11, 13, 14, 16, 18, 19},
			avg:  []float64{5.5, 7, 8.5, 13, 14.5, 16},
		},
		{
			// Windows at the corner see 4 elements and divide by 4.
			name: "padded_both_sides",
			p:    Pool2DParams{N: 1, C: 1, H: 4, W: 5, KH: 3, KW: 3, SH: 3, SW: 3, PadTop: 1, PadLeft: 1, OH: 2, OW: 2},
			max:  []float64{6, 9, 16, 19},
			avg:  []float64{3, 5.5, 13, 15.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			y := make([]float64, len(tt.max))
			MaxPool2D(tt.p, x, y)
			checkExact(t, y, tt.max)
			AvgPool2D(tt.p, x, y)
			checkExact(t, y, tt.avg)
		})
	}
}

func TestMaxPool2DNaN(t *testing.T) {
	x := []float32{1, float32(math.NaN()), 3, 4}
	y := make([]float32, 1)
	MaxPool2D(Pool2DParams{N: 1, C: 1, H: 2, W: 2, KH: 2, KW: 2, SH: 2, SW: 2, OH: 1, OW: 1}, x, y)
	if !math.IsNaN(float64(y[0])) {
		t.Fatalf("max = %v, want NaN", y[0])
	}
}

// BenchmarkLeNet5MaxPool times LeNet5's first max pooling (batch 32,
// 6×28×28, 2×2 windows) in float32 on random data.
func BenchmarkLeNet5MaxPool(b *testing.B) {
	p := Pool2DParams{N: 32, C: 6, H: 28, W: 28, KH: 2, KW: 2, SH: 2, SW: 2, OH: 14, OW: 14}
	r := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, p.N*p.C*p.H*p.W)
	for i := range x {
		x[i] = r.Float32()
	}
	y := make([]float32, p.N*p.C*p.OH*p.OW)
	for b.Loop() {
		MaxPool2D(p, x, y)
	}
}
