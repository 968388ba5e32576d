package cpu

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exactFMA is a·b + c computed exactly and rounded once to T.
func exactFMA[T Float](a, b, c T) T {
	x := new(big.Float).SetPrec(400).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetFloat64(float64(c)))
	if _, ok := any(a).(float32); ok {
		f, _ := x.Float32()
		return T(f)
	}
	f, _ := x.Float64()
	return T(f)
}

// TestFMA checks FMA against the exact product-sum rounded once, in
// float32 and float64, on odd sizes (assembly bodies and tails) and on
// operands that broadcast: a scalar y, rows, columns and a 0-d z.
func TestFMA(t *testing.T) {
	testFMA[float32](t)
	testFMA[float64](t)
}

func testFMA[T Float](t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct {
		shape, x, y, z []int
	}{
		{[]int{1}, []int{1}, []int{1}, []int{1}},
		{[]int{37}, []int{37}, []int{37}, []int{37}},
		{[]int{1000}, []int{1000}, []int{}, []int{1000}},
		{[]int{5, 33}, []int{5, 33}, []int{1}, []int{5, 33}},
		{[]int{5, 33}, []int{33}, []int{5, 1}, []int{5, 33}},
		{[]int{3, 4, 17}, []int{3, 1, 17}, []int{4, 17}, []int{}},
		{[]int{70000}, []int{70000}, []int{70000}, []int{70000}},
	} {
		vals := func(shape []int) []T {
			n := 1
			for _, d := range shape {
				n *= d
			}
			v := make([]T, n)
			for i := range v {
				v[i] = T(r.NormFloat64() * math.Ldexp(1, r.IntN(20)-10))
			}
			return v
		}
		x, y, z := vals(c.x), vals(c.y), vals(c.z)
		xst, yst, zst := BroadcastStrides(c.x, c.shape), BroadcastStrides(c.y, c.shape), BroadcastStrides(c.z, c.shape)
		n := 1
		for _, d := range c.shape {
			n *= d
		}
		got := make([]T, n)
		FMA(got, x, y, z, c.shape, xst, yst, zst)
		for i := range got {
			// Each operand's element for output i, through its strides.
			at := func(v []T, st []int) T {
				o, rest := 0, i
				for d := len(c.shape) - 1; d >= 0; d-- {
					o += rest % c.shape[d] * st[d]
					rest /= c.shape[d]
				}
				return v[o]
			}
			a, b, e := at(x, xst), at(y, yst), at(z, zst)
			if want := exactFMA(a, b, e); got[i] != want {
				t.Fatalf("%T %v: [%d] %v·%v + %v = %v, want %v", got[0], c.shape, i, a, b, e, got[i], want)
			}
		}
	}
}
