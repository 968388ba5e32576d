// Package capture turns code into IR. Its Tracer is the builder under which
// the interpreter's own tensor operations emit graph nodes instead of
// computing: the values flowing through the library are abstract tensors
// (tensor.NewAbstract) that stand for nodes, so the operators, the ops and
// nn libraries and the gradient rules are not written a second time for
// graph mode. Its ast capture (Function) walks a function's syntax tree:
// statements and control flow are its own, and everything else (names,
// operators, calls of the library) goes through the Host, which runs it
// with the Tracer as the builder. The trace and bytecode captures run the
// code itself, in the interpreter, with a Tracer that also computes
// (Trace) or that takes the concrete tensors it meets as inputs
// (AutoInput). It must not run graphs or optimize them, and it reaches the
// interpreter only through interfaces it defines.
package capture

import (
	"fmt"
	"slices"

	"msrepl/graphmode/ir"
	"msrepl/graphmode/shape"
	"msrepl/ops"
	"msrepl/tensor"
)

// A Tracer builds a graph from the primitives applied through it. Inputs
// and weights are registered first; every tensor the traced code
// computes is an abstract tensor that stands for the node that computes
// it, and every concrete tensor it uses becomes a constant.
//
// While a branch or a loop body is captured the Tracer builds its
// subgraph (Push): values of the enclosing graphs the subgraph uses become
// its parameters, recorded as captures, so that subgraphs take every input
// explicitly, as MindIR's closure-converted branches do.
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
	// Trace, when set, makes the Tracer the trace builder of
	// capture_mode="trace": the code runs on concrete tensors, each
	// application is computed through Trace and also emitted, and its
	// concrete outputs stand for its nodes. Applications on constants
	// only are computed and not emitted.
	Trace ops.Builder
	// AutoInput makes every concrete tensor that meets a graph value in
	// an application, a weight's data excepted, a parameter of the graph
	// rather than a constant: bytecode capture's segments run on the
	// values of each call. Inputs are those tensors (and the ones
	// Register made inputs), in parameter order, and Created the abstract
	// tensors of the top graph, which the segment gives back.
	AutoInput bool
	Inputs    []*tensor.Tensor
	Created   []*tensor.Tensor
	// Where, when set, gives the source position of the code that applies
	// a primitive (trace and bytecode capture run the code itself): the
	// Span of its node.
	Where func() ir.Span
	// Weight, when set, names the weight a concrete tensor is (a
	// Parameter's data), wherever the traced code found it; ok false
	// means it is a constant.
	Weight func(v *tensor.Tensor) (name string, ok bool)
	// Shapes, for a graph compiled for many sizes, is the scope of its
	// symbols: the constraints inference puts on them are attributed to
	// the application that required them, and one that cannot hold is
	// reported with the constraints it contradicts.
	Shapes *shape.Scope
	top    *Level
	cur    *Level
	// weights are the Parameter data registered as weights; an in-place
	// update maps one to the update's node, not its weight node.
	weights map[*tensor.Tensor]bool
	// forward is the forward node whose gradient rule is running, which
	// the nodes it emits record.
	forward *ir.Node
}

// Register makes the concrete tensor v an input of the top graph, named
// name (or "in<N>"), unless it already stands for a node, and returns its
// node.
func (t *Tracer) Register(v *tensor.Tensor, name string) *ir.Node {
	l := t.top
	if n, ok := l.nodes[v]; ok {
		return n
	}
	if name == "" {
		name = fmt.Sprintf("in%d", len(t.Inputs))
	}
	n := l.G.AddParam(name, ir.TensorAbs{Meta: v.Meta()}, t.Span)
	l.nodes[v] = n
	t.Inputs = append(t.Inputs, v)
	return n
}

// SetAutoInput makes t a Tracer whose inputs are the concrete tensors the
// code uses (AutoInput), and which collects the abstract tensors of its
// top graph in Created.
func (t *Tracer) SetAutoInput() {
	t.AutoInput = true
	t.top.created = &t.Created
}

// MarkForward makes the nodes applied next record out's node as their
// forward node, while a gradient rule runs (autodiff.ForwardMarker).
func (t *Tracer) MarkForward(out ops.Value) {
	t.forward = nil
	if v, ok := out.(*tensor.Tensor); ok {
		for l := t.cur; l != nil; l = l.parent {
			if n, ok := l.nodes[v]; ok {
				t.forward = n
				return
			}
		}
	}
}

// A Level is a graph under construction: the top graph, or a subgraph
// pushed for a branch or a loop.
type Level struct {
	G      *ir.FuncGraph
	parent *Level
	b      ir.Builder
	nodes  map[*tensor.Tensor]*ir.Node
	// Captures are the values of enclosing graphs this graph reads,
	// each through one of its parameters.
	Captures []Capture
	// created, on the top level of an AutoInput Tracer, collects the
	// abstract tensors Bind makes.
	created *[]*tensor.Tensor
	// assigned are the weights an update (ops.Primitive.Updates) in this
	// graph, or in control flow inside it, changed, in order: a branch or
	// loop gives their new values to the graph around it.
	assigned []*tensor.Tensor
}

// updated makes w's readers in l read n, w's value after an update.
func (l *Level) updated(w *tensor.Tensor, n *ir.Node) {
	l.nodes[w] = n
	if !slices.Contains(l.assigned, w) {
		l.assigned = append(l.assigned, w)
	}
}

// A Capture is a parameter of a subgraph that stands for a value of the
// graph around it.
type Capture struct {
	Outer, Param *ir.Node
	// V is the value the parameter stands for.
	V *tensor.Tensor
}

// NewTracer returns a tracer that builds g.
func NewTracer(g *ir.FuncGraph) *Tracer {
	l := newLevel(g, nil)
	return &Tracer{G: g, top: l, cur: l, weights: map[*tensor.Tensor]bool{}}
}

func newLevel(g *ir.FuncGraph, parent *Level) *Level {
	return &Level{G: g, parent: parent, b: ir.Builder{G: g}, nodes: map[*tensor.Tensor]*ir.Node{}}
}

// Push makes g, a subgraph of the current graph, the graph new nodes go
// to, until Pop.
func (t *Tracer) Push(g *ir.FuncGraph) *Level {
	t.cur = newLevel(g, t.cur)
	return t.cur
}

// Pop returns to the graph that was current before the last Push and
// returns the level it leaves, whose graph's output is still to be set.
func (t *Tracer) Pop() *Level {
	l := t.cur
	t.cur = l.parent
	return l
}

// Current is the level new nodes go to.
func (t *Tracer) Current() *Level { return t.cur }

// Input adds a graph parameter of meta m to the current graph and returns
// the abstract tensor that stands for it.
func (t *Tracer) Input(name string, m tensor.Meta) *tensor.Tensor {
	return t.cur.Bind(t.cur.G.AddParam(name, ir.TensorAbs{Meta: m}, t.Span))
}

// Traced reports whether the concrete tensor v, met while a trace
// records, was computed from the traced call's arguments or weights: its
// value then differs from call to call.
func (t *Tracer) Traced(v *tensor.Tensor) bool {
	for l := t.cur; l != nil; l = l.parent {
		if n, ok := l.nodes[v]; ok {
			return n.Kind != ir.Const
		}
	}
	return t.weights[v]
}

// InputFor adds a graph parameter that the concrete tensor v, an
// argument of the traced call, stands for.
func (t *Tracer) InputFor(name string, v *tensor.Tensor) {
	t.cur.nodes[v] = t.cur.G.AddParam(name, ir.TensorAbs{Meta: v.Meta()}, t.Span)
}

// Bind returns a new abstract tensor that stands for the tensor node n of
// l's graph.
func (l *Level) Bind(n *ir.Node) *tensor.Tensor {
	v := tensor.NewAbstract(n.Meta())
	l.nodes[v] = n
	if l.created != nil {
		*l.created = append(*l.created, v)
	}
	return v
}

// AddWeight makes the Parameter data w a weight of the graph, read when
// the graph runs: the traced code keeps using w itself, which now stands
// for the weight.
func (t *Tracer) AddWeight(name string, w *tensor.Tensor) {
	if !t.weights[w] {
		t.weights[w] = true
		t.top.nodes[w] = t.G.AddWeight(name, ir.TensorAbs{Meta: w.Meta()})
	}
}

// Node returns the node of the current graph that v stands for: its own
// node, a parameter capturing it from an enclosing graph, a weight if the
// tracer's Weight names one, or else a new constant.
func (t *Tracer) Node(v *tensor.Tensor) (*ir.Node, error) { return t.node(t.cur, v) }

func (t *Tracer) node(l *Level, v *tensor.Tensor) (*ir.Node, error) {
	if n, ok := l.nodes[v]; ok {
		return n, nil
	}
	if l.parent == nil {
		if v.Abstract() {
			return nil, errForeign
		}
		if t.isWeight(v) {
			return l.nodes[v], nil
		}
		if t.AutoInput {
			return t.Register(v, ""), nil
		}
		n := l.G.Const(v, t.Span)
		l.nodes[v] = n
		return n, nil
	}
	if !v.Abstract() && !t.isWeight(v) && !t.AutoInput {
		n := l.G.Const(v, t.Span)
		l.nodes[v] = n
		return n, nil
	}
	outer, err := t.node(l.parent, v)
	if err != nil {
		return nil, err
	}
	p := l.G.AddParam(outer.Name, outer.Abs, outer.Span)
	l.Captures = append(l.Captures, Capture{Outer: outer, Param: p, V: v})
	l.nodes[v] = p
	return p, nil
}

// errForeign is the error for an abstract tensor no graph under
// construction computes: one left over from another capture, or one
// computed inside a branch or loop and used outside it.
var errForeign = fmt.Errorf("a Tensor computed in another graph (a branch or loop body that has ended, or another function's capture) is used here")

// Apply emits p's application into the current graph and returns abstract
// tensors that stand for its outputs.
func (t *Tracer) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	if t.Trace != nil {
		return t.trace(p, attrs, args)
	}
	if t.Eval != nil && !p.Stateful && t.constants(args) && !attrs.Symbolic() {
		return t.Eval.Apply(p, attrs, args...)
	}
	out, err := t.emit(p, attrs, args)
	if err != nil {
		return nil, err
	}
	res := make([]ops.Value, len(out))
	for i, o := range out {
		res[i] = t.cur.Bind(o.(*ir.Node))
	}
	return res, nil
}

// emit adds p's application to the current graph and returns the nodes
// of its outputs.
func (t *Tracer) emit(p *ops.Primitive, attrs ops.Attrs, args []ops.Value) ([]ops.Value, error) {
	l := t.cur
	in := make([]ops.Value, len(args))
	for i, a := range args {
		v, ok := a.(*tensor.Tensor)
		if !ok {
			return nil, fmt.Errorf("capture: %s's input %d is a %T, not a tensor", p.Name, i, a)
		}
		n, err := t.node(l, v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		in[i] = n
	}
	if t.Where != nil {
		t.Span = t.Where()
	}
	// A gradient rule's nodes sit at their forward node's place.
	l.b.Span, l.b.Forward = t.Span, t.forward
	if t.forward != nil {
		l.b.Span = t.forward.Span
	}
	out, err := l.b.Apply(p, attrs, in...)
	if t.Shapes != nil {
		if err != nil {
			if conflict := t.Shapes.TakeConflict(); conflict != "" {
				return nil, &ShapeConflict{Err: err, Conflict: conflict}
			}
		}
		t.Shapes.Attribute(fmt.Sprintf("%s, line %d", p.Name, l.b.Span.Start.Line))
	}
	if err != nil {
		return nil, err
	}
	if p.Updates {
		l.updated(args[0].(*tensor.Tensor), out[0].(*ir.Node))
	}
	return out, nil
}

// trace computes p on concrete tensors and, unless they are all
// constants, emits its application, whose node its outputs stand for.
func (t *Tracer) trace(p *ops.Primitive, attrs ops.Attrs, args []ops.Value) ([]ops.Value, error) {
	constant := !p.Stateful && t.constants(args)
	outs, err := t.Trace.Apply(p, attrs, args...)
	if err != nil || constant {
		return outs, err
	}
	nodes, err := t.emit(p, attrs, args)
	if err != nil {
		return nil, err
	}
	for i, o := range outs {
		t.cur.nodes[o.(*tensor.Tensor)] = nodes[i].(*ir.Node)
	}
	return outs, nil
}

// A ShapeConflict is an inference error on symbolic shapes: the
// operation's own error, and the constraint that could not hold, with the
// earlier constraints it contradicts.
type ShapeConflict struct {
	Err      error
	Conflict string
}

func (e *ShapeConflict) Error() string {
	return e.Err.Error() + "\nThe shapes are symbolic, and " + e.Conflict + "."
}

func (e *ShapeConflict) Unwrap() error { return e.Err }

// constants reports whether every argument is a concrete tensor that
// stands for no node of the graphs under construction.
func (t *Tracer) constants(args []ops.Value) bool {
	for _, a := range args {
		v, ok := a.(*tensor.Tensor)
		if !ok || v.Abstract() {
			return false
		}
		for l := t.cur; l != nil; l = l.parent {
			if _, known := l.nodes[v]; known {
				return false
			}
		}
		if t.isWeight(v) {
			return false
		}
	}
	return true
}

// isWeight registers v as a weight if Weight names it one.
func (t *Tracer) isWeight(v *tensor.Tensor) bool {
	if t.weights[v] {
		return true
	}
	if t.Weight == nil || v.Abstract() {
		return false
	}
	if _, constant := t.top.nodes[v]; constant {
		return false
	}
	name, ok := t.Weight(v)
	if ok {
		t.AddWeight(name, v)
	}
	return ok
}

// Output makes the current graph return v, or the tuple of vs (empty for
// code run for its effects).
func (t *Tracer) Output(vs ...*tensor.Tensor) error {
	l := t.cur
	nodes := make([]*ir.Node, len(vs))
	for i, v := range vs {
		n, err := t.node(l, v)
		if err != nil {
			return err
		}
		nodes[i] = n
	}
	if len(vs) == 1 {
		l.G.SetOutput(nodes[0])
		return nil
	}
	l.G.SetOutput(l.G.MakeTuple(t.Span, nodes...))
	return nil
}

// Assign updates the Parameter data w, a weight of the graph, to v when
// the graph runs: an Assign node, which graph passes keep, and whose
// output w stands for in the rest of the graph. Inside a branch or loop
// body the new value also flows out of the If or While node (see
// Level.assigned).
func (t *Tracer) Assign(w, v *tensor.Tensor) error {
	if !t.isWeight(w) {
		return fmt.Errorf("the assigned tensor is not a Parameter of the graph")
	}
	_, err := t.Apply(ops.Assign, nil, w, v)
	return err
}

// Updated are the weights the graph updates, in order: their last values
// are what Output adds for the caller to give the Parameters.
func (t *Tracer) Updated() []*tensor.Tensor { return slices.Clone(t.top.assigned) }
