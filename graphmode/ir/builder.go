package ir

import (
	"fmt"

	"msrepl/ops"
	"msrepl/tensor"
)

// Builder is the graph builder: it applies primitives by inference alone
// and appends a node for each application to G, so that code written
// against ops.Builder (capture, and every gradient rule) emits IR. Its
// values are *Node; a concrete tensor given as an argument becomes a
// constant of G.
type Builder struct {
	G *FuncGraph
	// Span is the source position new nodes get.
	Span Span
	// Forward, when set, is recorded on every new node as the forward
	// node it serves: set while a gradient rule runs.
	Forward *Node
}

// MarkForward sets Forward to out's node (autodiff.ForwardMarker).
func (b *Builder) MarkForward(out ops.Value) {
	n, _ := out.(*Node)
	b.Forward = n
}

// Apply infers p on the arguments' metas and appends its application. A
// primitive with several outputs gives a tuple node and one GetItem per
// output.
func (b *Builder) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	in := make([]*Node, len(args))
	metas := make([]tensor.Meta, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case *Node:
			if _, ok := v.Abs.(TensorAbs); !ok {
				return nil, fmt.Errorf("ir: %s's input %d is %v, not a tensor", p.Name, i, v.Abs)
			}
			in[i] = v
		case *tensor.Tensor:
			in[i] = b.G.Const(v, b.Span)
		default:
			return nil, fmt.Errorf("ir: %s's input %d is a %T, not a node or a tensor", p.Name, i, a)
		}
		metas[i] = in[i].Meta()
	}
	outs, err := p.Infer(attrs, metas)
	if err != nil {
		return nil, err
	}
	abs := make([]Abstract, len(outs))
	for i, m := range outs {
		abs[i] = TensorAbs{m}
	}
	var node *Node
	if len(abs) == 1 {
		node = b.G.add(Apply, abs[0], b.Span, in...)
	} else {
		node = b.G.add(Apply, TupleAbs{abs}, b.Span, in...)
	}
	node.Prim, node.Attrs, node.Forward = p, attrs, b.Forward
	if len(abs) == 1 {
		return []ops.Value{node}, nil
	}
	res := make([]ops.Value, len(abs))
	for i := range abs {
		item := b.G.GetItem(node, i, b.Span)
		item.Forward = b.Forward
		res[i] = item
	}
	return res, nil
}
