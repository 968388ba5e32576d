package cpu

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

const draws = 100000

// meanStd gives the sample mean and standard deviation.
func meanStd[T Float](x []T) (mean, std float64) {
	for _, v := range x {
		mean += float64(v)
	}
	mean /= float64(len(x))
	for _, v := range x {
		d := float64(v) - mean
		std += d * d
	}
	return mean, math.Sqrt(std / float64(len(x)-1))
}

// The bounds are five standard errors of 10^5 draws: a correct generator
// fails them about once in two million runs, and every run is seeded.
func TestNormal(t *testing.T) {
	for _, c := range []struct{ mean, stddev float64 }{{0, 1}, {3, 0.5}, {-2, 10}} {
		x := make([]float32, draws)
		Normal(x, rand.New(rand.NewPCG(1, 2)), c.mean, c.stddev)
		m, s := meanStd(x)
		se := c.stddev / math.Sqrt(draws)
		if math.Abs(m-c.mean) > 5*se {
			t.Errorf("N(%v, %v): mean %v", c.mean, c.stddev, m)
		}
		// The sample variance's standard error is σ²·sqrt(2/(n-1)).
		if v := s * s; math.Abs(v-c.stddev*c.stddev) > 5*c.stddev*c.stddev*math.Sqrt(2.0/draws) {
			t.Errorf("N(%v, %v): stddev %v", c.mean, c.stddev, s)
		}
	}
}

func TestUniform(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{0, 1}, {-3, 5}, {1e6, 1e6 + 1}} {
		x := make([]float64, draws)
		Uniform(x, rand.New(rand.NewPCG(3, 4)), c.lo, c.hi, math.Nextafter(c.hi, math.Inf(-1)))
		if lo, hi := slices.Min(x), slices.Max(x); lo < c.lo || hi >= c.hi {
			t.Errorf("U[%v, %v): draws span [%v, %v]", c.lo, c.hi, lo, hi)
		}
		m, s := meanStd(x)
		width := c.hi - c.lo
		if math.Abs(m-(c.lo+c.hi)/2) > 5*width/math.Sqrt(12*draws) {
			t.Errorf("U[%v, %v): mean %v", c.lo, c.hi, m)
		}
		if want := width / math.Sqrt(12); math.Abs(s-want) > 0.01*want {
			t.Errorf("U[%v, %v): stddev %v, want %v", c.lo, c.hi, s, want)
		}
	}
}

// Draws that float32 rounding would carry up to hi are clamped below it.
func TestUniformClampsBelowHi(t *testing.T) {
	x := make([]float32, 1000)
	top := float64(math.Nextafter32(1, 0))
	Uniform(x, rand.New(rand.NewPCG(5, 6)), 1-1e-9, 1, top)
	if hi := slices.Max(x); hi >= 1 {
		t.Errorf("max draw %v, want below 1", hi)
	}
}

func TestRandomDeterminism(t *testing.T) {
	fill := func(seed uint64) []float32 {
		r := rand.New(rand.NewPCG(seed, 0))
		x := make([]float32, 1000)
		Normal(x[:500], r, 0, 1)
		Uniform(x[500:], r, 0, 1, float64(math.Nextafter32(1, 0)))
		return x
	}
	if a, b := fill(7), fill(7); !slices.Equal(a, b) {
		t.Error("the same seed gave different draws")
	}
	if a, b := fill(7), fill(8); slices.Equal(a, b) {
		t.Error("different seeds gave the same draws")
	}
}

func TestDropout(t *testing.T) {
	for _, keep := range []float64{0.9, 0.5, 0.1, 1} {
		x := make([]float64, draws)
		for i := range x {
			x[i] = float64(i%7) - 3
		}
		dst, mask := make([]float64, draws), make([]float64, draws)
		Dropout(dst, mask, x, rand.New(rand.NewPCG(9, 10)), keep)
		kept := 0
		for i, m := range mask {
			switch m {
			case 1:
				kept++
				if math.Abs(dst[i]-x[i]/keep) > 1e-12 {
					t.Fatalf("keep %v: kept x[%d] = %v became %v", keep, i, x[i], dst[i])
				}
			case 0:
				if dst[i] != 0 {
					t.Fatalf("keep %v: dropped x[%d] became %v", keep, i, dst[i])
				}
			default:
				t.Fatalf("keep %v: mask[%d] = %v", keep, i, m)
			}
		}
		// The count of kept elements is binomial(n, keep).
		if se := math.Sqrt(draws * keep * (1 - keep)); math.Abs(float64(kept)-draws*keep) > 5*se {
			t.Errorf("keep %v: kept %d of %d", keep, kept, draws)
		}
	}
}
