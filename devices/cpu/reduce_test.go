package cpu

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// reduceCases cover the layouts: size-1 and zero-size axes, kept and
// reduced axes alternating, and sizes that take the parallel paths (few
// long runs, few wide rows, many outputs).
var reduceCases = []struct{ shape, axes []int }{
	{[]int{}, nil},
	{[]int{5}, []int{0}},
	{[]int{3, 4}, []int{0}},
	{[]int{3, 4}, []int{1}},
	{[]int{3, 4}, []int{0, 1}},
	{[]int{2, 3, 4}, []int{0, 2}},
	{[]int{2, 3, 4}, []int{1}},
	{[]int{2, 1, 3, 1, 4}, []int{1, 2, 4}},
	{[]int{2, 3, 4, 5}, []int{0, 3}},
	{[]int{2, 3, 4, 5}, []int{1, 2}},
	{[]int{4, 1}, []int{0}},
	{[]int{1, 1}, []int{0, 1}},
	{[]int{3, 4}, nil},
	{[]int{3, 0, 2}, []int{0}},
	{[]int{3, 0, 2}, []int{1}},
	{[]int{300, 257}, []int{0}},
	{[]int{257, 300}, []int{1}},
	{[]int{2, 70000}, []int{1}},
	{[]int{70000, 2}, []int{0}},
	{[]int{3, 40000, 2}, []int{0, 1}},
	{[]int{64, 2048}, []int{0}},
	{[]int{512, 300, 8}, []int{1}},
}

// naiveReduce visits x in row-major order and combines each element into
// the output its kept coordinates name.
func naiveReduce(op ReduceOp, x []int64, shape, axes []int) []int64 {
	reduced := make([]bool, len(shape))
	for _, a := range axes {
		reduced[a] = true
	}
	outSize := 1
	for i, d := range shape {
		if !reduced[i] {
			outSize *= d
		}
	}
	out := make([]int64, outSize)
	seen := make([]bool, outSize)
	for i, v := range x {
		o, scale, rest := 0, 1, i
		for d := len(shape) - 1; d >= 0; d-- {
			c := rest % shape[d]
			rest /= shape[d]
			if !reduced[d] {
				o += c * scale
				scale *= shape[d]
			}
		}
		if !seen[o] {
			seen[o] = true
			if op == ReduceSum || op == ReduceProd {
				out[o] = identity[int64](op)
			} else {
				out[o] = v
			}
		}
		switch op {
		case ReduceSum:
			out[o] += v
		case ReduceProd:
			out[o] *= v
		case ReduceMax:
			out[o] = max(out[o], v)
		case ReduceMin:
			out[o] = min(out[o], v)
		}
	}
	for o := range out {
		if !seen[o] {
			out[o] = identity[int64](op)
		}
	}
	return out
}

// sizes gives the number of elements of an array of the given shape and
// of its reduction along axes.
func sizes(shape, axes []int) (in, out int) {
	in, out = 1, 1
	for i, d := range shape {
		in *= d
		if !slices.Contains(axes, i) {
			out *= d
		}
	}
	return in, out
}

// Integer results do not depend on the order of combination, so they
// check the layouts against the naive walk exactly.
func TestReduceLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range reduceCases {
		n, _ := sizes(c.shape, c.axes)
		x := make([]int64, n)
		for i := range x {
			x[i] = r.Int64N(7) - 3
		}
		for _, op := range []ReduceOp{ReduceSum, ReduceProd, ReduceMax, ReduceMin} {
			want := naiveReduce(op, x, c.shape, c.axes)
			if len(x) == 0 && len(want) > 0 && (op == ReduceMax || op == ReduceMin) {
				continue
			}
			got := make([]int64, len(want))
			Reduce(op, got, x, c.shape, c.axes)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("op %d shape %v axes %v: out[%d] = %d, want %d", op, c.shape, c.axes, i, got[i], want[i])
				}
			}
		}
	}
}

// Spreading a reduction over more goroutines must not change a float
// result by a bit: the parallel paths keep numpy's order.
func TestReduceSplitKeepsOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	defer func(w int) { Workers = w }(Workers)
	for _, c := range append(reduceCases, struct{ shape, axes []int }{[]int{1<<18 + 37}, []int{0}}) {
		n, m := sizes(c.shape, c.axes)
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64() * math.Exp2(float64(r.IntN(20))))
		}
		for _, op := range []ReduceOp{ReduceSum, ReduceProd, ReduceMax, ReduceMin} {
			if len(x) == 0 && (op == ReduceMax || op == ReduceMin) {
				continue
			}
			var results [2][]float32
			for i, w := range []int{1, 4} {
				Workers = w
				results[i] = make([]float32, m)
				Reduce(op, results[i], x, c.shape, c.axes)
			}
			for i := range results[0] {
				if math.Float32bits(results[0][i]) != math.Float32bits(results[1][i]) {
					t.Fatalf("op %d shape %v axes %v: out[%d] = %v on 1 worker, %v on 4", op, c.shape, c.axes, i,
						results[0][i], results[1][i])
				}
			}
		}
	}
}

// Pairwise summation keeps a float32 sum of 10^5 positive numbers within
// 10^-6 of the exact sum, where adding them one by one drifts by about
// 10^-4.
func TestReduceSumAccuracy(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	x := make([]float32, 100000)
	exact := 0.0
	for i := range x {
		x[i] = r.Float32()
		exact += float64(x[i])
	}
	var got [1]float32
	Reduce(ReduceSum, got[:], x, []int{len(x)}, []int{0})
	if rel := math.Abs(float64(got[0])-exact) / exact; rel > 1e-6 {
		t.Errorf("sum = %v, exact %v: relative error %.2g", got[0], exact, rel)
	}
}

func TestReduceNaN(t *testing.T) {
	nan := float32(math.NaN())
	for _, c := range []struct {
		op   ReduceOp
		x    []float32
		want float32
	}{
		{ReduceMax, []float32{1, nan, 3}, nan},
		{ReduceMax, []float32{nan, 1, 3}, nan},
		{ReduceMax, []float32{1, 3, nan}, nan},
		{ReduceMin, []float32{1, nan, -3}, nan},
		{ReduceMax, []float32{1, float32(math.Inf(1)), 3}, float32(math.Inf(1))},
		{ReduceSum, []float32{1, nan}, nan},
	} {
		var got [1]float32
		Reduce(c.op, got[:], c.x, []int{len(c.x)}, []int{0})
		if g := got[0]; g != c.want && !(g != g && c.want != c.want) {
			t.Errorf("op %d of %v = %v, want %v", c.op, c.x, g, c.want)
		}
	}
}

func TestReduceBool(t *testing.T) {
	x := []bool{true, false, true, true, true, true}
	for _, c := range []struct {
		op          ReduceOp
		shape, axes []int
		x, want     []bool
	}{
		{ReduceMax, []int{2, 3}, []int{1}, x, []bool{true, true}},
		{ReduceMin, []int{2, 3}, []int{1}, x, []bool{false, true}},
		{ReduceSum, []int{2, 3}, []int{0}, x, []bool{true, true, true}},
		{ReduceProd, []int{2, 3}, []int{0}, x, []bool{true, false, true}},
		{ReduceMin, []int{2, 0}, []int{1}, nil, []bool{true, true}},
		{ReduceMax, []int{2, 0}, []int{1}, nil, []bool{false, false}},
	} {
		got := make([]bool, len(c.want))
		ReduceBool(c.op, got, c.x, c.shape, c.axes)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("op %d of %v over %v: %v, want %v", c.op, c.x, c.axes, got, c.want)
		}
	}
}

func TestMean(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6}
	got := make([]float64, 3)
	Mean(got, x, []int{2, 3}, []int{0})
	if fmt.Sprint(got) != "[2.5 3.5 4.5]" {
		t.Errorf("mean over axis 0 = %v", got)
	}
	Mean(got[:2], nil, []int{2, 0}, []int{1})
	if !math.IsNaN(got[0]) || !math.IsNaN(got[1]) {
		t.Errorf("mean of nothing = %v, want NaN", got[:2])
	}
}

func TestArgmax(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		least           bool
		x               []float64
		outer, n, inner int
		want            []int32
	}{
		{false, []float64{1, 3, 3, 2}, 1, 4, 1, []int32{1}},
		{true, []float64{1, 0, 0, 2}, 1, 4, 1, []int32{1}},
		{false, []float64{1, nan, 3, nan}, 1, 4, 1, []int32{1}},
		{true, []float64{1, 5, nan, -9}, 1, 4, 1, []int32{2}},
		// Columns of a 3x2 array: [1 2; 1 nan; 0 5].
		{false, []float64{1, 2, 1, nan, 0, 5}, 1, 3, 2, []int32{0, 1}},
		{true, []float64{1, 2, 1, nan, 0, 5}, 1, 3, 2, []int32{2, 1}},
		// Two planes of 2x2, reduced along their rows.
		{false, []float64{1, 4, 2, 3, 7, 7, 7, 8}, 2, 2, 2, []int32{1, 0, 0, 1}},
	} {
		got := make([]int32, c.outer*c.inner)
		if c.least {
			Argmin(got, c.x, c.outer, c.n, c.inner)
		} else {
			Argmax(got, c.x, c.outer, c.n, c.inner)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("least=%v of %v as (%d, %d, %d): %v, want %v", c.least, c.x, c.outer, c.n, c.inner, got, c.want)
		}
	}
}

func benchReduce(b *testing.B, op ReduceOp, shape, axes []int) {
	r := rand.New(rand.NewPCG(7, 8))
	n, m := sizes(shape, axes)
	x := make([]float32, n)
	for i := range x {
		x[i] = r.Float32()
	}
	dst := make([]float32, m)
	b.SetBytes(int64(4 * len(x)))
	for b.Loop() {
		Reduce(op, dst, x, shape, axes)
	}
}

// The benchmarks reduce 2^20 float32 values: entirely, along rows and
// along columns.
func BenchmarkReduceSumAll(b *testing.B)  { benchReduce(b, ReduceSum, []int{1 << 20}, []int{0}) }
func BenchmarkReduceSumRows(b *testing.B) { benchReduce(b, ReduceSum, []int{1024, 1024}, []int{1}) }
func BenchmarkReduceSumCols(b *testing.B) { benchReduce(b, ReduceSum, []int{1024, 1024}, []int{0}) }
func BenchmarkReduceMaxAll(b *testing.B)  { benchReduce(b, ReduceMax, []int{1 << 20}, []int{0}) }
func BenchmarkReduceMaxCols(b *testing.B) { benchReduce(b, ReduceMax, []int{1024, 1024}, []int{0}) }

// A max or min split across the cores gives the serial fold's bits: the
// first of tied zeros, and the first NaN, whatever order the parts finish
// in.
func TestReduceSplitExtremaKeepOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	negZero := float32(math.Copysign(0, -1))
	run := make([]float32, 4*Grain)
	for trial := range 40 {
		for i := range run {
			run[i] = -float32(r.IntN(100) + 1)
		}
		// Zeros of both signs, or NaNs of two payloads, at random places.
		for range 6 {
			i := r.IntN(len(run))
			switch trial % 2 {
			case 0:
				run[i] = [2]float32{0, negZero}[r.IntN(2)]
			default:
				run[i] = math.Float32frombits([2]uint32{0x7fc00001, 0xffc00002}[r.IntN(2)])
			}
		}
		for _, op := range []ReduceOp{ReduceMax, ReduceMin} {
			want := fold(op, run[0], run)
			got := foldSplit(op, run[0], run)
			if math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("trial %d op %d: split %v (%#x), serial %v (%#x)", trial, op, got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
	}
}
