package passes_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/passes"
	"msrepl/ops"
	"msrepl/tensor"
)

type fixture struct {
	t     *testing.T
	eager *ops.Eager
	dev   *cpu.Device
}

func newFixture(t *testing.T) *fixture {
	dev := cpu.New(0)
	return &fixture{t: t, dev: dev, eager: &ops.Eager{Ctx: &ops.Ctx{Dev: dev, Rand: rand.New(rand.NewPCG(1, 1))}}}
}

func (f *fixture) scalar(v float64) *tensor.Tensor {
	t, err := tensor.FromFloat64s(f.dev, tensor.Float32, tensor.Shape{}, []float64{v})
	if err != nil {
		f.t.Fatal(err)
	}
	return t
}

func (f *fixture) vec(vals ...float64) *tensor.Tensor {
	t, err := tensor.FromFloat64s(f.dev, tensor.Float32, tensor.Shape{len(vals)}, vals)
	if err != nil {
		f.t.Fatal(err)
	}
	return t
}

func op(t *testing.T, b *ir.Builder, p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) *ir.Node {
	t.Helper()
	out, err := b.Apply(p, attrs, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out[0].(*ir.Node)
}

var vec3 = ir.TensorAbs{Meta: tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{3}}}

// redundant builds a graph with work for every pass:
//
//	a = x * 1            simplify
//	c = 2 + 3            fold
//	p = a * y; q = a * y cse
//	dead = exp(x)        dce
//	r = sub(x, y)        a call of a graph, inline
//	out = p + q * c + r
func (f *fixture) redundant() *ir.FuncGraph {
	t := f.t
	g := ir.NewGraph("redundant", ir.Span{})
	x := g.AddParam("x", vec3, ir.Span{})
	y := g.AddParam("y", vec3, ir.Span{})
	b := &ir.Builder{G: g}
	a := op(t, b, ops.Mul, nil, x, f.scalar(1))
	c := op(t, b, ops.Add, nil, f.scalar(2), f.scalar(3))
	p := op(t, b, ops.Mul, nil, a, y)
	q := op(t, b, ops.Mul, nil, a, y)
	op(t, b, ops.Exp, nil, x)
	sub := g.NewSubgraph("sub", ir.Span{})
	sx, sy := sub.AddParam("x", vec3, ir.Span{}), sub.AddParam("y", vec3, ir.Span{})
	sub.SetOutput(op(t, &ir.Builder{G: sub}, ops.Sub, nil, sx, sy))
	r := g.Call(sub, ir.Span{}, x, y)
	out := op(t, b, ops.Add, nil, op(t, b, ops.Add, nil, p, op(t, b, ops.Mul, nil, q, c)), r)
	g.SetOutput(out)
	return g
}

func (f *fixture) run(g *ir.FuncGraph, args ...exec.Value) []float64 {
	f.t.Helper()
	v, err := (&exec.Runner{B: f.eager}).Run(g, args)
	if err != nil {
		f.t.Fatal(err)
	}
	t := v.(*tensor.Tensor)
	out := make([]float64, t.Size())
	for i := range out {
		out[i] = t.Float(i)
	}
	return out
}

func count(g *ir.FuncGraph, pred func(*ir.Node) bool) int {
	n := 0
	for _, x := range g.Nodes {
		if pred(x) {
			n++
		}
	}
	return n
}

func isPrim(p *ops.Primitive) func(*ir.Node) bool {
	return func(n *ir.Node) bool { return n.Kind == ir.Apply && n.Prim == p }
}

// Each pass keeps the graph valid and its results, and does its job.
func TestEachPass(t *testing.T) {
	f := newFixture(t)
	x, y := f.vec(1, -2, 0.5), f.vec(3, 4, -1)
	want := f.run(f.redundant(), x, y)
	for _, c := range []struct {
		name  string
		pass  func(g *ir.FuncGraph) (bool, error)
		check func(g *ir.FuncGraph) bool
	}{
		{"simplify", passes.Simplify, func(g *ir.FuncGraph) bool {
			return g.Nodes[1].Inputs[0] == g.Params[0] // a = x*1 is gone, and a*y is x*y
		}},
		{"fold", func(g *ir.FuncGraph) (bool, error) { return passes.Fold(g, f.eager) }, func(g *ir.FuncGraph) bool {
			return count(g, func(n *ir.Node) bool {
				return n.Kind == ir.Apply && n.Prim == ops.Mul && n.Inputs[1].Kind == ir.Const && n.Inputs[1].Value.(*tensor.Tensor).Float(0) == 5
			}) == 1
		}},
		{"cse", passes.CSE, func(g *ir.FuncGraph) bool {
			// p and q were one Mul(a, y): one is left, and q*c uses it.
			p := g.Nodes[2]
			return count(g, func(n *ir.Node) bool { return n.Kind == ir.Apply && n.Prim == ops.Mul && n.Inputs[1] == g.Params[1] }) == 1 &&
				count(g, func(n *ir.Node) bool { return n.Kind == ir.Apply && n.Prim == ops.Mul && n.Inputs[0] == p }) == 1
		}},
		{"dce", passes.DCE, func(g *ir.FuncGraph) bool { return count(g, isPrim(ops.Exp)) == 0 }},
		{"inline", passes.Inline, func(g *ir.FuncGraph) bool {
			return count(g, func(n *ir.Node) bool { return n.Kind == ir.Call }) == 0 && count(g, isPrim(ops.Sub)) == 1
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := f.redundant()
			changed, err := c.pass(g)
			if err != nil {
				t.Fatal(err)
			}
			if !changed {
				t.Errorf("nothing changed")
			}
			if err := ir.Verify(g); err != nil {
				t.Fatal(err)
			}
			if !c.check(g) {
				var out strings.Builder
				ir.Compact(&out, g)
				t.Errorf("the pass did not do its job:\n%s", out.String())
			}
			got := f.run(g, x, y)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("result %v, before the pass %v", got, want)
				}
			}
			if again, _ := c.pass(g); again {
				t.Errorf("a second run still changed the graph")
			}
		})
	}
}

// The pipeline runs every pass to a fixed point, skips those turned off,
// and dumps after each.
func TestPipeline(t *testing.T) {
	f := newFixture(t)
	x, y := f.vec(1, -2, 0.5), f.vec(3, 4, -1)
	want := f.run(f.redundant(), x, y)
	g := f.redundant()
	var dumped []string
	p := passes.Default(f.eager)
	p.Verify = true
	p.Off = map[string]bool{"cse": true}
	p.Dump = func(pass string, _ *ir.FuncGraph, _ bool) { dumped = append(dumped, pass) }
	if err := p.Run(g); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(dumped, " "), "cse") || dumped[0] != "inline" {
		t.Errorf("passes run: %v", dumped)
	}
	if count(g, isPrim(ops.Mul)) != 3 { // x*y twice (no CSE) and q*5
		var out strings.Builder
		ir.Compact(&out, g)
		t.Errorf("after the pipeline:\n%s", out.String())
	}
	got := f.run(g, x, y)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("result %v, before %v", got, want)
		}
	}
}

// Stateful primitives are never merged, folded or dropped.
func TestStatefulSurvives(t *testing.T) {
	f := newFixture(t)
	g := ir.NewGraph("random", ir.Span{})
	x := g.AddParam("x", vec3, ir.Span{})
	b := &ir.Builder{G: g}
	shape := ops.Attrs{"shape": []int{3}}
	u1 := op(t, b, ops.UniformReal, shape)
	u2 := op(t, b, ops.UniformReal, shape)
	op(t, b, ops.StandardNormal, shape) // unused, but a draw all the same
	g.SetOutput(op(t, b, ops.Add, nil, op(t, b, ops.Mul, nil, u1, u2), x))
	p := passes.Default(f.eager)
	p.Verify = true
	if err := p.Run(g); err != nil {
		t.Fatal(err)
	}
	if n := count(g, isPrim(ops.UniformReal)); n != 2 {
		t.Errorf("%d UniformReal left, want 2", n)
	}
	if n := count(g, isPrim(ops.StandardNormal)); n != 1 {
		t.Errorf("the unused draw was dropped")
	}
}

// Simplify leaves x + 0 on floats (−0 + 0 is +0), turns a branch on a
// constant into a call of the branch taken, and inline then removes it.
func TestSimplifyEdges(t *testing.T) {
	f := newFixture(t)
	g := ir.NewGraph("edges", ir.Span{})
	x := g.AddParam("x", vec3, ir.Span{})
	b := &ir.Builder{G: g}
	plus0 := op(t, b, ops.Add, nil, x, f.scalar(0))
	then := g.NewSubgraph("✓edges", ir.Span{})
	then.SetOutput(op(t, &ir.Builder{G: then}, ops.Neg, nil, then.AddParam("x", vec3, ir.Span{})))
	els := g.NewSubgraph("✗edges", ir.Span{})
	els.SetOutput(els.AddParam("x", vec3, ir.Span{}))
	cond := g.Const(true, ir.Span{})
	g.SetOutput(g.If(cond, then, els, ir.Span{}, plus0))
	p := passes.Default(f.eager)
	p.Verify = true
	if err := p.Run(g); err != nil {
		t.Fatal(err)
	}
	if count(g, isPrim(ops.Add)) != 1 || count(g, isPrim(ops.Neg)) != 1 ||
		count(g, func(n *ir.Node) bool { return n.Kind == ir.If || n.Kind == ir.Call }) != 0 {
		var out strings.Builder
		ir.Compact(&out, g)
		t.Errorf("after the pipeline:\n%s", out.String())
	}
	got := f.run(g, f.vec(math.Copysign(0, -1), 1, 2))
	// −0 + 0 is +0, and its negation −0: the Add was kept.
	if got[1] != -1 || got[2] != -2 || !math.Signbit(got[0]) {
		t.Errorf("result %v", got)
	}
}
