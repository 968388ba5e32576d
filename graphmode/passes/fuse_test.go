package passes_test

import (
	"testing"

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
			want := f.run(g, x, y)
			v, err := (&exec.Runner{B: f.eager, Fusion: fusion}).Run(g, []exec.Value{x, y})
			if err != nil {
				t.Fatal(err)
			}
			got := v.(*tensor.Tensor)
			for i, w := range want {
				if got.Float(i) != w {
					t.Fatalf("fused [%d] = %v, node by node %v", i, got.Float(i), w)
				}
			}
		})
	}
}
