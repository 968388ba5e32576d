package cpu

import (
	"math"
	"math/rand/v2"
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

// TestSoftmaxAccuracy checks float32 softmax and log-softmax against the
// float64 computation rounded once, within 2 ulp, on random lines of
// lengths 1 to 300 whose values span from a few units to a few hundred,
// with one element far above the rest in some (a confident classifier's
// logits, where the log-softmax of the winner is a tiny negative number).
func TestSoftmaxAccuracy(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	worst := [2]float64{}
	for trial := range 3000 {
		n := 1 + r.IntN(300)
		scale := math.Ldexp(1, r.IntN(9)-1)
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64() * scale)
		}
		if trial%3 == 0 {
			x[r.IntN(n)] += float32(10 + r.Float64()*30)
		}
		for li, log := range []bool{false, true} {
			got := make([]float32, n)
			Softmax(got, x, 1, n, 1, log)
			m := math.Inf(-1)
			for _, v := range x {
				m = math.Max(m, float64(v))
			}
			var sum float64
			for _, v := range x {
				sum += math.Exp(float64(v) - m)
			}
			for i, v := range x {
				want := math.Exp(float64(v)-m) / sum
				if log {
					want = float64(v) - m - math.Log(sum)
				}
				if u := ulps(got[i], want); u > worst[li] {
					worst[li] = u
				}
				if u := ulps(got[i], want); u > 2 {
					t.Fatalf("log=%v n=%d: [%d] = %v, want %v (%v ulp)", log, n, i, got[i], float32(want), u)
				}
			}
		}
	}
	t.Logf("softmax at most %v ulp, log-softmax %v", worst[0], worst[1])
}
