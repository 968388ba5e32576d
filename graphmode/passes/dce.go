package passes

import "msrepl/graphmode/ir"

// DCE drops the nodes and constants of each graph that its output does
// not need, keeping the applications of stateful primitives (and the
// control flow that contains them) whatever uses them.
func DCE(g *ir.FuncGraph) (bool, error) {
	changed := false
	for _, f := range graphs(g) {
		live := map[*ir.Node]bool{}
		var mark func(n *ir.Node)
		mark = func(n *ir.Node) {
			if live[n] {
				return
			}
			live[n] = true
			for _, in := range n.Inputs {
				mark(in)
			}
		}
		if f.Output != nil {
			mark(f.Output)
		}
		for _, n := range f.Nodes {
			if !n.Pure() {
				mark(n)
			}
		}
		kept := f.Nodes[:0]
		for _, n := range f.Nodes {
			if live[n] {
				kept = append(kept, n)
			}
		}
		consts := f.Consts[:0]
		for _, c := range f.Consts {
			if live[c] {
				consts = append(consts, c)
			}
		}
		changed = changed || len(kept) != len(f.Nodes) || len(consts) != len(f.Consts)
		clear(f.Nodes[len(kept):])
		clear(f.Consts[len(consts):])
		f.Nodes, f.Consts = kept, consts
	}
	return changed, nil
}
