package ir

import (
	"sync"

	"msrepl/ops"
)

// A Fusion is how the elementwise nodes of a graph and of the graphs it
// runs are grouped into fused steps (passes.Fuse), and which neighbouring
// steps run at once. It leaves the graph as it is, so export,
// differentiation and the printer's node lines see the same graph; the
// executor runs each group as one application of its Prim and each pair
// on two cores, and the printer marks them.
type Fusion struct {
	Groups []*FusedGroup
	of     map[*Node]*FusedGroup
	number map[*FusedGroup]int
	// pairs maps each node that runs together with the node right after
	// it to that node, and that node back (AddPair).
	pairs map[*Node]pairing
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

// pairing is one side of a pair of concurrent steps.
type pairing struct {
	partner *Node
	first   bool
}

// AddPair records that a and b, which stand next to each other in their
// graph and neither of which reads the other, run at once where a stands,
// one on each core (passes.Fuse pairs matrix products too small to split).
func (f *Fusion) AddPair(a, b *Node) {
	if f.pairs == nil {
		f.pairs = map[*Node]pairing{}
	}
	f.pairs[a] = pairing{b, true}
	f.pairs[b] = pairing{a, false}
}

// Alongside returns the node n runs together with, or nil, and whether n
// is the first of the two, whose step runs both; f may be nil.
func (f *Fusion) Alongside(n *Node) (partner *Node, first bool) {
	if f == nil {
		return nil, false
	}
	p := f.pairs[n]
	return p.partner, p.first
}

// Last is the member where the group's step runs.
func (g *FusedGroup) Last() *Node { return g.Nodes[len(g.Nodes)-1] }

// Step is g's number, from 1 in the order groups were added: how %ir and
// %viz name it.
func (f *Fusion) Step(g *FusedGroup) int { return f.number[g] }
