package cpu

import (
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// ulps is how many float32s lie between got and the float64 want rounded
// to float32; NaNs agree only with NaNs.
func ulps(got float32, want float64) float64 {
	w := float32(want)
	switch {
	case got != got || w != w:
		if got != got && w != w {
			return 0
		}
		return math.Inf(1)
	case got == w:
		return 0
	case math.IsInf(float64(got), 0) || math.IsInf(float64(w), 0):
		return math.Inf(1)
	}
	return math.Abs(float64(ordered32(got) - ordered32(w)))
}

// ordered32 maps float32s to integers in their order, ±0 to 0.
func ordered32(f float32) int64 {
	b := int64(math.Float32bits(f))
	if b&signBit32 != 0 {
		return -(b &^ signBit32)
	}
	return b
}

var approx32 = []struct {
	name  string
	op    UnaryOp
	f     func(float32) float32
	exact func(float64) float64
	bound float64
}{
	{"exp", Exp, exp32, math.Exp, 1},
	{"log", Log, log32, math.Log, 1},
	{"tanh", Tanh, tanh32, math.Tanh, 1},
	{"sigmoid", Sigmoid, sigmoid32, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }, 3},
}

// samples32 gives every 4099th float32 bit pattern, which visits every
// binade of both signs, and the specials.
func samples32(yield func(float32) bool) {
	for _, v := range []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		expMax32, expMin32, tanhClamp32, -tanhClamp32, math.Nextafter32(tanhClamp32, 0), 9.011, tanhSmall32, math.Nextafter32(tanhSmall32, 0), math.SmallestNonzeroFloat32, math.MaxFloat32} {
		if !yield(v) {
			return
		}
	}
	for b := uint64(0); b < 1<<32; b += 4099 {
		if !yield(math.Float32frombits(uint32(b))) {
			return
		}
	}
}

func checkApprox(t *testing.T, values func(func(float32) bool)) {
	for _, c := range approx32 {
		worst, at := 0.0, float32(0)
		for x := range values {
			if u := ulps(c.f(x), c.exact(float64(x))); u > worst {
				worst, at = u, x
			}
		}
		if worst > c.bound {
			t.Errorf("%s32 is %v ulp off at %v (%v, want %v); the documented bound is %v", c.name, worst, at, c.f(at), float32(c.exact(float64(at))), c.bound)
		}
		t.Logf("%s32: at most %v ulp", c.name, worst)
	}
}

// TestApprox32 checks the float32 approximations against float64 math
// across the float32 range, within the ulp bounds approx.go documents.
func TestApprox32(t *testing.T) { checkApprox(t, samples32) }

// TestLongApprox32 checks every float32: minutes, so only under -run Long.
func TestLongApprox32(t *testing.T) {
	if !strings.Contains(flag.Lookup("test.run").Value.String(), "Long") {
		t.Skip("every float32 takes minutes: run with -run Long")
	}
	checkApprox(t, func(yield func(float32) bool) {
		for b := uint64(0); b < 1<<32; b++ {
			if !yield(math.Float32frombits(uint32(b))) {
				return
			}
		}
	})
}

// TestFMA32 checks fma32 against a·b + c computed exactly and rounded
// once: on random operands, and on products that are exactly halfway
// between two float32s with a tiny c, where rounding the float64 sum to
// float32 again would round the wrong way half the time.
func TestFMA32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	exact := func(a, b, c float32) float32 {
		x := new(big.Float).SetPrec(300).SetFloat64(float64(a))
		x.Mul(x, new(big.Float).SetFloat64(float64(b)))
		x.Add(x, new(big.Float).SetFloat64(float64(c)))
		f, _ := x.Float32()
		return f
	}
	random := func() float32 {
		return float32(r.NormFloat64() * math.Ldexp(1, r.IntN(60)-30))
	}
	halfways := 0
	for i := range 200000 {
		var a, b, c float32
		if i%2 == 0 {
			a, b, c = random(), random(), random()
		} else {
			// Odd a and b whose 25-bit product is a float32 midpoint.
			ai, bi := 2*r.IntN(1<<10)+1+1<<11, 2*r.IntN(1<<11)+1+1<<12
			if ai*bi < 1<<24 {
				continue
			}
			halfways++
			scale := r.IntN(40) - 20
			a, b = float32(math.Ldexp(float64(ai), scale)), float32(bi)
			c = float32(math.Ldexp(1, scale-30-r.IntN(60)))
			if r.IntN(2) == 0 {
				c = -c
			}
		}
		if got, want := fma32(a, b, c), exact(a, b, c); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("fma32(%v, %v, %v) = %v, want %v", a, b, c, got, want)
		}
	}
	if halfways < 10000 {
		t.Fatalf("only %d halfway cases", halfways)
	}
}
