package ir

// LastUses gives each value of g the position of the last node that reads
// it, where a fused group's reads happen at its last member, the step's
// place; g's output is read after every node, at len(g.Nodes). A value no
// node reads has no entry. f may be nil; a Fusion keeps the answer for
// each graph, which the caller must not change.
func LastUses(g *FuncGraph, f *Fusion) map[*Node]int {
	if f == nil {
		return lastUses(g, nil)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	last, ok := f.last[g]
	if !ok {
		if f.last == nil {
			f.last = map[*FuncGraph]map[*Node]int{}
		}
		last = lastUses(g, f)
		f.last[g] = last
	}
	return last
}

func lastUses(g *FuncGraph, f *Fusion) map[*Node]int {
	last := make(map[*Node]int, len(g.Nodes))
	at := map[*FusedGroup]int{}
	for i, n := range g.Nodes {
		if grp := f.Group(n); grp != nil {
			at[grp] = i
		}
	}
	for i, n := range g.Nodes {
		if grp := f.Group(n); grp != nil {
			i = at[grp]
		}
		for _, in := range n.Inputs {
			last[in] = max(last[in], i)
		}
	}
	if g.Output != nil {
		last[g.Output] = len(g.Nodes)
	}
	return last
}

// PeakBytes is the memory plan's peak: the most bytes g's computed
// tensors hold at once when its nodes run in order under fusion f (which
// may be nil), each buffer given back once no live value holds it, as
// exec.Runner's Release does. Only applications, calls, branches and loops
// make buffers: a tuple or an item of one holds its elements' buffers, and
// keeps them alive as long as it is; a fused group makes only its outputs,
// at its last member; a call, branch or loop adds its subgraph's peak
// while it runs. An application that returns its input's storage (a
// Reshape) is counted as a new buffer, so the plan may overstate, never
// understate. A fused group's output that may take an input's buffer
// (FusedGroup.Reuses) takes it when the input, an application's result,
// dies at the step, as exec.Runner does; the runner declines when
// another value shares that buffer, which the plan counted apart. A pair
// of concurrent steps makes both outputs at the first. Inputs,
// weights and constants are not counted. A graph compiled for many sizes
// counts its symbolic dims at size(dim), the sizes of one call.
func PeakBytes(g *FuncGraph, f *Fusion, size func(dim int) int) int64 {
	last := LastUses(g, f)
	// until is when a value's buffers may go: its last use, extended to
	// the last use of the tuples and items that hold them.
	until := make(map[*Node]int, len(g.Nodes))
	for i, n := range g.Nodes {
		if end, used := last[n]; used {
			until[n] = end
		} else {
			until[n] = i
		}
	}
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		n := g.Nodes[i]
		if n.Kind == GetItem || n.Kind == MakeTuple {
			for _, in := range n.Inputs {
				if end, computed := until[in]; computed {
					until[in] = max(end, until[n])
				}
			}
		}
	}
	var live, peak int64
	dying := map[int]int64{}
	allocate := func(n *Node, at int) int64 {
		bytes := valueBytes(n.Abs, size)
		dying[max(until[n], at)] += bytes
		return bytes
	}
	for i, n := range g.Nodes {
		var made, inner int64
		switch grp := f.Group(n); {
		case grp != nil:
			if n == grp.Last() {
				for j, o := range grp.Outputs {
					if x := reusable(grp, j); x != nil && until[x] == i {
						// The output takes x's buffer, which lives on
						// until the output dies.
						bytes := valueBytes(x.Abs, size)
						dying[i] -= bytes
						dying[max(until[o], i)] += bytes
						continue
					}
					made += allocate(o, i)
				}
			}
		case n.Kind == GetItem || n.Kind == MakeTuple:
		default:
			// A pair runs at its first node: both outputs exist before
			// either's inputs die.
			if partner, first := f.Alongside(n); partner != nil {
				if first {
					made = allocate(n, i) + allocate(partner, i)
				}
				break
			}
			for _, s := range n.Graphs {
				inner = max(inner, PeakBytes(s, f, size))
			}
			made = allocate(n, i)
		}
		peak = max(peak, live+inner+made)
		live += made - dying[i]
	}
	return peak
}

// reusable is the input whose buffer output j of grp may take, when it is
// an application's result, or nil.
func reusable(grp *FusedGroup, j int) *Node {
	if j >= len(grp.Reuses) || grp.Reuses[j] < 0 {
		return nil
	}
	if x := grp.Inputs[grp.Reuses[j]]; x.Kind == Apply {
		return x
	}
	return nil
}
