// Package capture turns code into IR. Its Tracer is the builder under which
// the interpreter's own tensor operations emit graph nodes instead of
// computing: the values flowing through the library are abstract tensors
// (tensor.NewAbstract) that stand for nodes, so the operators, the ops and
// nn libraries and the gradient rules are not written a second time for
// graph mode. It must not run graphs or optimize them, and it reaches the
// interpreter only through interfaces it defines.
package capture

import (
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// A Tracer builds a graph from the primitives applied through it. Inputs
// and weights are registered first; every tensor the traced code
// computes is an abstract tensor that stands for the node that computes
// it, and every concrete tensor it uses becomes a constant.
type Tracer struct {
	G *ir.FuncGraph
	// Span is the source position new nodes get; the caller moves it as
	// the traced code runs.
	Span ir.Span
	// Eval, when set, computes at capture time the applications whose
	// inputs are all constants (a stateful primitive's excepted), as
	// MindSpore runs constant code during compilation: host numpy work
	// and constant tensors then reach the graph as constants.
	Eval ops.Builder
	// Weight, when set, names the weight a concrete tensor is (a
	// Parameter's data), wherever the traced code found it; ok false
	// means it is a constant.
	Weight func(v *tensor.Tensor) (name string, ok bool)
	b      ir.Builder
	nodes  map[*tensor.Tensor]*ir.Node
}

// NewTracer returns a tracer that builds g.
func NewTracer(g *ir.FuncGraph) *Tracer {
	return &Tracer{G: g, b: ir.Builder{G: g}, nodes: map[*tensor.Tensor]*ir.Node{}}
}

// Input adds a graph parameter of meta m and returns the abstract tensor
// that stands for it.
func (t *Tracer) Input(name string, m tensor.Meta) *tensor.Tensor {
	v := tensor.NewAbstract(m)
	t.nodes[v] = t.G.AddParam(name, ir.TensorAbs{Meta: m}, t.Span)
	return v
}

// AddWeight makes the Parameter data w a weight of the graph, read when
// the graph runs: the traced code keeps using w itself, which now stands
// for the weight.
func (t *Tracer) AddWeight(name string, w *tensor.Tensor) {
	if _, ok := t.nodes[w]; !ok {
		t.nodes[w] = t.G.AddWeight(name, ir.TensorAbs{Meta: w.Meta()})
	}
}

// Node returns the node a value stands for: its node if the tracer made
// or registered it, a weight if Weight names one, else a new constant.
func (t *Tracer) Node(v *tensor.Tensor) *ir.Node {
	if n, ok := t.nodes[v]; ok {
		return n
	}
	if t.isWeight(v) {
		return t.nodes[v]
	}
	n := t.G.Const(v, t.Span)
	t.nodes[v] = n
	return n
}

// Apply emits p's application and returns abstract tensors that stand for
// its outputs.
func (t *Tracer) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	if t.Eval != nil && !p.Stateful && t.constants(args) {
		return t.Eval.Apply(p, attrs, args...)
	}
	in := make([]ops.Value, len(args))
	for i, a := range args {
		v, ok := a.(*tensor.Tensor)
		if !ok {
			return nil, fmt.Errorf("capture: %s's input %d is a %T, not a tensor", p.Name, i, a)
		}
		if v.Abstract() {
			if _, known := t.nodes[v]; !known {
				return nil, fmt.Errorf("capture: %s's input %d is an abstract tensor of another graph", p.Name, i)
			}
		}
		in[i] = t.Node(v)
	}
	t.b.Span = t.Span
	out, err := t.b.Apply(p, attrs, in...)
	if err != nil {
		return nil, err
	}
	res := make([]ops.Value, len(out))
	for i, o := range out {
		n := o.(*ir.Node)
		v := tensor.NewAbstract(n.Meta())
		t.nodes[v] = n
		res[i] = v
	}
	return res, nil
}

// constants reports whether every argument is a concrete tensor that
// stands for no node of the graph.
func (t *Tracer) constants(args []ops.Value) bool {
	for _, a := range args {
		v, ok := a.(*tensor.Tensor)
		if !ok || v.Abstract() {
			return false
		}
		if _, known := t.nodes[v]; known || t.isWeight(v) {
			return false
		}
	}
	return true
}

// isWeight registers v as a weight if Weight names it one.
func (t *Tracer) isWeight(v *tensor.Tensor) bool {
	if t.Weight == nil || v.Abstract() {
		return false
	}
	name, ok := t.Weight(v)
	if ok {
		t.AddWeight(name, v)
	}
	return ok
}

// Output makes the graph return v, or the tuple of vs (empty for code run
// for its effects).
func (t *Tracer) Output(vs ...*tensor.Tensor) {
	if len(vs) == 1 {
		t.G.SetOutput(t.Node(vs[0]))
		return
	}
	nodes := make([]*ir.Node, len(vs))
	for i, v := range vs {
		nodes[i] = t.Node(v)
	}
	t.G.SetOutput(t.G.MakeTuple(t.Span, nodes...))
}
