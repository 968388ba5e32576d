package autodiff_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"msrepl/autodiff"
	"msrepl/devices/cpu"
	"msrepl/ops"
	"msrepl/tensor"
)

func init() {
	f32 := func(in input) input { return as(tensor.Float32, in) }
	i64 := func(shape []int, v ...int64) input { return ints(tensor.Int64, shape, v...) }
	axis := func(a any) ops.Attrs { return ops.Attrs{"axis": a} }
	addGradCases(
		// Binary arithmetic. distinct inputs of odd and even sizes never
		// tie, as their values lie on grids offset by 1/8.
		gradCase{prim: ops.Add, in: []input{rnd(2, 3), rnd(3)}},
		gradCase{name: "Add/broadcast", prim: ops.Add, in: []input{rnd(4, 1, 3), rnd(2, 1)}},
		gradCase{name: "Add/float32", prim: ops.Add, in: []input{f32(rnd(3)), rnd(2, 3)}},
		gradCase{name: "Add/int", prim: ops.Add, in: []input{i64([]int{3}, 1, -2, 3), rnd(2, 3)}},
		gradCase{prim: ops.Sub, in: []input{rnd(2, 3), rnd(3)}, second: true},
		gradCase{name: "Sub/broadcast", prim: ops.Sub, in: []input{rnd(2, 1), rnd(4, 1, 3)}},
		gradCase{prim: ops.Mul, in: []input{rnd(2, 3), rnd(2, 1)}, second: true},
		gradCase{name: "Mul/broadcast", prim: ops.Mul, in: []input{rnd(4, 1, 3), rnd(2, 1)}, second: true},
		gradCase{name: "Mul/float32", prim: ops.Mul, in: []input{rnd(2, 3), f32(rnd(3))}},
		gradCase{name: "Mul/int", prim: ops.Mul, in: []input{rnd(2, 3), i64([]int{3}, 2, -1, 4)}},
		gradCase{prim: ops.Div, in: []input{rnd(2, 3), rnd(3)}, second: true},
		gradCase{name: "Div/broadcast", prim: ops.Div, in: []input{rnd(2, 1), pos(4, 1, 3)}, second: true},
		gradCase{name: "Div/int_numerator", prim: ops.Div, in: []input{i64([]int{2, 3}, 1, 2, 3, -4, 5, 6), pos(3)}},
		gradCase{name: "Div/float32", prim: ops.Div, in: []input{f32(pos(3)), rnd(2, 3)}},
		// x/y stays well away from the integers, where floor jumps.
		gradCase{prim: ops.FloorMod, in: []input{
			vals([]int{2, 3}, 2.3, -1.7, 0.45, 3.9, -2.5, 1.2), vals([]int{3}, 0.7, 1.3, -0.9)}},
		gradCase{name: "FloorMod/broadcast", prim: ops.FloorMod, in: []input{
			vals([]int{3}, 2.3, -1.7, 0.45), vals([]int{2, 1}, 0.7, -1.3)}},
		gradCase{prim: ops.Pow, in: []input{pos(2, 3), rnd(3)}, second: true},
		gradCase{name: "Pow/broadcast", prim: ops.Pow, in: []input{pos(4, 1, 3), rnd(2, 1)}, second: true},
		gradCase{name: "Pow/int_exponent", prim: ops.Pow, in: []input{rnd(2, 3), i64([]int{3}, 2, 3, -1)}, second: true},
		gradCase{name: "Pow/int_base", prim: ops.Pow, in: []input{i64([]int{2, 3}, 1, 2, 3, 4, 5, 6), rnd(3)}},
		gradCase{name: "Pow/float32_exponent", prim: ops.Pow, in: []input{pos(2, 3), f32(rnd(3))}},
		// At x = 0 the exponent's gradient is 0 (torch's convention, and
		// the one-sided limit here since y > 1), and x's is y·0^(y−1).
		gradCase{name: "Pow/zero_base", prim: ops.Pow, in: []input{vals([]int{3}, 0, 0.5, 1.5), vals([]int{3}, 2, 3, 1.5)}},
		gradCase{prim: ops.Maximum, in: []input{distinct(2, 3), distinct(3)}, second: true},
		gradCase{name: "Maximum/broadcast", prim: ops.Maximum, in: []input{distinct(4, 1, 3), distinct(5, 1)}},
		// Central differences at a tie see each side move half the time:
		// the even split.
		gradCase{name: "Maximum/ties", prim: ops.Maximum, in: []input{vals([]int{4}, 1, 2, -3, 0.5), vals([]int{4}, 1, 0, -3, 5)}},
		gradCase{name: "Maximum/int", prim: ops.Maximum, in: []input{i64([]int{3}, 0, 1, -1), distinct(2, 3)}},
		gradCase{prim: ops.Minimum, in: []input{distinct(2, 3), distinct(3)}, second: true},
		gradCase{name: "Minimum/broadcast", prim: ops.Minimum, in: []input{distinct(5, 1), distinct(4, 1, 3)}},
		gradCase{name: "Minimum/ties", prim: ops.Minimum, in: []input{vals([]int{4}, 1, 2, -3, 0.5), vals([]int{4}, 1, 0, -3, 5)}},
		gradCase{name: "Minimum/float32", prim: ops.Minimum, in: []input{distinct(2, 3), f32(distinct(3))}},
		gradCase{prim: ops.Atan2, in: []input{rnd(2, 3), rnd(3)}, second: true},
		gradCase{name: "Atan2/broadcast", prim: ops.Atan2, in: []input{rnd(4, 1, 3), rnd(2, 1)}},
		gradCase{name: "Atan2/int", prim: ops.Atan2, in: []input{i64([]int{3}, 1, -2, 0), rnd(2, 3)}},

		// Unary.
		gradCase{prim: ops.Neg, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Abs, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Square, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Exp, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Expm1, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Log, in: []input{pos(2, 3)}, second: true},
		gradCase{prim: ops.Log1p, in: []input{pos(2, 3)}, second: true},
		gradCase{prim: ops.Sqrt, in: []input{pos(2, 3)}, second: true},
		gradCase{prim: ops.Rsqrt, in: []input{pos(2, 3)}, second: true},
		gradCase{prim: ops.Reciprocal, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Sin, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Cos, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Tan, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Tanh, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Sigmoid, in: []input{rnd(2, 3)}, second: true},
		gradCase{name: "Sigmoid/wide", prim: ops.Sigmoid, in: []input{vals([]int{4}, -6, -2.5, 3, 8)}, second: true},
		gradCase{prim: ops.ReLU, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.GeLU, in: []input{rnd(2, 3)}, second: true},
		gradCase{name: "GeLU/wide", prim: ops.GeLU, in: []input{vals([]int{5}, -4, -1.5, 0, 2.5, 5)}, second: true},
		gradCase{prim: ops.Erf, in: []input{rnd(2, 3)}, second: true},
		gradCase{prim: ops.Softplus, in: []input{rnd(2, 3)}, second: true},
		gradCase{name: "Softplus/wide", prim: ops.Softplus, in: []input{vals([]int{4}, -8, -3, 4, 15)}},

		// The activations' backward primitives.
		gradCase{prim: ops.ReluGrad, in: []input{rnd(2, 3), rnd(2, 3)}},
		gradCase{prim: ops.SigmoidGrad, in: []input{rnd(2, 3), rnd(2, 3)}, second: true},
		gradCase{prim: ops.TanhGrad, in: []input{rnd(2, 3), rnd(2, 3)}, second: true},

		// Cast: float32 rounding is below the differences' resolution only
		// for inputs this close to 0. A cast to an integer passes nothing.
		gradCase{name: "Cast/float32", prim: ops.Cast, attrs: ops.Attrs{"dtype": tensor.Float32},
			in: []input{vals([]int{2, 2}, 0, 1e-9, -2e-9, 3e-9)}, second: true},
		gradCase{name: "Cast/float64", prim: ops.Cast, attrs: ops.Attrs{"dtype": tensor.Float64}, in: []input{rnd(2, 3)}},
		gradCase{name: "Cast/int", prim: ops.Cast, attrs: ops.Attrs{"dtype": tensor.Int32}, in: []input{rnd(2, 3)}},

		// Select(cond, x, y).
		gradCase{prim: ops.Select, in: []input{bools([]int{2, 3}, 1, 0, 0, 1, 1, 0), rnd(2, 3), rnd(2, 3)}, second: true},
		gradCase{name: "Select/broadcast", prim: ops.Select,
			in: []input{bools([]int{3}, 1, 0, 1), rnd(2, 1), rnd(4, 1, 3)}, second: true},
		gradCase{name: "Select/float32", prim: ops.Select,
			in: []input{bools([]int{2, 3}, 0, 1, 0, 1, 1, 0), f32(rnd(3)), rnd(2, 3)}},
		gradCase{name: "Select/int", prim: ops.Select,
			in: []input{bools([]int{2, 1}, 1, 0), i64([]int{3}, 1, 2, 3), rnd(2, 3)}},

		// FusedMulAdd(x, y, z) = x·y + z, rounded once.
		gradCase{prim: ops.FusedMulAdd, in: []input{rnd(2, 3), rnd(2, 3), rnd(2, 3)}, second: true},
		gradCase{name: "FusedMulAdd/broadcast", prim: ops.FusedMulAdd, in: []input{rnd(2, 1), rnd(3), rnd(4, 1, 1)}, second: true},
		gradCase{name: "FusedMulAdd/float32", prim: ops.FusedMulAdd, in: []input{f32(rnd(2, 3)), rnd(3), f32(rnd(1))}},

		// Softmax and LogSoftmax along each kind of axis.
		gradCase{prim: ops.Softmax, in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "Softmax/axis1", prim: ops.Softmax, attrs: axis([]int{1}), in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "Softmax/axis_int", prim: ops.Softmax, attrs: axis(-3), in: []input{rnd(2, 3, 4)}},
		gradCase{name: "Softmax/0d", prim: ops.Softmax, in: []input{rnd()}},
		gradCase{prim: ops.LogSoftmax, in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "LogSoftmax/axis0", prim: ops.LogSoftmax, attrs: axis([]int{0}), in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "LogSoftmax/vector", prim: ops.LogSoftmax, attrs: axis(0), in: []input{rnd(5)}},

		// Dropout draws anew on every run, which finite differences cannot
		// follow but at keep_prob 1; TestDropoutGradient checks the mask.
		gradCase{prim: ops.Dropout, attrs: ops.Attrs{"keep_prob": 1.0}, in: []input{rnd(2, 3)}, second: true},
	)
}

// TestDropoutGradient checks that Dropout's gradient is dout·mask/keep_prob
// with the mask of the forward run, and that the mask output passes
// nothing back.
func TestDropoutGradient(t *testing.T) {
	h := newHarness(t)
	r := rand.New(rand.NewPCG(3, 4))
	x := rnd(4, 25)(r, h.dev())
	dy, dmask := rnd(4, 25)(r, h.dev()), rnd(4, 25)(r, h.dev())
	const keep = 0.75
	tape := autodiff.NewTape(h.eager)
	tape.Watch(x)
	out, err := tape.Apply(ops.Dropout, ops.Attrs{"keep_prob": keep}, x)
	if err != nil {
		t.Fatal(err)
	}
	grads, err := tape.Gradient(h.eager, out, []ops.Value{dy, dmask}, []ops.Value{x})
	if err != nil {
		t.Fatal(err)
	}
	mask, dx := out[1].(*tensor.Tensor), grads[0].(*tensor.Tensor)
	kept := 0
	for i := range x.Size() {
		m := mask.Float(i)
		if want := dy.Float(i) * (m * (1 / keep)); dx.Float(i) != want {
			t.Fatalf("dx[%d] = %v, want %v (mask %v)", i, dx.Float(i), want, m)
		}
		kept += int(m)
	}
	if kept == 0 || kept == x.Size() {
		t.Errorf("the mask kept %d of %d elements", kept, x.Size())
	}
}

// TestActivationGradientsInFloat32 runs the activations' rules on float32
// inputs seeded with a float64 cotangent, as a float64 loss seeds them,
// and on enough elements that the backward kernels split across cores:
// the gradient is float32 and agrees with the float64 one.
func TestActivationGradientsInFloat32(t *testing.T) {
	h := newHarness(t)
	r := rand.New(rand.NewPCG(5, 6))
	const n = 1 << 17
	x64 := rnd(n)(r, h.dev())
	x32 := as(tensor.Float32, func(*rand.Rand, *cpu.Device) *tensor.Tensor { return x64 })(r, h.dev())
	w := rnd(n)(r, h.dev())
	for _, p := range []*ops.Primitive{ops.ReLU, ops.Sigmoid, ops.Tanh, ops.GeLU, ops.Softplus} {
		grad := func(x *tensor.Tensor) *tensor.Tensor {
			g, err := gradient(h.eager, gradCase{prim: p}, []*tensor.Tensor{x}, []int{0}, []*tensor.Tensor{w})
			if err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
			return g[0].(*tensor.Tensor)
		}
		g64, g32 := grad(x64), grad(x32)
		if g32.DType() != tensor.Float32 {
			t.Fatalf("%s: the gradient of a float32 input is %v", p.Name, g32.DType())
		}
		for i := range n {
			if a, b := g32.Float(i), g64.Float(i); math.Abs(a-b) > 1e-6*(1+math.Abs(b)) {
				t.Fatalf("%s: dx[%d] = %v in float32, %v in float64", p.Name, i, a, b)
			}
		}
	}
}
