package passes

import "msrepl/graphmode/ir"

// Inline replaces each call of a graph by the graph's nodes, copied into
// the caller with the call's arguments for the callee's parameters. A
// callee that reaches its caller again (recursion) stays a call. The
// callee's weights become the caller's, matched by name.
func Inline(g *ir.FuncGraph) (bool, error) {
	changed := false
	for _, f := range graphs(g) {
		var nodes []*ir.Node
		repl := map[*ir.Node]*ir.Node{}
		for _, n := range f.Nodes {
			for i, in := range n.Inputs {
				if r, ok := repl[in]; ok {
					n.Inputs[i] = r
				}
			}
			if n.Kind != ir.Call || reaches(n.Graphs[0], f) {
				nodes = append(nodes, n)
				continue
			}
			before := len(f.Nodes)
			repl[n] = splice(f, n.Graphs[0], n.Inputs)
			nodes = append(nodes, f.Nodes[before:]...)
			f.Nodes = f.Nodes[:before]
			changed = true
		}
		f.Nodes = nodes
		replaceUses(f, repl)
	}
	return changed, nil
}

// splice appends copies of callee's nodes to f, with args for its
// parameters, and returns the copy of its output.
func splice(f, callee *ir.FuncGraph, args []*ir.Node) *ir.Node {
	m := map[*ir.Node]*ir.Node{}
	for i, p := range callee.Params {
		m[p] = args[i]
	}
	for _, w := range callee.Weights {
		m[w] = weight(f, w)
	}
	for _, c := range callee.Consts {
		k := f.Const(c.Value, c.Span)
		k.Name = c.Name
		m[c] = k
	}
	for _, n := range callee.Nodes {
		in := make([]*ir.Node, len(n.Inputs))
		for i, x := range n.Inputs {
			in[i] = m[x]
		}
		m[n] = f.Clone(n, in)
	}
	return m[callee.Output]
}

// weight finds f's weight named as w, adding it if f has none.
func weight(f *ir.FuncGraph, w *ir.Node) *ir.Node {
	for _, x := range f.Weights {
		if x.Name == w.Name {
			return x
		}
	}
	return f.AddWeight(w.Name, w.Abs.(ir.TensorAbs))
}

// reaches reports whether from runs to, directly or through the graphs it
// runs.
func reaches(from, to *ir.FuncGraph) bool {
	if from == to {
		return true
	}
	for _, s := range from.Subgraphs() {
		if s == to {
			return true
		}
	}
	return false
}
