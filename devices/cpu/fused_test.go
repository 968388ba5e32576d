package cpu

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

var fusableOps = []Pointwise{
	{Arity: 2, Binary: Add}, {Arity: 2, Binary: Sub}, {Arity: 2, Binary: Mul}, {Arity: 2, Binary: Div},
	{Arity: 2, Binary: Maximum}, {Arity: 2, Binary: Minimum}, {Arity: 2, Binary: ReluBackward},
	{Arity: 2, Binary: SigmoidBackward}, {Arity: 2, Binary: TanhBackward},
	{Arity: 1, Unary: ReLU}, {Arity: 1, Unary: Tanh}, {Arity: 1, Unary: Exp}, {Arity: 1, Unary: Sigmoid},
	{Arity: 1, Unary: Neg}, {Arity: 1, Unary: Square}, {Arity: 1, Unary: Log}, {Arity: 1, Unary: Sqrt},
}

// TestRunFused checks random fused programs against the same operations
// run one at a time over whole tensors: on shapes of odd sizes that end
// in partial blocks, with inputs that broadcast (rows, columns, single
// elements), for both float types. The results must agree to the bit:
// a fused step runs the same kernels on blocks.
func TestRunFused(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		shape := randomShape(r)
		t.Run(fmt.Sprintf("%d%v", trial, shape), func(t *testing.T) {
			checkFused[float32](t, r, shape)
			checkFused[float64](t, r, shape)
		})
	}
}

func randomShape(r *rand.Rand) []int {
	switch r.IntN(6) {
	case 0:
		return []int{}
	case 1:
		return []int{fusedBlock*r.IntN(3) + r.IntN(2*fusedBlock) + 1}
	}
	shape := make([]int, 1+r.IntN(4))
	for i := range shape {
		shape[i] = 1 + r.IntN(9)
	}
	if r.IntN(3) == 0 {
		shape[len(shape)-1] = 300 + r.IntN(900)
	}
	return shape
}

// broadcastFrom is a shape that broadcasts to shape: a suffix of it with
// some dims set to 1.
func broadcastFrom(r *rand.Rand, shape []int) []int {
	in := append([]int(nil), shape[r.IntN(len(shape)+1):]...)
	for i := range in {
		if r.IntN(3) == 0 {
			in[i] = 1
		}
	}
	return in
}

func checkFused[T Float](t *testing.T, r *rand.Rand, shape []int) {
	size := 1
	for _, d := range shape {
		size *= d
	}
	nin := 1 + r.IntN(3)
	inShapes := make([][]int, nin)
	values := make([][]T, nin) // every value laid out over shape, for the reference
	ins := make([]FusedInput[T], nin)
	inShapes[0] = shape
	for i := range nin {
		if i > 0 {
			inShapes[i] = broadcastFrom(r, shape)
		}
		n := 1
		for _, d := range inShapes[i] {
			n *= d
		}
		data := make([]T, n)
		for j := range data {
			data[j] = T(r.NormFloat64() * 2)
		}
		var st []int
		if !equalInts(inShapes[i], shape) {
			st = BroadcastStrides(inShapes[i], shape)
		}
		ins[i] = FusedInput[T]{Data: data, Strides: st}
		full := make([]T, size)
		Copy(full, RowMajor(shape), data, Layout{Strides: BroadcastStrides(inShapes[i], shape)}, shape)
		values[i] = full
	}
	nops := 1 + r.IntN(12)
	prog := make([]FusedOp, nops)
	for k := range prog {
		op := fusableOps[r.IntN(len(fusableOps))]
		prog[k] = FusedOp{Op: op, X: r.IntN(nin + k), Y: r.IntN(nin + k)}
		x := values[prog[k].X]
		out := make([]T, size)
		if op.Arity == 1 {
			Unary(op.Unary, out, x)
		} else {
			Binary(op.Binary, out, x, values[prog[k].Y], shape, nil, nil)
		}
		values = append(values, out)
	}
	// The last value, and one or two others at random.
	outputs := []int{nin + nops - 1}
	for range r.IntN(3) {
		if v := nin + r.IntN(nops); v != outputs[0] {
			outputs = append(outputs, v)
		}
	}
	if len(outputs) == 3 && outputs[1] == outputs[2] {
		outputs = outputs[:2]
	}
	p := NewFusedProgram(nin, prog, outputs)
	outs := make([][]T, len(outputs))
	for j := range outs {
		outs[j] = make([]T, size)
	}
	RunFused(p, shape, outs, ins)
	for j, v := range outputs {
		for i, want := range values[v] {
			got := outs[j][i]
			if got != want && !(got != got && want != want) {
				t.Fatalf("output %d (value %d) [%d] = %v, one op at a time %v; program %+v", j, v, i, got, want, prog)
			}
		}
	}
	if p.Temps > nops {
		t.Errorf("%d temporaries for %d ops", p.Temps, nops)
	}
	// The last value reduced as it is made is Reduce's reduction of it
	// over every axis, to the bit.
	last := nin + nops - 1
	axes := make([]int, len(shape))
	for i := range axes {
		axes[i] = i
	}
	for _, op := range []ReduceOp{ReduceSum, ReduceMax, ReduceMin} {
		if op != ReduceSum && size == 0 {
			continue
		}
		want := make([]T, 1)
		Reduce(op, want, values[last], shape, axes)
		got := RunFusedReduce(NewFusedProgram(nin, prog, []int{last}), shape, op, ins)
		if !sameReduced(got, want[0]) {
			t.Fatalf("fused reduction %d: %v, Reduce %v; program %+v", op, got, want[0], prog)
		}
	}
	// And over its trailing axes, when it has more than one and elements.
	if len(shape) < 2 || size == 0 {
		return
	}
	checkReduceRuns(t, NewFusedProgram(nin, prog, []int{last}), shape, 1+r.IntN(len(shape)-1), ins, values[last])
}

// checkReduceRuns checks RunFusedReduceRuns of p over the trailing axes
// of shape against Reduce of full, the program's output laid out.
func checkReduceRuns[T Float](t *testing.T, p *FusedProgram, shape []int, trailing int, ins []FusedInput[T], full []T) {
	t.Helper()
	rank := len(shape)
	runLen := 1
	var axes []int
	for a := rank - trailing; a < rank; a++ {
		runLen *= shape[a]
		axes = append(axes, a)
	}
	for _, op := range []ReduceOp{ReduceSum, ReduceMax, ReduceMin} {
		want, got := make([]T, len(full)/runLen), make([]T, len(full)/runLen)
		Reduce(op, want, full, shape, axes)
		RunFusedReduceRuns(p, shape, op, ins, runLen, got)
		for i := range want {
			if !sameReduced(got[i], want[i]) {
				t.Fatalf("fused reduction %d over the last %d axes of %v: [%d] = %v, Reduce %v", op, trailing, shape, i, got[i], want[i])
			}
		}
	}
}

// sameReduced reports whether a fused reduction's result is Reduce's:
// zeros agree in sign too, NaNs only in being NaN.
func sameReduced[T Float](got, want T) bool {
	if got != got || want != want {
		return got != got && want != want
	}
	return got == want && math.Signbit(float64(got)) == math.Signbit(float64(want))
}

// TestRunFusedReduceRuns checks fused reductions over trailing axes whose
// runs are longer than a block (folded piece by piece) and much shorter
// (several to a block), against Reduce, on a chain that makes negative
// zeros and ties: (x·y)·(−1), max with 0.
func TestRunFusedReduceRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	prog := []FusedOp{
		{Op: Pointwise{Arity: 2, Binary: Mul}, X: 0, Y: 1},
		{Op: Pointwise{Arity: 2, Binary: Mul}, X: 4, Y: 2},
		{Op: Pointwise{Arity: 2, Binary: Maximum}, X: 5, Y: 3},
	}
	for _, c := range []struct {
		shape    []int
		trailing int
	}{
		{[]int{3, 20000}, 1},
		{[]int{2, 3, 7000}, 2},
		{[]int{700, 5}, 1},
		{[]int{50, 4, 3}, 2},
		{[]int{1, 9000}, 1},
	} {
		size := 1
		for _, d := range c.shape {
			size *= d
		}
		x, y := make([]float32, size), make([]float32, c.shape[len(c.shape)-1])
		for i := range x {
			x[i] = float32(r.NormFloat64())
		}
		for i := range y {
			y[i] = float32(r.IntN(3) - 1)
		}
		ins := []FusedInput[float32]{{Data: x}, {Data: y, Strides: BroadcastStrides([]int{len(y)}, c.shape)}, {Data: []float32{-1}, Strides: BroadcastStrides(nil, c.shape)}, {Data: []float32{0}, Strides: BroadcastStrides(nil, c.shape)}}
		full := make([]float32, size)
		RunFused(NewFusedProgram(4, prog, []int{6}), c.shape, [][]float32{full}, ins)
		checkReduceRuns(t, NewFusedProgram(4, prog, []int{6}), c.shape, c.trailing, ins, full)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFusedProgramReusesSlots checks that a long chain needs a couple of
// scratch blocks, not one per op.
func TestFusedProgramReusesSlots(t *testing.T) {
	ops := make([]FusedOp, 100)
	for k := range ops {
		ops[k] = FusedOp{Op: Pointwise{Arity: 2, Binary: Mul}, X: k, Y: 0}
		if k%2 == 1 {
			ops[k] = FusedOp{Op: Pointwise{Arity: 1, Unary: Tanh}, X: k}
		}
	}
	p := NewFusedProgram(1, ops, []int{100})
	if p.Temps > 1 {
		t.Errorf("a 100-op chain uses %d temporaries, want 1", p.Temps)
	}
	x := make([]float32, 5000)
	for i := range x {
		x[i] = float32(i) / 5000
	}
	out := [][]float32{make([]float32, len(x))}
	RunFused(p, []int{len(x)}, out, []FusedInput[float32]{{Data: x}})
	for i, v := range x {
		want := v
		for range 50 {
			want = tanh32(want * v)
		}
		if out[0][i] != want || math.IsNaN(float64(want)) {
			t.Fatalf("[%d] = %v, want %v", i, out[0][i], want)
		}
	}
}

// BenchmarkRunFused runs the anchors' 100-op chains on 2^20 float32 as one
// fused program: 25 rounds of x·1.0001, +0.0001, relu, and tanh (or
// −0.0001 for the no-tanh chain).
func BenchmarkRunFused(b *testing.B) {
	for _, last := range []struct {
		name string
		op   Pointwise
	}{{"tanh", Pointwise{Arity: 1, Unary: Tanh}}, {"sub", Pointwise{Arity: 2, Binary: Sub}}} {
		b.Run(last.name, func(b *testing.B) {
			const n = 1 << 20
			var ops []FusedOp
			x := 0 // inputs: x, 1.0001, 0.0001
			for range 25 {
				for _, op := range []FusedOp{
					{Op: Pointwise{Arity: 2, Binary: Mul}, X: x, Y: 1},
					{Op: Pointwise{Arity: 2, Binary: Add}, Y: 2},
					{Op: Pointwise{Arity: 1, Unary: ReLU}},
					{Op: last.op, Y: 2},
				} {
					if op.X == 0 && len(ops) > 0 {
						op.X = 3 + len(ops) - 1
					}
					ops = append(ops, op)
				}
			}
			p := NewFusedProgram(3, ops, []int{3 + len(ops) - 1})
			data := make([]float32, n)
			r := rand.New(rand.NewPCG(1, 2))
			for i := range data {
				data[i] = float32(r.NormFloat64())
			}
			scalar := []int{0}
			ins := []FusedInput[float32]{{Data: data}, {Data: []float32{1.0001}, Strides: scalar}, {Data: []float32{0.0001}, Strides: scalar}}
			out := [][]float32{make([]float32, n)}
			b.SetBytes(2 * 4 * n)
			for b.Loop() {
				RunFused(p, []int{n}, out, ins)
			}
		})
	}
}
