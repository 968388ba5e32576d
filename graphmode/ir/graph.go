package ir

import (
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// A Span is the source a node came from, from Start to End (exclusive).
type Span struct{ Start, End syntax.Position }

// A NodeKind says what a node is.
type NodeKind uint8

const (
	// Param is a graph's input; Weight a Cell Parameter the graph reads
	// when it runs, so that updates are seen.
	Param NodeKind = iota
	Weight
	// Const is a value known at compile time: Value holds a
	// *tensor.Tensor, a bool, int64, float64, string, or nil for None.
	Const
	// Apply applies Prim to Inputs with Attrs.
	Apply
	// GetItem is element Index of its one input, a tuple (a primitive's
	// several outputs, or a graph's tuple result).
	GetItem
	// MakeTuple builds a tuple of its inputs.
	MakeTuple
	// Call calls Graphs[0] with Inputs.
	Call
	// If calls Graphs[0] (then) or Graphs[1] (else) with Inputs[1:],
	// as Inputs[0], a scalar Bool tensor or Bool, says.
	If
	// While runs Graphs[1] (the body) over the carried values Inputs while
	// Graphs[0] (the condition) gives true on them; its value is the last
	// carried values, a tuple. Both graphs take the carried values; the
	// body returns their next values as a tuple.
	While
)

var kindNames = [...]string{"Param", "Weight", "Const", "Apply", "GetItem", "MakeTuple", "Call", "If", "While"}

func (k NodeKind) String() string { return kindNames[k] }

// A Node is a value of a FuncGraph.
type Node struct {
	Kind   NodeKind
	ID     int // unique within the graph's family, for printing
	Graph  *FuncGraph
	Inputs []*Node
	Abs    Abstract
	// Prim and Attrs are an Apply's primitive.
	Prim  *ops.Primitive
	Attrs ops.Attrs
	// Value is a Const's value.
	Value any
	// Index is a GetItem's element.
	Index int
	// Graphs are the graphs a Call, If or While runs.
	Graphs []*FuncGraph
	// Name is the source variable the node was bound to, or a Param's
	// name; it appears in printed names ("CNode_12$a").
	Name string
	Span Span
	// Forward is, for a node of a backward graph, the forward node whose
	// gradient it helps compute.
	Forward *Node
}

// Meta is a tensor node's dtype and shape, which lets nodes be the values
// primitives are applied to (ops.Value). Other nodes have a zero meta.
func (n *Node) Meta() tensor.Meta {
	if t, ok := n.Abs.(TensorAbs); ok {
		return t.Meta
	}
	return tensor.Meta{}
}

// A FuncGraph is a function in ANF: parameters, then weights, then nodes
// in topological order, and one output.
type FuncGraph struct {
	Name    string
	Params  []*Node
	Weights []*Node
	// Consts are the constants the graph's nodes use, first use first.
	Consts []*Node
	Nodes  []*Node
	Output *Node
	Span   Span
	ids    *int // the node counter shared by a graph and its subgraphs
}

// NewGraph returns an empty graph.
func NewGraph(name string, span Span) *FuncGraph {
	return &FuncGraph{Name: name, Span: span, ids: new(int)}
}

// NewSubgraph returns an empty graph that numbers its nodes with g's, as a
// branch or a loop body of g does.
func (g *FuncGraph) NewSubgraph(name string, span Span) *FuncGraph {
	return &FuncGraph{Name: name, Span: span, ids: g.ids}
}

func (g *FuncGraph) node(kind NodeKind, abs Abstract, span Span) *Node {
	*g.ids++
	return &Node{Kind: kind, ID: *g.ids, Graph: g, Abs: abs, Span: span}
}

// AddParam appends an input of the given abstract value.
func (g *FuncGraph) AddParam(name string, abs Abstract, span Span) *Node {
	n := g.node(Param, abs, span)
	n.Name = name
	g.Params = append(g.Params, n)
	return n
}

// AddWeight appends a weight: a Cell Parameter, read when the graph runs.
func (g *FuncGraph) AddWeight(name string, abs TensorAbs) *Node {
	n := g.node(Weight, abs, Span{})
	n.Name = name
	g.Weights = append(g.Weights, n)
	return n
}

// Const returns a constant node for v, a *tensor.Tensor or a host scalar
// (bool, int64, float64, string) or nil for None.
func (g *FuncGraph) Const(v any, span Span) *Node {
	n := g.node(Const, constAbstract(v), span)
	n.Value = v
	g.Consts = append(g.Consts, n)
	return n
}

func constAbstract(v any) Abstract {
	switch v := v.(type) {
	case *tensor.Tensor:
		return TensorAbs{v.Meta()}
	case bool:
		return ScalarAbs{Bool, v}
	case int64:
		return ScalarAbs{Int64, v}
	case float64:
		return ScalarAbs{Float64, v}
	case string:
		return ScalarAbs{String, v}
	case nil:
		return NoneAbs{}
	}
	panic("ir: a constant of unsupported type")
}

// add appends a computed node.
func (g *FuncGraph) add(kind NodeKind, abs Abstract, span Span, inputs ...*Node) *Node {
	n := g.node(kind, abs, span)
	n.Inputs = inputs
	g.Nodes = append(g.Nodes, n)
	return n
}

// GetItem appends element i of tuple t.
func (g *FuncGraph) GetItem(t *Node, i int, span Span) *Node {
	var abs Abstract = AnyAbs{}
	if tup, ok := t.Abs.(TupleAbs); ok && i < len(tup.Elems) {
		abs = tup.Elems[i]
	}
	n := g.add(GetItem, abs, span, t)
	n.Index = i
	return n
}

// MakeTuple appends a tuple of elems.
func (g *FuncGraph) MakeTuple(span Span, elems ...*Node) *Node {
	abs := make([]Abstract, len(elems))
	for i, e := range elems {
		abs[i] = e.Abs
	}
	return g.add(MakeTuple, TupleAbs{abs}, span, elems...)
}

// Call appends a call of callee with args; its value is callee's output.
func (g *FuncGraph) Call(callee *FuncGraph, span Span, args ...*Node) *Node {
	n := g.add(Call, callee.Output.Abs, span, args...)
	n.Graphs = []*FuncGraph{callee}
	return n
}

// If appends a conditional: then or els, called with args as cond says.
// The branches' outputs must have joined already: If's value is then's.
func (g *FuncGraph) If(cond *Node, then, els *FuncGraph, span Span, args ...*Node) *Node {
	n := g.add(If, then.Output.Abs, span, append([]*Node{cond}, args...)...)
	n.Graphs = []*FuncGraph{then, els}
	return n
}

// While appends a loop over the carried values, whose value is their
// final tuple.
func (g *FuncGraph) While(cond, body *FuncGraph, span Span, carried ...*Node) *Node {
	abs := make([]Abstract, len(carried))
	for i, c := range carried {
		abs[i] = c.Abs
	}
	n := g.add(While, TupleAbs{abs}, span, carried...)
	n.Graphs = []*FuncGraph{cond, body}
	return n
}

// Clone appends to g a copy of the computed node n (from any graph) with
// the given inputs: how inlining moves a callee's nodes into its caller.
func (g *FuncGraph) Clone(n *Node, inputs []*Node) *Node {
	c := g.add(n.Kind, n.Abs, n.Span, inputs...)
	c.Prim, c.Attrs, c.Index, c.Name, c.Forward = n.Prim, n.Attrs, n.Index, n.Name, n.Forward
	c.Graphs = append([]*FuncGraph(nil), n.Graphs...)
	return c
}

// Pure reports whether a computed node may be merged with an equal one,
// evaluated early or dropped when unused: everything but applications of
// stateful primitives and the control flow that may contain them.
func (n *Node) Pure() bool { return n.pure(map[*FuncGraph]bool{}) }

func (n *Node) pure(seen map[*FuncGraph]bool) bool {
	switch n.Kind {
	case Apply:
		return !n.Prim.Stateful
	case Call, If, While:
		for _, g := range n.Graphs {
			if seen[g] {
				continue
			}
			seen[g] = true
			for _, m := range g.Nodes {
				if !m.pure(seen) {
					return false
				}
			}
		}
	}
	return true
}

// SetOutput makes n the graph's result.
func (g *FuncGraph) SetOutput(n *Node) { g.Output = n }

// Subgraphs lists the graphs g's nodes run, depth first, each once, g
// excluded.
func (g *FuncGraph) Subgraphs() []*FuncGraph {
	var out []*FuncGraph
	seen := map[*FuncGraph]bool{g: true}
	var walk func(*FuncGraph)
	walk = func(f *FuncGraph) {
		for _, n := range f.Nodes {
			for _, s := range n.Graphs {
				if !seen[s] {
					seen[s] = true
					out = append(out, s)
					walk(s)
				}
			}
		}
	}
	walk(g)
	return out
}

// valueBytes is the size of a value's tensors.
func valueBytes(a Abstract, size func(int) int) int64 {
	switch a := a.(type) {
	case TensorAbs:
		n := 1
		for _, d := range a.Shape {
			if tensor.IsSymbolic(d) {
				d = size(d)
			}
			n *= d
		}
		return int64(n * a.DType.ItemSize())
	case TupleAbs:
		var n int64
		for _, e := range a.Elems {
			n += valueBytes(e, size)
		}
		return n
	}
	return 0
}

// Copy returns a deep copy of g and the graphs it runs, with the same
// node IDs, so that a pass's result can be kept while later passes
// rewrite g in place (%viz --pass). Constants' values and primitives are
// shared; a backward node's Forward is the copy of its forward node when
// that node is in the family, else the same node.
func Copy(g *FuncGraph) *FuncGraph {
	graphs := map[*FuncGraph]*FuncGraph{}
	nodes := map[*Node]*Node{}
	ids := *g.ids
	family := append([]*FuncGraph{g}, g.Subgraphs()...)
	for _, f := range family {
		graphs[f] = &FuncGraph{Name: f.Name, Span: f.Span, ids: &ids}
	}
	copyNode := func(n *Node, to *FuncGraph) *Node {
		c := *n
		c.Graph = to
		nodes[n] = &c
		return &c
	}
	for _, f := range family {
		c := graphs[f]
		for _, n := range f.Params {
			c.Params = append(c.Params, copyNode(n, c))
		}
		for _, n := range f.Weights {
			c.Weights = append(c.Weights, copyNode(n, c))
		}
		for _, n := range f.Consts {
			c.Consts = append(c.Consts, copyNode(n, c))
		}
		for _, n := range f.Nodes {
			c.Nodes = append(c.Nodes, copyNode(n, c))
		}
	}
	mapped := func(n *Node) *Node {
		if m, ok := nodes[n]; ok {
			return m
		}
		return n
	}
	for _, f := range family {
		c := graphs[f]
		for _, n := range c.Nodes {
			ins := make([]*Node, len(n.Inputs))
			for i, in := range n.Inputs {
				ins[i] = mapped(in)
			}
			n.Inputs = ins
			subs := make([]*FuncGraph, len(n.Graphs))
			for i, s := range n.Graphs {
				subs[i] = graphs[s]
			}
			n.Graphs = subs
			if n.Forward != nil {
				n.Forward = mapped(n.Forward)
			}
		}
		if f.Output != nil {
			c.Output = mapped(f.Output)
		}
	}
	return graphs[g]
}

// SetID gives n, a node of g's family, the id it had when the family was
// written out, and keeps the ids of nodes made later above it: how a
// graph read back from a file keeps its names (CNode_12).
func (g *FuncGraph) SetID(n *Node, id int) {
	n.ID = id
	*g.ids = max(*g.ids, id)
}
