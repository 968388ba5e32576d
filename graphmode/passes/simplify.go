package passes

import (
	"slices"

	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// Simplify applies algebraic identities whose result is an existing value
// of the same type and shape: x·1, x/1, x−0, x+0 on integers (on floats
// −0+0 is +0, so it is not x), −(−x), a reshape or
// cast to what x already is, Identity, the identity transpose, an element
// of a tuple just built, and a branch on a constant condition, which
// becomes a call of the branch taken.
func Simplify(g *ir.FuncGraph) (bool, error) {
	return rewrite(g, func(f *ir.FuncGraph, i int, n *ir.Node) (*ir.Node, error) {
		if n.Kind == ir.If {
			taken, ok := constantCondition(n.Inputs[0])
			if !ok {
				return nil, nil
			}
			branch := n.Graphs[1]
			if taken {
				branch = n.Graphs[0]
			}
			call := &ir.Node{}
			*call = *n
			call.Kind, call.Inputs, call.Graphs = ir.Call, n.Inputs[1:], []*ir.FuncGraph{branch}
			f.Nodes[i] = call
			return call, nil
		}
		if r := identity(n); r != nil && ir.Equal(r.Abs, n.Abs) {
			return r, nil
		}
		return nil, nil
	})
}

// identity returns the existing value n equals, or nil.
func identity(n *ir.Node) *ir.Node {
	switch n.Kind {
	case ir.GetItem:
		if t := n.Inputs[0]; t.Kind == ir.MakeTuple {
			return t.Inputs[n.Index]
		}
		return nil
	case ir.Apply:
	default:
		return nil
	}
	in := n.Inputs
	switch n.Prim {
	case ops.Mul:
		if isConstant(in[1], 1) {
			return in[0]
		}
		if isConstant(in[0], 1) {
			return in[1]
		}
	case ops.Add:
		if n.Meta().DType.IsFloat() {
			return nil
		}
		if isConstant(in[1], 0) {
			return in[0]
		}
		if isConstant(in[0], 0) {
			return in[1]
		}
	case ops.Sub:
		if isConstant(in[1], 0) {
			return in[0]
		}
	case ops.Div:
		if isConstant(in[1], 1) {
			return in[0]
		}
	case ops.Neg:
		if x := in[0]; x.Kind == ir.Apply && x.Prim == ops.Neg {
			return x.Inputs[0]
		}
	case ops.Reshape, ops.Cast, ops.Identity:
		return in[0]
	case ops.Transpose:
		if perm := n.Attrs.Ints("perm"); slices.Equal(perm, identityPerm(len(perm))) {
			return in[0]
		}
	}
	return nil
}

func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// isConstant reports whether n is a constant tensor all of whose elements
// are v.
func isConstant(n *ir.Node, v float64) bool {
	t, ok := n.Value.(*tensor.Tensor)
	if n.Kind != ir.Const || !ok {
		return false
	}
	for i := range t.Size() {
		if t.Float(i) != v {
			return false
		}
	}
	return true
}

// constantCondition reads a constant branch condition.
func constantCondition(n *ir.Node) (taken, ok bool) {
	if n.Kind != ir.Const {
		return false, false
	}
	switch v := n.Value.(type) {
	case bool:
		return v, true
	case *tensor.Tensor:
		if v.Size() == 1 {
			return v.Float(0) != 0, true
		}
	}
	return false, false
}
