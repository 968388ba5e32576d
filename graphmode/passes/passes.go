// Package passes owns the graph optimizations: inlining, constant folding,
// algebraic simplification, common-subexpression elimination and dead-code
// elimination, and the pipeline that runs them in order, each one able to
// be turned off and dumped; and the fusion of elementwise chains into
// blockwise steps, and of products with what follows them, and the
// pairing of products to run at once (Fuse), which annotate the optimized
// graph for the executor. Passes rewrite ir.FuncGraphs in place and must
// leave them valid (ir.Verify); they never run a graph, except that
// folding evaluates primitives on constants through the builder it is
// given.
package passes

import (
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/ops"
)

// A Pass rewrites a graph and the graphs it runs, and reports whether it
// changed anything.
type Pass struct {
	Name string
	Run  func(g *ir.FuncGraph) (bool, error)
}

// A Pipeline runs passes in order, repeating the sequence while any pass
// changes the graph, up to MaxRounds.
type Pipeline struct {
	Passes []Pass
	// Off names passes to skip.
	Off map[string]bool
	// Dump, when set, is called after each pass that ran, with its name,
	// the graph as it left it and whether the pass changed it (%ir --pass,
	// save_graphs; a dump of an unchanged graph can reuse the last one).
	Dump func(pass string, g *ir.FuncGraph, changed bool)
	// Verify checks the graph after every pass, as the tests do.
	Verify    bool
	MaxRounds int
}

// Default is the pipeline of graph mode: fold evaluates constant
// applications through eval.
func Default(eval ops.Builder) *Pipeline {
	return &Pipeline{
		Passes: []Pass{
			{"inline", Inline},
			{"fold", func(g *ir.FuncGraph) (bool, error) { return Fold(g, eval) }},
			{"simplify", Simplify},
			{"cse", CSE},
			{"dce", DCE},
		},
		MaxRounds: 4,
	}
}

// Run optimizes g.
func (p *Pipeline) Run(g *ir.FuncGraph) error {
	for range max(p.MaxRounds, 1) {
		changed := false
		for _, pass := range p.Passes {
			if p.Off[pass.Name] {
				continue
			}
			c, err := pass.Run(g)
			if err != nil {
				return fmt.Errorf("pass %s: %w", pass.Name, err)
			}
			if p.Verify {
				if err := ir.Verify(g); err != nil {
					return fmt.Errorf("after pass %s: %w", pass.Name, err)
				}
			}
			if p.Dump != nil {
				p.Dump(pass.Name, g, c)
			}
			changed = changed || c
		}
		if !changed {
			return nil
		}
	}
	return nil
}

// graphs lists g and the graphs it runs.
func graphs(g *ir.FuncGraph) []*ir.FuncGraph {
	return append([]*ir.FuncGraph{g}, g.Subgraphs()...)
}

// rewrite visits the nodes of g and of the graphs it runs, in order, each
// with its inputs already moved to the replacements of earlier nodes;
// visit returns a node's replacement, or nil to keep it. Replaced nodes
// are dropped.
func rewrite(g *ir.FuncGraph, visit func(f *ir.FuncGraph, i int, n *ir.Node) (*ir.Node, error)) (bool, error) {
	changed := false
	for _, f := range graphs(g) {
		repl := map[*ir.Node]*ir.Node{}
		for i, n := range f.Nodes {
			for j, in := range n.Inputs {
				if r, ok := repl[in]; ok {
					n.Inputs[j] = r
				}
			}
			r, err := visit(f, i, n)
			if err != nil {
				return changed, err
			}
			if r != nil {
				repl[n] = r
			}
		}
		if len(repl) > 0 {
			replaceUses(f, repl)
			changed = true
		}
	}
	return changed, nil
}

// replaceUses makes every use of a node in g (inputs and the output) use
// its replacement instead, and drops the replaced nodes, which nothing
// uses any more.
func replaceUses(g *ir.FuncGraph, repl map[*ir.Node]*ir.Node) {
	if len(repl) == 0 {
		return
	}
	defer func() {
		kept := g.Nodes[:0]
		for _, n := range g.Nodes {
			if _, replaced := repl[n]; !replaced {
				kept = append(kept, n)
			}
		}
		clear(g.Nodes[len(kept):])
		g.Nodes = kept
	}()
	find := func(n *ir.Node) *ir.Node {
		for {
			r, ok := repl[n]
			if !ok {
				return n
			}
			n = r
		}
	}
	for _, n := range g.Nodes {
		for i, in := range n.Inputs {
			n.Inputs[i] = find(in)
		}
	}
	g.Output = find(g.Output)
}
