package cpu

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestCoalesce(t *testing.T) {
	for _, c := range []struct {
		name    string
		shape   []int
		strides [][]int
		want    string
	}{
		{"bias over NCHW", []int{32, 6, 28, 28}, [][]int{{4704, 784, 28, 1}, {0, 1, 0, 0}},
			"[32 6 784] [[4704 784 1] [0 1 0]]"},
		{"contiguous", []int{2, 3, 4}, [][]int{{12, 4, 1}, {12, 4, 1}}, "[24] [[1] [1]]"},
		{"row broadcast", []int{5, 7}, [][]int{{7, 1}, {0, 1}}, "[5 7] [[7 1] [0 1]]"},
		{"size-1 axes dropped", []int{1, 3, 1, 2}, [][]int{{6, 2, 2, 1}, {0, 0, 0, 0}}, "[6] [[1] [0]]"},
		{"all ones", []int{1, 1}, [][]int{{1, 1}}, "[1] [[0]]"},
		{"transposed", []int{3, 4}, [][]int{{1, 3}}, "[3 4] [[1 3]]"},
	} {
		shape, strides := coalesce(c.shape, c.strides)
		if got := fmt.Sprint(shape, strides); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestBinaryBroadcasts checks Binary, through rows' coalesced walk, against
// each operand expanded to the output's shape first, on random shapes of
// rank up to 5 where each operand has random axes of size 1 and is missing
// random leading axes.
func TestBinaryBroadcasts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 500 {
		rank := 1 + r.IntN(5)
		shape := make([]int, rank)
		for i := range shape {
			shape[i] = 1 + r.IntN(6)
		}
		if trial%10 == 0 {
			shape[rank-1] = 40 + r.IntN(200) // rows wider than the SIMD kernels' vectors
		}
		operand := func() ([]int, []float32) {
			in := append([]int(nil), shape[r.IntN(rank):]...)
			for i := range in {
				if r.IntN(3) == 0 {
					in[i] = 1
				}
			}
			n, _ := sizes(in, nil)
			data := make([]float32, n)
			for i := range data {
				data[i] = float32(r.NormFloat64())
			}
			return in, data
		}
		xs, x := operand()
		ys, y := operand()
		n, _ := sizes(shape, nil)
		expand := func(in []int, data []float32) []float32 {
			full := make([]float32, n)
			Copy(full, RowMajor(shape), data, Layout{Strides: BroadcastStrides(in, shape)}, shape)
			return full
		}
		fx, fy := expand(xs, x), expand(ys, y)
		for _, op := range []BinaryOp{Add, Sub, Mul, Div, Maximum} {
			got := make([]float32, n)
			Binary(op, got, x, y, shape, BroadcastStrides(xs, shape), BroadcastStrides(ys, shape))
			f := binaryFunc[float32](op)
			for i := range got {
				if want := f(fx[i], fy[i]); got[i] != want {
					t.Fatalf("%v of %v and %v as %v: element %d is %v, want %v", op, xs, ys, shape, i, got[i], want)
				}
			}
		}
	}
}
