// Package exec runs FuncGraphs. Each Apply goes through an ops.Builder,
// the eager one in practice, so that a graph computes with exactly the
// kernels PyNative uses; If and While run their subgraphs, and the fused
// groups its caller gives (passes.Fuse) run as one application each. It
// must not capture, optimize or know the interpreter: weights are read
// through a function its caller gives.
package exec

import (
	"context"
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// A Value is what a graph computes with: a *tensor.Tensor, a host scalar
// (bool, int64, float64, string), nil for None, or a Tuple.
type Value any

// A Tuple is a tuple value.
type Tuple []Value

// A Runner runs graphs.
type Runner struct {
	// B applies the primitives.
	B ops.Builder
	// Weight returns a weight's current data, read each time a graph
	// runs so that updates to Parameters are seen.
	Weight func(w *ir.Node) (*tensor.Tensor, error)
	// Context, when set, is checked between nodes, so that a long loop
	// can be interrupted.
	Context context.Context
	// Fusion, when set, groups elementwise nodes into fused steps
	// (passes.Fuse), each run as one application of its primitive where
	// its last member stands. Only a builder that evaluates may run them:
	// a fused primitive has no gradient to tape.
	Fusion *ir.Fusion
	// Dims, for a graph compiled for many sizes, gives the size a
	// symbolic dim has in this run: the dims in attributes (a Reshape's
	// shape) are sized before each application. The applications infer
	// their outputs from their inputs, so buffers are sized as they run.
	Dims func(dim int) int
}

// Run runs g on args, one per parameter.
func (r *Runner) Run(g *ir.FuncGraph, args []Value) (Value, error) {
	if len(args) != len(g.Params) {
		return nil, fmt.Errorf("exec: @%s takes %d arguments, given %d", g.Name, len(g.Params), len(args))
	}
	env := make(map[*ir.Node]Value, len(g.Params)+len(g.Weights)+len(g.Consts)+len(g.Nodes))
	for i, p := range g.Params {
		env[p] = args[i]
	}
	for _, w := range g.Weights {
		if r.Weight == nil {
			return nil, fmt.Errorf("exec: @%s reads weight %s, and no weights were given", g.Name, w.Name)
		}
		t, err := r.Weight(w)
		if err != nil {
			return nil, err
		}
		env[w] = t
	}
	for _, c := range g.Consts {
		env[c] = c.Value
	}
	last := r.lastUses(g)
	for i, n := range g.Nodes {
		if r.Context != nil {
			if err := r.Context.Err(); err != nil {
				return nil, err
			}
		}
		reads := n.Inputs
		if grp := r.Fusion.Group(n); grp != nil {
			if n != grp.Last() {
				continue
			}
			if err := r.fused(grp, env); err != nil {
				return nil, err
			}
			reads = grp.Inputs
		} else {
			v, err := r.node(n, env)
			if err != nil {
				return nil, err
			}
			env[n] = v
		}
		// A value no later node reads is dropped, so that its buffer can
		// be recycled while the graph still runs, as PyNative's are.
		for _, in := range reads {
			if in.Kind != ir.Param && in.Kind != ir.Weight && in.Kind != ir.Const && last[in] == i {
				delete(env, in)
			}
		}
	}
	return env[g.Output], nil
}

// lastUses gives each computed node of g the position of the last node
// that reads it, where a fused group's reads happen at its last member;
// the output is read after them all.
func (r *Runner) lastUses(g *ir.FuncGraph) map[*ir.Node]int {
	last := make(map[*ir.Node]int, len(g.Nodes))
	at := map[*ir.FusedGroup]int{}
	for i, n := range g.Nodes {
		if grp := r.Fusion.Group(n); grp != nil {
			at[grp] = i
		}
	}
	for i, n := range g.Nodes {
		if grp := r.Fusion.Group(n); grp != nil {
			i = at[grp]
		}
		for _, in := range n.Inputs {
			last[in] = max(last[in], i)
		}
	}
	last[g.Output] = len(g.Nodes)
	return last
}

// fused runs a fused group on its inputs and binds its outputs.
func (r *Runner) fused(grp *ir.FusedGroup, env map[*ir.Node]Value) error {
	args := make([]ops.Value, len(grp.Inputs))
	for i, x := range grp.Inputs {
		t, ok := env[x].(*tensor.Tensor)
		if !ok {
			return fmt.Errorf("exec: %s's input %d is a %T, not a tensor", grp.Prim.Name, i, env[x])
		}
		args[i] = t
	}
	out, err := r.B.Apply(grp.Prim, nil, args...)
	if err != nil {
		return err
	}
	for i, n := range grp.Outputs {
		env[n] = out[i]
	}
	return nil
}

func (r *Runner) node(n *ir.Node, env map[*ir.Node]Value) (Value, error) {
	in := make([]Value, len(n.Inputs))
	for i, x := range n.Inputs {
		in[i] = env[x]
	}
	switch n.Kind {
	case ir.Apply:
		args := make([]ops.Value, len(in))
		for i, v := range in {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, fmt.Errorf("exec: %s's input %d is a %T, not a tensor", n.Prim.Name, i, v)
			}
			args[i] = t
		}
		attrs := n.Attrs
		if r.Dims != nil && attrs.Symbolic() {
			attrs = attrs.Sized(r.Dims)
		}
		out, err := r.B.Apply(n.Prim, attrs, args...)
		if err != nil {
			return nil, err
		}
		if len(out) == 1 {
			return out[0], nil
		}
		tup := make(Tuple, len(out))
		for i, o := range out {
			tup[i] = o
		}
		return tup, nil
	case ir.GetItem:
		tup, ok := in[0].(Tuple)
		if !ok || n.Index >= len(tup) {
			return nil, fmt.Errorf("exec: item %d of a %T", n.Index, in[0])
		}
		return tup[n.Index], nil
	case ir.MakeTuple:
		return Tuple(in), nil
	case ir.Call:
		return r.Run(n.Graphs[0], in)
	case ir.If:
		taken, err := truth(in[0])
		if err != nil {
			return nil, err
		}
		branch := n.Graphs[1]
		if taken {
			branch = n.Graphs[0]
		}
		return r.Run(branch, in[1:])
	case ir.While:
		cond, body := n.Graphs[0], n.Graphs[1]
		carried := in
		for {
			c, err := r.Run(cond, carried)
			if err != nil {
				return nil, err
			}
			more, err := truth(c)
			if err != nil {
				return nil, err
			}
			if !more {
				return Tuple(carried), nil
			}
			next, err := r.Run(body, carried)
			if err != nil {
				return nil, err
			}
			tup, ok := next.(Tuple)
			if !ok || len(tup) != len(carried) {
				return nil, fmt.Errorf("exec: the body @%s gave %v for %d carried values", body.Name, next, len(carried))
			}
			carried = tup
		}
	}
	return nil, fmt.Errorf("exec: cannot run a %v node", n.Kind)
}

// truth reads a condition: a bool, or a one-element tensor.
func truth(v Value) (bool, error) {
	switch c := v.(type) {
	case bool:
		return c, nil
	case *tensor.Tensor:
		if c.Size() != 1 {
			return false, fmt.Errorf("exec: a condition of shape %v", c.Shape())
		}
		return c.Float(0) != 0, nil
	}
	return false, fmt.Errorf("exec: a condition of type %T", v)
}
