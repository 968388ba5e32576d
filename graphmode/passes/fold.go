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
	changed := false
	for _, f := range graphs(g) {
		repl := map[*ir.Node]*ir.Node{}
		for _, n := range f.Nodes {
			for i, in := range n.Inputs {
				if r, ok := repl[in]; ok {
					n.Inputs[i] = r
				}
			}
			if n.Kind != ir.Apply || !n.Pure() {
				continue
			}
			t, ok := n.Abs.(ir.TensorAbs)
			if !ok || t.Shape.Size() > foldLimit {
				continue
			}
			args := make([]ops.Value, len(n.Inputs))
			constant := true
			for i, in := range n.Inputs {
				v, isTensor := in.Value.(*tensor.Tensor)
				if in.Kind != ir.Const || !isTensor {
					constant = false
					break
				}
				args[i] = v
			}
			if !constant {
				continue
			}
			out, err := eval.Apply(n.Prim, n.Attrs, args...)
			if err != nil {
				return changed, fmt.Errorf("folding %s: %w", n.Prim.Name, err)
			}
			c := f.Const(out[0].(*tensor.Tensor), n.Span)
			c.Name = n.Name
			repl[n] = c
		}
		if len(repl) > 0 {
			replaceUses(f, repl)
			changed = true
		}
	}
	return changed, nil
}
