package ir

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"msrepl/tensor"
)

// Key is g's structure as a string, equal for two graphs exactly when
// they compute the same thing the same way: the nodes in order, each
// with its kind, primitive, attributes, inputs (by position) and abstract
// value, and the parameters', weights' and constants' abstract values
// (constants' values too), its subgraphs included. Bytecode capture finds
// a segment's compiled graph by it; it is much cheaper than printing.
func Key(g *FuncGraph) string {
	k := keyWriter{index: map[*Node]int{}}
	k.graph(g)
	return string(k.b)
}

type keyWriter struct {
	b     []byte
	index map[*Node]int
}

func (k *keyWriter) int(n int) { k.b = binary.AppendVarint(k.b, int64(n)) }

func (k *keyWriter) str(s string) {
	k.int(len(s))
	k.b = append(k.b, s...)
}

func (k *keyWriter) graph(g *FuncGraph) {
	k.b = append(k.b, 'G')
	for _, list := range [][]*Node{g.Params, g.Weights, g.Consts, g.Nodes} {
		k.int(len(list))
		for _, n := range list {
			k.node(n)
		}
	}
	if g.Output != nil {
		k.int(k.index[g.Output])
	}
}

func (k *keyWriter) node(n *Node) {
	k.index[n] = len(k.index)
	k.b = append(k.b, byte(n.Kind))
	k.abs(n.Abs)
	switch n.Kind {
	case Weight:
		k.str(n.Name)
	case Const:
		k.str(fmt.Sprintf("%T%v", n.Value, n.Value))
		if t, ok := n.Value.(*tensor.Tensor); ok {
			k.str(t.String())
		}
	case Apply:
		k.str(n.Prim.Name)
		k.attrs(n)
	case GetItem:
		k.int(n.Index)
	}
	k.int(len(n.Inputs))
	for _, in := range n.Inputs {
		k.int(k.index[in])
	}
	for _, sub := range n.Graphs {
		k.graph(sub)
	}
}

func (k *keyWriter) abs(a Abstract) {
	switch a := a.(type) {
	case TensorAbs:
		k.b = append(k.b, 'T', byte(a.DType))
		k.int(len(a.Shape))
		for _, d := range a.Shape {
			k.int(d)
		}
	case TupleAbs:
		k.b = append(k.b, '(')
		k.int(len(a.Elems))
		for _, e := range a.Elems {
			k.abs(e)
		}
	default:
		k.str(fmt.Sprint(a))
	}
}

func (k *keyWriter) attrs(n *Node) {
	names := make([]string, 0, len(n.Attrs))
	for name := range n.Attrs {
		names = append(names, name)
	}
	slices.Sort(names)
	k.int(len(names))
	for _, name := range names {
		k.str(name)
		switch v := n.Attrs[name].(type) {
		case int:
			k.b = append(k.b, 'i')
			k.int(v)
		case bool:
			k.b = append(k.b, 'b', map[bool]byte{false: 0, true: 1}[v])
		case float64:
			k.b = append(k.b, 'f')
			k.b = binary.LittleEndian.AppendUint64(k.b, math.Float64bits(v))
		case string:
			k.b = append(k.b, 's')
			k.str(v)
		case []int:
			k.b = append(k.b, 'v')
			k.int(len(v))
			for _, x := range v {
				k.int(x)
			}
		case tensor.Shape:
			k.b = append(k.b, 'S')
			k.int(len(v))
			for _, x := range v {
				k.int(x)
			}
		case tensor.DType:
			k.b = append(k.b, 'd', byte(v))
		default:
			k.b = append(k.b, '?')
			k.str(fmt.Sprintf("%T%v", v, v))
		}
	}
}
