package cpu

import (
	"math"
	"testing"
)

func TestSoftmax(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name string
		x    []float64
		log  bool
		want []float64
	}{
		{"uniform", []float64{3, 3, 3, 3}, false, []float64{0.25, 0.25, 0.25, 0.25}},
		{"large inputs do not overflow", []float64{1000, 1000}, false, []float64{0.5, 0.5}},
		{"log of large inputs", []float64{1000, 1000}, true, []float64{-math.Ln2, -math.Ln2}},
		{"-inf gives 0", []float64{-inf, 0}, false, []float64{0, 1}},
		{"log of -inf", []float64{-inf, 0}, true, []float64{-inf, 0}},
	} {
		got := make([]float64, len(c.x))
		Softmax(got, c.x, 1, len(c.x), 1, c.log)
		for i, w := range c.want {
			if got[i] != w && !(math.Abs(got[i]-w) <= 1e-15) { // equal infinities have a NaN difference
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// Lines along an inner axis (strided) give what the same lines laid out
// contiguously give.
func TestSoftmaxStrided(t *testing.T) {
	const outer, n, inner = 2, 5, 3
	x := make([]float32, outer*n*inner)
	for i := range x {
		x[i] = float32(math.Sin(float64(i)) * 4)
	}
	for _, log := range []bool{false, true} {
		got := make([]float32, len(x))
		Softmax(got, x, outer, n, inner, log)
		for o := range outer {
			for c := range inner {
				line, want := make([]float32, n), make([]float32, n)
				for j := range n {
					line[j] = x[(o*n+j)*inner+c]
				}
				Softmax(want, line, 1, n, 1, log)
				for j := range n {
					if g := got[(o*n+j)*inner+c]; g != want[j] {
						t.Fatalf("log=%v line (%d, %d): element %d = %v, want %v", log, o, c, j, g, want[j])
					}
				}
			}
		}
	}
}
