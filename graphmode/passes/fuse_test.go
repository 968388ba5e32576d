package passes_test

import (
	"math"
	"strings"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/passes"
	"msrepl/ops"
	"msrepl/tensor"
)

// TestFuse checks the grouping rules on small graphs, and that each graph
// computes the same with its groups fused as node by node.
func TestFuse(t *testing.T) {
	f := newFixture(t)
	x, y := f.vec(1, -2, 0.5), f.vec(3, 4, -1)
	for _, c := range []struct {
		name  string
		build func(b *ir.Builder, x, y *ir.Node) *ir.Node
		// groups lists each group's size, in order.
		groups []int
	}{
		{"a chain with broadcast constants is one group", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			a := op(t, b, ops.Mul, nil, x, f.scalar(2))
			a = op(t, b, ops.Add, nil, a, y)
			a = op(t, b, ops.ReLU, nil, a)
			return op(t, b, ops.Tanh, nil, a)
		}, []int{4}},
		{"a value read outside closes its group", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			a := op(t, b, ops.Mul, nil, x, y)
			a = op(t, b, ops.Exp, nil, a)
			s := op(t, b, ops.ReduceSum, ops.Attrs{"axis": []int{}, "keep_dims": false}, a)
			c := op(t, b, ops.Add, nil, a, y) // would have to run before s
			c = op(t, b, ops.Neg, nil, c)
			return op(t, b, ops.Mul, nil, c, s)
		}, []int{2, 3}},
		{"a cast splits a chain", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			a := op(t, b, ops.Mul, nil, x, y)
			a = op(t, b, ops.Exp, nil, a)
			d := op(t, b, ops.Cast, ops.Attrs{"dtype": tensor.Float64}, a)
			d = op(t, b, ops.Neg, nil, d)
			d = op(t, b, ops.Tanh, nil, d)
			return op(t, b, ops.Cast, ops.Attrs{"dtype": tensor.Float32}, d)
		}, []int{2, 2}},
		{"a lone op is not a group", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.Add, nil, x, y)
		}, nil},
		{"an output read twice inside and out", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			a := op(t, b, ops.Sub, nil, x, y)
			s := op(t, b, ops.Sigmoid, nil, a)
			g := op(t, b, ops.SigmoidGrad, nil, s, a)
			return op(t, b, ops.Mul, nil, g, s)
		}, []int{4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := ir.NewGraph("g", ir.Span{})
			px, py := g.AddParam("x", vec3, ir.Span{}), g.AddParam("y", vec3, ir.Span{})
			g.SetOutput(c.build(&ir.Builder{G: g}, px, py))
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			var sizes []int
			for _, grp := range fusion.Groups {
				sizes = append(sizes, len(grp.Nodes))
			}
			if len(sizes) != len(c.groups) {
				t.Fatalf("groups of %v nodes, want %v", sizes, c.groups)
			}
			for i := range sizes {
				if sizes[i] != c.groups[i] {
					t.Fatalf("groups of %v nodes, want %v", sizes, c.groups)
				}
			}
			f.sameFused(t, g, fusion, x, y)
		})
	}
}

// sines is a float32 tensor of shape whose elements are sin(seed +
// 0.37·i).
func (f *fixture) sines(shape tensor.Shape, seed float64) *tensor.Tensor {
	vals := make([]float64, shape.Size())
	for i := range vals {
		vals[i] = math.Sin(seed + float64(i)*0.37)
	}
	m, err := tensor.FromFloat64s(f.dev, tensor.Float32, shape, vals)
	if err != nil {
		f.t.Fatal(err)
	}
	return m
}

// sameFused checks that g run with fusion gives the bits of g run node by
// node.
func (f *fixture) sameFused(t *testing.T, g *ir.FuncGraph, fusion *ir.Fusion, args ...exec.Value) {
	t.Helper()
	want := f.run(g, args...)
	v, err := (&exec.Runner{B: f.eager, Fusion: fusion}).Run(g, args)
	if err != nil {
		t.Fatal(err)
	}
	got := v.(*tensor.Tensor)
	for i, w := range want {
		if got.Float(i) != w {
			t.Fatalf("fused [%d] = %v, node by node %v", i, got.Float(i), w)
		}
	}
}

// TestFuseDense checks when a dense layer's product, bias and ReLU become
// one GEMM step, and that the step gives the bits of the nodes run one by
// one.
func TestFuseDense(t *testing.T) {
	f := newFixture(t)
	xv, wv, bv := f.sines(tensor.Shape{8, 6}, 1), f.sines(tensor.Shape{5, 6}, 2), f.sines(tensor.Shape{5}, 3)
	tb := ops.Attrs{"transpose_a": false, "transpose_b": true}
	for _, c := range []struct {
		name  string
		build func(b *ir.Builder, mm, bias *ir.Node) *ir.Node
		// dense names the dense group, "" for none.
		dense string
	}{
		{"product, bias and ReLU", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			return op(t, b, ops.ReLU, nil, op(t, b, ops.BiasAdd, nil, mm, bias))
		}, "Fused[MatMul,BiasAdd,ReLU]"},
		{"product and bias", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			return op(t, b, ops.BiasAdd, nil, mm, bias)
		}, "Fused[MatMul,BiasAdd]"},
		{"product and ReLU", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			return op(t, b, ops.ReLU, nil, mm)
		}, "Fused[MatMul,ReLU]"},
		{"a biased product read twice keeps its ReLU apart", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			ba := op(t, b, ops.BiasAdd, nil, mm, bias)
			return op(t, b, ops.Mul, nil, op(t, b, ops.ReLU, nil, ba), ba)
		}, "Fused[MatMul,BiasAdd]"},
		{"a product read twice stays apart", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			return op(t, b, ops.Add, nil, op(t, b, ops.ReLU, nil, op(t, b, ops.BiasAdd, nil, mm, bias)), mm)
		}, ""},
		{"a lone product", func(b *ir.Builder, mm, bias *ir.Node) *ir.Node {
			return mm
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := ir.NewGraph("g", ir.Span{})
			abs := func(m *tensor.Tensor) ir.TensorAbs { return ir.TensorAbs{Meta: m.Meta()} }
			x, w, bias := g.AddParam("x", abs(xv), ir.Span{}), g.AddParam("w", abs(wv), ir.Span{}), g.AddParam("b", abs(bv), ir.Span{})
			b := &ir.Builder{G: g}
			g.SetOutput(c.build(b, op(t, b, ops.MatMul, tb, x, w), bias))
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			dense := ""
			for _, grp := range fusion.Groups {
				if strings.HasPrefix(grp.Prim.Name, "Fused[MatMul") {
					dense = grp.Prim.Name
				}
			}
			if dense != c.dense {
				t.Fatalf("dense group %q, want %q", dense, c.dense)
			}
			f.sameFused(t, g, fusion, xv, wv, bv)
		})
	}
}

// TestFuseDescents checks when a gradient-descent update of a matrix
// product becomes one GEMM step, and that the step updates the weight as
// the two steps do, within float32 rounding (exactly, when the product
// reads the weight and the step runs them apart).
func TestFuseDescents(t *testing.T) {
	f := newFixture(t)
	mat := func(rows, cols int, seed float64) *tensor.Tensor { return f.sines(tensor.Shape{rows, cols}, seed) }
	ta := ops.Attrs{"transpose_a": true, "transpose_b": false}
	for _, c := range []struct {
		name  string
		build func(b *ir.Builder, w, v, dy, x, lr *ir.Node) *ir.Node
		fused bool
		exact bool
	}{
		{"an update of a product read once is one GEMM", func(b *ir.Builder, w, v, dy, x, lr *ir.Node) *ir.Node {
			return op(t, b, ops.ApplyGradientDescent, nil, w, lr, op(t, b, ops.MatMul, ta, dy, x))
		}, true, false},
		{"a stateful op between keeps them apart", func(b *ir.Builder, w, v, dy, x, lr *ir.Node) *ir.Node {
			d := op(t, b, ops.MatMul, ta, dy, x)
			u := op(t, b, ops.ApplyGradientDescent, nil, v, lr, op(t, b, ops.Neg, nil, v))
			n := op(t, b, ops.ApplyGradientDescent, nil, w, lr, d)
			return b.G.MakeTuple(ir.Span{}, n, u)
		}, false, true},
		{"a product read twice is kept", func(b *ir.Builder, w, v, dy, x, lr *ir.Node) *ir.Node {
			d := op(t, b, ops.MatMul, ta, dy, x)
			return b.G.MakeTuple(ir.Span{}, op(t, b, ops.ApplyGradientDescent, nil, w, lr, d), d)
		}, false, true},
		{"a product that reads the weight runs apart", func(b *ir.Builder, w, v, dy, x, lr *ir.Node) *ir.Node {
			return op(t, b, ops.ApplyGradientDescent, nil, w, lr, op(t, b, ops.MatMul, nil, w, op(t, b, ops.Neg, nil, v)))
		}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := ir.NewGraph("g", ir.Span{})
			abs := func(m *tensor.Tensor) ir.TensorAbs { return ir.TensorAbs{Meta: m.Meta()} }
			dyv, xv := mat(8, 6, 1), mat(8, 6, 2)
			w, v := g.AddWeight("w", abs(mat(6, 6, 3))), g.AddWeight("v", abs(mat(6, 6, 4)))
			dy, x := g.AddParam("dy", abs(dyv), ir.Span{}), g.AddParam("x", abs(xv), ir.Span{})
			lr := g.Const(f.scalar(0.1), ir.Span{})
			g.SetOutput(c.build(&ir.Builder{G: g}, w, v, dy, x, lr))
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			fused := false
			for _, grp := range fusion.Groups {
				fused = fused || grp.Prim.Name == "Fused[MatMul,ApplyGradientDescent]"
			}
			if fused != c.fused {
				t.Fatalf("fused: %v, want %v", fused, c.fused)
			}
			run := func(fusion *ir.Fusion) *tensor.Tensor {
				weights := map[string]*tensor.Tensor{"w": mat(6, 6, 3), "v": mat(6, 6, 4)}
				r := &exec.Runner{B: f.eager, Fusion: fusion, Weight: func(n *ir.Node) (*tensor.Tensor, error) { return weights[n.Name], nil }}
				if _, err := r.Run(g, []exec.Value{dyv, xv}); err != nil {
					t.Fatal(err)
				}
				return weights["w"]
			}
			want, got := run(nil), run(fusion)
			for i := range want.Size() {
				w, g := want.Float(i), got.Float(i)
				if c.exact && g != w || math.Abs(g-w) > 1e-6*math.Max(1, math.Abs(w)) {
					t.Fatalf("w[%d] is %v fused, %v in two steps", i, g, w)
				}
			}
		})
	}
}

// TestFuseReduction checks when an elementwise chain fuses into the sum,
// mean, max or min it feeds, and that the fused step gives the
// reduction's bits. The
// inputs are a 3×5000 matrix and a row of 5000 that broadcasts over it, so
// the chain spans two of the fused program's blocks.
func TestFuseReduction(t *testing.T) {
	f := newFixture(t)
	const rows, cols = 3, 5000
	vals := func(n int, seed float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = math.Sin(seed + float64(i)*0.37)
		}
		return v
	}
	x, err := tensor.FromFloat64s(f.dev, tensor.Float32, tensor.Shape{rows, cols}, vals(rows*cols, 1))
	if err != nil {
		t.Fatal(err)
	}
	y, err := tensor.FromFloat64s(f.dev, tensor.Float32, tensor.Shape{cols}, vals(cols, 2))
	if err != nil {
		t.Fatal(err)
	}
	all := ops.Attrs{"axis": []int{}, "keep_dims": false}
	for _, c := range []struct {
		name  string
		build func(b *ir.Builder, x, y *ir.Node) *ir.Node
		// fused names the group that holds the reduction, "" for none.
		fused string
	}{
		{"a squared difference's mean fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			d := op(t, b, ops.Sub, nil, x, y)
			return op(t, b, ops.ReduceMean, all, op(t, b, ops.Mul, nil, d, d))
		}, "Fused[Sub,Mul,ReduceMean]"},
		{"one op and a sum over every axis named, kept", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceSum, ops.Attrs{"axis": []int{-1, 0}, "keep_dims": true}, op(t, b, ops.Mul, nil, x, y))
		}, "Fused[Mul,ReduceSum]"},
		{"a sum read on is the group's output", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			s := op(t, b, ops.ReduceSum, all, op(t, b, ops.Exp, nil, op(t, b, ops.Neg, nil, x)))
			return op(t, b, ops.Mul, nil, x, s)
		}, "Fused[Neg,Exp,ReduceSum]"},
		{"a sum over the trailing axis fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceSum, ops.Attrs{"axis": []int{1}, "keep_dims": false}, op(t, b, ops.Mul, nil, x, y))
		}, "Fused[Mul,ReduceSum]"},
		{"a kept mean over axis -1 fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceMean, ops.Attrs{"axis": -1, "keep_dims": true}, op(t, b, ops.Sub, nil, x, y))
		}, "Fused[Sub,ReduceMean]"},
		{"a max over the trailing axis fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceMax, ops.Attrs{"axis": []int{1}, "keep_dims": false}, op(t, b, ops.Neg, nil, op(t, b, ops.Mul, nil, x, y)))
		}, "Fused[Mul,Neg,ReduceMax]"},
		{"a sum over a leading axis is not fused", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceSum, ops.Attrs{"axis": []int{0}, "keep_dims": false}, op(t, b, ops.Mul, nil, x, y))
		}, ""},
		{"a max fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceMax, all, op(t, b, ops.Mul, nil, x, y))
		}, "Fused[Mul,ReduceMax]"},
		{"a min over a ReLU, many tied zeros, fuses", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			return op(t, b, ops.ReduceMin, all, op(t, b, ops.ReLU, nil, op(t, b, ops.Sub, nil, x, y)))
		}, "Fused[Sub,ReLU,ReduceMin]"},
		{"a chain read besides the sum is not", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			m := op(t, b, ops.Mul, nil, x, y)
			return op(t, b, ops.Add, nil, m, op(t, b, ops.ReduceSum, all, m))
		}, ""},
		{"a stateful op between keeps them apart", func(b *ir.Builder, x, y *ir.Node) *ir.Node {
			m := op(t, b, ops.Mul, nil, x, y)
			r := op(t, b, ops.StandardNormal, ops.Attrs{"shape": tensor.Shape{2}})
			s := op(t, b, ops.ReduceSum, all, m)
			return b.G.MakeTuple(ir.Span{}, s, r)
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := ir.NewGraph("g", ir.Span{})
			px := g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{})
			py := g.AddParam("y", ir.TensorAbs{Meta: y.Meta()}, ir.Span{})
			g.SetOutput(c.build(&ir.Builder{G: g}, px, py))
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			fused := ""
			for _, grp := range fusion.Groups {
				if p := grp.Nodes[len(grp.Nodes)-1].Prim; p == ops.ReduceSum || p == ops.ReduceMean || p == ops.ReduceMax || p == ops.ReduceMin {
					fused = grp.Prim.Name
				}
			}
			if fused != c.fused {
				t.Fatalf("the reduction's group is %q, want %q", fused, c.fused)
			}
			flat := func(v exec.Value) []float32 {
				var out []float32
				for _, item := range exec.Tensors(v) {
					out = append(out, tensor.Elems[float32](item)...)
				}
				return out
			}
			want, err := (&exec.Runner{B: f.eager}).Run(g, []exec.Value{x, y})
			if err != nil {
				t.Fatal(err)
			}
			got, err := (&exec.Runner{B: f.eager, Fusion: fusion}).Run(g, []exec.Value{x, y})
			if err != nil {
				t.Fatal(err)
			}
			w, gv := flat(want), flat(got)
			if c.name == "a stateful op between keeps them apart" {
				w, gv = w[:1], gv[:1] // the draws differ
			}
			for i := range w {
				if math.Float32bits(gv[i]) != math.Float32bits(w[i]) {
					t.Fatalf("fused [%d] = %v, node by node %v", i, gv[i], w[i])
				}
			}
		})
	}
}

// A group never spans an in-place update: an op that reads a Parameter
// before the update and one after it, fused into one step at the later
// one's place, would compute the first with the updated value.
func TestFuseStopsAtUpdates(t *testing.T) {
	f := newFixture(t)
	g := ir.NewGraph("g", ir.Span{})
	b := &ir.Builder{G: g}
	p := g.AddWeight("p", vec3)
	a := op(t, b, ops.Mul, nil, p, f.scalar(2))
	u := op(t, b, ops.ApplyGradientDescent, nil, p, f.scalar(1), g.AddParam("grad", vec3, ir.Span{}))
	c := op(t, b, ops.Add, nil, a, f.scalar(1))
	g.SetOutput(g.MakeTuple(ir.Span{}, c, u))
	fusion, err := passes.Fuse(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(fusion.Groups) != 0 {
		t.Fatalf("%d groups span the update", len(fusion.Groups))
	}
	run := func(fusion *ir.Fusion) *tensor.Tensor {
		w := f.vec(1, 2, 3)
		r := &exec.Runner{B: f.eager, Fusion: fusion, Weight: func(*ir.Node) (*tensor.Tensor, error) { return w, nil }}
		v, err := r.Run(g, []exec.Value{f.vec(10, 10, 10)})
		if err != nil {
			t.Fatal(err)
		}
		return exec.Tensors(v)[0]
	}
	want, got := run(nil), run(fusion)
	for i := range 3 {
		if got.Float(i) != want.Float(i) || want.Float(i) != float64(2*(i+1)+1) {
			t.Fatalf("[%d] is %v fused, %v node by node, want %d", i, got.Float(i), want.Float(i), 2*(i+1)+1)
		}
	}
}

// TestPairProducts checks which neighbouring matrix products pair, and
// that a graph runs to the same bits with its pairs on two cores as node
// by node, releasing buffers as it goes.
func TestPairProducts(t *testing.T) {
	defer func(w int) { cpu.Workers = w }(cpu.Workers)
	f := newFixture(t)
	mat := func(rows, cols int, seed float64) *tensor.Tensor { return f.sines(tensor.Shape{rows, cols}, seed) }
	// 64·256·128 multiply-adds each: worth a core, too few to split.
	xv, wv, vv := mat(64, 128, 1), mat(128, 256, 2), mat(128, 256, 3)
	for _, c := range []struct {
		name    string
		workers int
		build   func(b *ir.Builder, x, w, v *ir.Node) *ir.Node
		paired  bool
	}{
		{"independent neighbours pair", 2, func(b *ir.Builder, x, w, v *ir.Node) *ir.Node {
			p := op(t, b, ops.MatMul, nil, op(t, b, ops.Neg, nil, x), w)
			return op(t, b, ops.Sub, nil, p, op(t, b, ops.MatMul, nil, x, v))
		}, true},
		{"a product that reads the other does not", 2, func(b *ir.Builder, x, w, v *ir.Node) *ir.Node {
			p := op(t, b, ops.MatMul, nil, x, w)
			return op(t, b, ops.MatMul, ops.Attrs{"transpose_a": false, "transpose_b": true}, p, p)
		}, false},
		{"products apart do not", 2, func(b *ir.Builder, x, w, v *ir.Node) *ir.Node {
			p := op(t, b, ops.Neg, nil, op(t, b, ops.MatMul, nil, x, w))
			return op(t, b, ops.Add, nil, p, op(t, b, ops.MatMul, nil, x, v))
		}, false},
		{"one worker pairs nothing", 1, func(b *ir.Builder, x, w, v *ir.Node) *ir.Node {
			return op(t, b, ops.Add, nil, op(t, b, ops.MatMul, nil, x, w), op(t, b, ops.MatMul, nil, x, v))
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cpu.Workers = c.workers
			g := ir.NewGraph("g", ir.Span{})
			abs := func(m *tensor.Tensor) ir.TensorAbs { return ir.TensorAbs{Meta: m.Meta()} }
			x, w, v := g.AddParam("x", abs(xv), ir.Span{}), g.AddParam("w", abs(wv), ir.Span{}), g.AddParam("v", abs(vv), ir.Span{})
			g.SetOutput(c.build(&ir.Builder{G: g}, x, w, v))
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			paired := false
			for _, n := range g.Nodes {
				if partner, _ := fusion.Alongside(n); partner != nil {
					paired = true
				}
			}
			if paired != c.paired {
				t.Fatalf("paired: %v, want %v", paired, c.paired)
			}
			want := f.run(g, xv, wv, vv)
			got, err := (&exec.Runner{B: f.eager, Fusion: fusion, Release: true}).Run(g, []exec.Value{xv, wv, vv})
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range want {
				if g := got.(*tensor.Tensor).Float(i); g != w {
					t.Fatalf("[%d] = %v with the pairs, %v node by node", i, g, w)
				}
			}
		})
	}
}
