package xmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// benchInputs returns 1024 arguments spread over [lo, hi).
func benchInputs(lo, hi float64) []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float64, 1024)
	for i := range v {
		v[i] = lo + (hi-lo)*r.Float64()
	}
	return v
}

var sink float64

func bench1(b *testing.B, f func(float64) float64, in []float64) {
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += f(in[i&1023])
	}
	sink = s
}

func bench2(b *testing.B, f func(float64, float64) float64, x, y []float64) {
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += f(x[i&1023], y[i&1023])
	}
	sink = s
}

var benchCases1 = []struct {
	name   string
	f, g   func(float64) float64
	lo, hi float64
}{
	{"Exp", Exp, math.Exp, -20, 20},
	{"Exp2", Exp2, math.Exp2, -30, 30},
	{"Expm1", Expm1, math.Expm1, -2, 2},
	{"Log", Log, math.Log, 1e-3, 1e3},
	{"Log2", Log2, math.Log2, 1e-3, 1e3},
	{"Log10", Log10, math.Log10, 1e-3, 1e3},
	{"Log1p", Log1p, math.Log1p, -0.5, 10},
	{"Sin", Sin, math.Sin, -10, 10},
	{"SinHuge", Sin, math.Sin, 1e20, 1e22},
	{"Cos", Cos, math.Cos, -10, 10},
	{"Tan", Tan, math.Tan, -10, 10},
	{"Asin", Asin, math.Asin, -1, 1},
	{"Acos", Acos, math.Acos, -1, 1},
	{"Atan", Atan, math.Atan, -10, 10},
	{"Sinh", Sinh, math.Sinh, -10, 10},
	{"Cosh", Cosh, math.Cosh, -10, 10},
	{"Tanh", Tanh, math.Tanh, -5, 5},
	{"Asinh", Asinh, math.Asinh, -10, 10},
	{"Acosh", Acosh, math.Acosh, 1, 10},
	{"Atanh", Atanh, math.Atanh, -0.99, 0.99},
	{"Cbrt", Cbrt, math.Cbrt, -1e3, 1e3},
	{"Erf", Erf, math.Erf, -4, 4},
	{"Erfc", Erfc, math.Erfc, -4, 10},
	{"Gamma", Gamma, math.Gamma, 0.5, 30},
	{"Lgamma", Lgamma, func(x float64) float64 { r, _ := math.Lgamma(x); return r }, 0.5, 100},
}

// BenchmarkXmath compares each function (xmath) with Go's math package (math) on the same
// arguments.
func BenchmarkXmath(b *testing.B) {
	for _, c := range benchCases1 {
		in := benchInputs(c.lo, c.hi)
		b.Run(c.name+"/xmath", func(b *testing.B) { bench1(b, c.f, in) })
		b.Run(c.name+"/math", func(b *testing.B) { bench1(b, c.g, in) })
	}
	x, y := benchInputs(0.1, 100), benchInputs(-10, 10)
	b.Run("Pow/xmath", func(b *testing.B) { bench2(b, Pow, x, y) })
	b.Run("Pow/math", func(b *testing.B) { bench2(b, math.Pow, x, y) })
	x, y = benchInputs(-10, 10), benchInputs(-10, 10)
	b.Run("Atan2/xmath", func(b *testing.B) { bench2(b, Atan2, x, y) })
	b.Run("Atan2/math", func(b *testing.B) { bench2(b, math.Atan2, x, y) })
	b.Run("Hypot/xmath", func(b *testing.B) { bench2(b, Hypot, x, y) })
	b.Run("Hypot/math", func(b *testing.B) { bench2(b, math.Hypot, x, y) })
}
