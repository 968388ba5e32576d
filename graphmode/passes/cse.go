package passes

import (
	"fmt"
	"reflect"

	"msrepl/graphmode/ir"
)

// CSE merges, within each graph, pure nodes that compute the same thing
// from the same inputs: same kind, primitive, attributes, element index
// and graphs. The later one's uses move to the earlier.
func CSE(g *ir.FuncGraph) (bool, error) {
	var seen map[string][]*ir.Node
	var graph *ir.FuncGraph
	return rewrite(g, func(f *ir.FuncGraph, _ int, n *ir.Node) (*ir.Node, error) {
		if f != graph {
			graph, seen = f, map[string][]*ir.Node{}
		}
		if !n.Pure() {
			return nil, nil
		}
		key := shallowKey(n)
		for _, m := range seen[key] {
			if sameComputation(m, n) {
				return m, nil
			}
		}
		seen[key] = append(seen[key], n)
		return nil, nil
	})
}

// shallowKey groups candidates: kind, primitive, index and input ids.
func shallowKey(n *ir.Node) string {
	name := ""
	if n.Prim != nil {
		name = n.Prim.Name
	}
	ids := make([]int, len(n.Inputs))
	for i, in := range n.Inputs {
		ids[i] = in.ID
	}
	return fmt.Sprint(n.Kind, name, n.Index, ids)
}

func sameComputation(a, b *ir.Node) bool {
	if a.Kind != b.Kind || a.Prim != b.Prim || a.Index != b.Index || len(a.Inputs) != len(b.Inputs) ||
		len(a.Graphs) != len(b.Graphs) || !reflect.DeepEqual(a.Attrs, b.Attrs) {
		return false
	}
	for i := range a.Inputs {
		if a.Inputs[i] != b.Inputs[i] {
			return false
		}
	}
	for i := range a.Graphs {
		if a.Graphs[i] != b.Graphs[i] {
			return false
		}
	}
	return true
}
