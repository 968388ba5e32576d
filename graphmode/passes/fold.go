package passes

import (
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// foldLimit is the most elements a folded constant may have: folding a
// large Fill would trade a cheap kernel for a constant held by the graph.
const foldLimit = 1 << 16

// Fold evaluates, through eval, each pure application whose inputs are
// all constant tensors, and puts a constant in its place.
func Fold(g *ir.FuncGraph, eval ops.Builder) (bool, error) {
	return rewrite(g, func(f *ir.FuncGraph, _ int, n *ir.Node) (*ir.Node, error) {
		if n.Kind != ir.Apply || !n.Pure() {
			return nil, nil
		}
		t, ok := n.Abs.(ir.TensorAbs)
		if !ok || t.Shape.Size() > foldLimit {
			return nil, nil
		}
		args := make([]ops.Value, len(n.Inputs))
		for i, in := range n.Inputs {
			v, isTensor := in.Value.(*tensor.Tensor)
			if in.Kind != ir.Const || !isTensor {
				return nil, nil
			}
			args[i] = v
		}
		out, err := eval.Apply(n.Prim, n.Attrs, args...)
		if err != nil {
			return nil, fmt.Errorf("folding %s: %w", n.Prim.Name, err)
		}
		c := f.Const(out[0].(*tensor.Tensor), n.Span)
		c.Name = n.Name
		return c, nil
	})
}
