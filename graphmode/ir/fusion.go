package ir

import (
	"sync"

	"msrepl/ops"
)

// A Fusion is how the elementwise nodes of a graph and of the graphs it
// runs are grouped into fused steps (passes.Fuse). It leaves the graph as
// it is, so export, differentiation and the printer's node lines see the
// same graph; the executor runs each group as one application of its
// Prim, and the printer marks the members.
type Fusion struct {
	Groups []*FusedGroup
	of     map[*Node]*FusedGroup
	number map[*FusedGroup]int
	// last keeps LastUses of each graph: the executor asks on every run.
	mu   sync.Mutex
	last map[*FuncGraph]map[*Node]int
}

// A FusedGroup is nodes that run as one blockwise step.
type FusedGroup struct {
	// Prim computes the group (ops.Fuse).
	Prim *ops.Primitive
	// Nodes are the members in graph order; the step runs where the last
	// one stands.
	Nodes []*Node
	// Inputs are the values from outside the group that it reads, in
	// Prim's order; Outputs are the members read outside it, the step's
	// results in order.
	Inputs, Outputs []*Node
	// Reuses gives, for each output, the input (an index into Inputs)
	// whose buffer the output may take when that input dies at this step,
	// or −1: the input has the output's dtype and shape, and the program
	// reads it no later than it writes the output (ops.FusedReuse). nil
	// means none may.
	Reuses []int
}

// Add records a group.
func (f *Fusion) Add(g *FusedGroup) {
	if f.of == nil {
		f.of = map[*Node]*FusedGroup{}
	}
	if f.number == nil {
		f.number = map[*FusedGroup]int{}
	}
	f.Groups = append(f.Groups, g)
	f.number[g] = len(f.Groups)
	for _, n := range g.Nodes {
		f.of[n] = g
	}
}

// Group returns the group n belongs to, or nil; f may be nil.
func (f *Fusion) Group(n *Node) *FusedGroup {
	if f == nil {
		return nil
	}
	return f.of[n]
}

// Last is the member where the group's step runs.
func (g *FusedGroup) Last() *Node { return g.Nodes[len(g.Nodes)-1] }

// Step is g's number, from 1 in the order groups were added: how %ir and
// %viz name it.
func (f *Fusion) Step(g *FusedGroup) int { return f.number[g] }
