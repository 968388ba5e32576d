package ir

import (
	"fmt"

	"msrepl/tensor"
)

// Verify checks that g and the graphs it runs are well formed: every node
// belongs to its graph and uses only values defined before it in that
// graph; every application's abstract value is what inference gives;
// calls, branches and loops agree with the graphs they run; and node ids
// are unique. The tests run it after every pass.
func Verify(g *FuncGraph) error { return verify(g, true) }

// VerifyStructure is Verify without inference: every node's inputs, ids,
// callees and tuple indices are sound, so the graph can be walked and
// run, and the applications' abstract values are taken as written. It
// suits a graph this build wrote itself: the kernels check the tensors
// they are given, whatever the graph says of them.
func VerifyStructure(g *FuncGraph) error { return verify(g, false) }

func verify(g *FuncGraph, infer bool) error {
	family := append([]*FuncGraph{g}, g.Subgraphs()...)
	size := 0
	for _, f := range family {
		size += len(f.Params) + len(f.Weights) + len(f.Consts) + len(f.Nodes)
	}
	ids := newNodeIDs(*g.ids, size)
	for _, f := range family {
		if err := verifyGraph(f, ids, infer); err != nil {
			return fmt.Errorf("ir: graph @%s: %w", f.Name, err)
		}
	}
	return nil
}

func verifyGraph(g *FuncGraph, ids *nodeIDs, infer bool) error {
	// A node is defined once claimed: ids holds it, and it is g's.
	defined := func(n *Node) bool { return n != nil && n.Graph == g && ids.get(n.ID) == n }
	claim := func(n *Node, kind NodeKind) error {
		if n.Graph != g {
			return fmt.Errorf("node %d belongs to another graph", n.ID)
		}
		if n.Kind != kind {
			return fmt.Errorf("node %d is a %v among the %vs", n.ID, n.Kind, kind)
		}
		if other := ids.get(n.ID); other != nil && other != n {
			return fmt.Errorf("two nodes have id %d", n.ID)
		}
		ids.set(n.ID, n)
		return nil
	}
	for _, group := range []struct {
		nodes []*Node
		kind  NodeKind
	}{{g.Params, Param}, {g.Weights, Weight}, {g.Consts, Const}} {
		for _, n := range group.nodes {
			if err := claim(n, group.kind); err != nil {
				return err
			}
		}
	}
	for i, n := range g.Nodes {
		if n.Graph != g {
			return fmt.Errorf("node %d (%%%d) belongs to another graph", n.ID, i)
		}
		for j, in := range n.Inputs {
			if !defined(in) {
				return fmt.Errorf("%%%d uses input %d (node %d) before it is defined in this graph", i, j, in.ID)
			}
		}
		if err := verifyNode(n, infer); err != nil {
			return fmt.Errorf("%%%d (%v): %w", i, n.Kind, err)
		}
		if other := ids.get(n.ID); other != nil && other != n {
			return fmt.Errorf("two nodes have id %d", n.ID)
		}
		ids.set(n.ID, n)
	}
	if g.Output == nil {
		return fmt.Errorf("no output")
	}
	if !defined(g.Output) {
		return fmt.Errorf("the output (node %d) is not a value of the graph", g.Output.ID)
	}
	return nil
}

// nodeIDs maps node ids to the nodes claimed so far: a slice when the
// ids are about as many as the nodes, as they are in a graph this package
// numbered, and a map when they are not (a graph a file numbered).
type nodeIDs struct {
	dense  []*Node
	sparse map[int]*Node
}

func newNodeIDs(maxID, nodes int) *nodeIDs {
	if maxID >= 0 && maxID <= 4*nodes+64 {
		return &nodeIDs{dense: make([]*Node, maxID+1)}
	}
	return &nodeIDs{sparse: make(map[int]*Node, nodes)}
}

func (s *nodeIDs) get(id int) *Node {
	if s.sparse != nil {
		return s.sparse[id]
	}
	if id < 0 || id >= len(s.dense) {
		return nil
	}
	return s.dense[id]
}

func (s *nodeIDs) set(id int, n *Node) {
	if s.sparse == nil && (id < 0 || id >= len(s.dense)) {
		s.sparse = make(map[int]*Node, len(s.dense))
		for i, m := range s.dense {
			if m != nil {
				s.sparse[i] = m
			}
		}
	}
	if s.sparse != nil {
		s.sparse[id] = n
		return
	}
	s.dense[id] = n
}

func verifyNode(n *Node, infer bool) error {
	switch n.Kind {
	case Apply:
		if n.Prim == nil {
			return fmt.Errorf("no primitive")
		}
		if !infer {
			return nil
		}
		metas := make([]tensor.Meta, len(n.Inputs))
		for i, in := range n.Inputs {
			if _, ok := in.Abs.(TensorAbs); !ok {
				return fmt.Errorf("%s's input %d is %v", n.Prim.Name, i, in.Abs)
			}
			metas[i] = in.Meta()
		}
		outs, err := n.Prim.Infer(n.Attrs, metas)
		if err != nil {
			return fmt.Errorf("%s no longer infers: %w", n.Prim.Name, err)
		}
		var want Abstract
		if len(outs) == 1 {
			want = TensorAbs{outs[0]}
		} else {
			elems := make([]Abstract, len(outs))
			for i, m := range outs {
				elems[i] = TensorAbs{m}
			}
			want = TupleAbs{elems}
		}
		return expect(n, want)
	case GetItem:
		if len(n.Inputs) != 1 {
			return fmt.Errorf("%d inputs", len(n.Inputs))
		}
		t, ok := n.Inputs[0].Abs.(TupleAbs)
		if !ok || n.Index < 0 || n.Index >= len(t.Elems) {
			return fmt.Errorf("element %d of %v", n.Index, n.Inputs[0].Abs)
		}
		return expect(n, t.Elems[n.Index])
	case MakeTuple:
		elems := make([]Abstract, len(n.Inputs))
		for i, in := range n.Inputs {
			elems[i] = in.Abs
		}
		return expect(n, TupleAbs{elems})
	case Call:
		if len(n.Graphs) != 1 {
			return fmt.Errorf("%d callees", len(n.Graphs))
		}
		if err := signature(n.Graphs[0], n.Inputs); err != nil {
			return err
		}
		return expect(n, n.Graphs[0].Output.Abs)
	case If:
		if len(n.Graphs) != 2 || len(n.Inputs) < 1 {
			return fmt.Errorf("%d branches and %d inputs", len(n.Graphs), len(n.Inputs))
		}
		if !isCondition(n.Inputs[0].Abs) {
			return fmt.Errorf("the condition is %v", n.Inputs[0].Abs)
		}
		for _, b := range n.Graphs {
			if err := signature(b, n.Inputs[1:]); err != nil {
				return err
			}
			if err := expect(n, b.Output.Abs); err != nil {
				return fmt.Errorf("branch @%s: %w", b.Name, err)
			}
		}
		return nil
	case While:
		if len(n.Graphs) != 2 {
			return fmt.Errorf("%d graphs", len(n.Graphs))
		}
		cond, body := n.Graphs[0], n.Graphs[1]
		for _, f := range n.Graphs {
			if err := signature(f, n.Inputs); err != nil {
				return err
			}
		}
		if !isCondition(cond.Output.Abs) {
			return fmt.Errorf("the condition @%s gives %v", cond.Name, cond.Output.Abs)
		}
		carried := make([]Abstract, len(n.Inputs))
		for i, in := range n.Inputs {
			carried[i] = in.Abs
		}
		if !Equal(body.Output.Abs, TupleAbs{carried}) {
			return fmt.Errorf("the body @%s gives %v for carried %v", body.Name, body.Output.Abs, TupleAbs{carried})
		}
		return expect(n, TupleAbs{carried})
	}
	return fmt.Errorf("a %v among the computed nodes", n.Kind)
}

// signature checks that args fit g's parameters.
func signature(g *FuncGraph, args []*Node) error {
	if g.Output == nil {
		return fmt.Errorf("@%s has no output", g.Name)
	}
	if len(args) != len(g.Params) {
		return fmt.Errorf("@%s takes %d arguments, given %d", g.Name, len(g.Params), len(args))
	}
	for i, a := range args {
		if !Equal(a.Abs, g.Params[i].Abs) {
			return fmt.Errorf("@%s's parameter %d is %v, given %v", g.Name, i, g.Params[i].Abs, a.Abs)
		}
	}
	return nil
}

// isCondition reports whether a value can decide a branch: a bool, or a
// one-element Bool tensor.
func isCondition(a Abstract) bool {
	switch a := a.(type) {
	case ScalarAbs:
		return a.Kind == Bool
	case TensorAbs:
		return a.DType == tensor.Bool && a.Shape.Size() == 1
	}
	return false
}

func expect(n *Node, want Abstract) error {
	if !Equal(n.Abs, want) {
		return fmt.Errorf("abstract %v, but its inputs give %v", n.Abs, want)
	}
	return nil
}
