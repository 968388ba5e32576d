// Package exec runs FuncGraphs. Each Apply goes through an ops.Builder,
// the eager one in practice, so that a graph computes with exactly the
// kernels PyNative uses; If and While run their subgraphs, the fused
// groups its caller gives (passes.Fuse) run as one application each, and
// its pairs of concurrent steps on two cores (cpu.Both). It
// must not capture, optimize or know the interpreter: weights are read
// through a function its caller gives.
package exec

import (
	"context"
	"fmt"

	"msrepl/devices"
	"msrepl/devices/cpu"
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
	// Release, when set, gives each buffer the graph computes back to its
	// device as soon as no live value holds it (devices.Buffer.Release),
	// rather than when the collector finds it: the memory plan, whose
	// peak ir.PeakBytes computes. Values are counted per buffer, so that a
	// Reshape's output and its input share one count; the buffers of the
	// inputs, weights and constants, and those a primitive hands outside
	// the graph (Escapes), are never released. Only a builder that
	// evaluates may release: a tape keeps its intermediates for the
	// backward pass.
	Release bool
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
	var held *holders
	if r.Release {
		held = newHolders(env)
	}
	last := ir.LastUses(g, r.Fusion)
	// early holds the second node's value of a pair run at the first.
	var early Value
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
			if err := r.fused(grp, env, held.reuse(grp, env, last, i)); err != nil {
				return nil, err
			}
			reads = grp.Inputs
			if held != nil {
				for _, o := range grp.Outputs {
					held.hold(env[o])
				}
			}
		} else {
			if held != nil && n.Kind == ir.Apply && n.Prim.Escapes {
				for _, in := range n.Inputs {
					held.pin(env[in])
				}
			}
			var v Value
			var err error
			switch partner, first := r.Fusion.Alongside(n); {
			case partner != nil && !first:
				v, early = early, nil // computed with the node before
			case partner != nil:
				v, early, err = r.pair(n, partner, env)
			default:
				v, err = r.node(n, env)
			}
			if err != nil {
				return nil, err
			}
			env[n] = v
			if held != nil {
				if n.Kind == ir.Apply && n.Prim.Escapes {
					held.pin(v)
				}
				held.hold(v)
				if _, read := last[n]; !read {
					held.drop(v)
				}
			}
		}
		// A value no later node reads is dropped, so that its buffer can
		// be recycled while the graph still runs, as PyNative's are.
		for _, in := range reads {
			if in.Kind != ir.Param && in.Kind != ir.Weight && in.Kind != ir.Const && last[in] == i {
				if held != nil {
					held.drop(env[in])
				}
				delete(env, in)
			}
		}
	}
	return env[g.Output], nil
}

// pair runs a and b, a pair of concurrent steps (ir.Fusion.AddPair), one
// on each core when the builder is the eager one, and in turn otherwise:
// a builder that records what it applies is not safe to call twice at
// once. Both only read env.
func (r *Runner) pair(a, b *ir.Node, env map[*ir.Node]Value) (va, vb Value, err error) {
	var errA, errB error
	runA := func() { va, errA = r.node(a, env) }
	runB := func() { vb, errB = r.node(b, env) }
	if _, eager := r.B.(*ops.Eager); eager {
		cpu.Both(runA, runB)
	} else {
		runA()
		runB()
	}
	if errA != nil {
		return nil, nil, errA
	}
	return va, vb, errB
}

// applyEager runs an application on e with the tensors from env: a
// primitive with rules for one or two tensors in and one out through
// Eager.Run1, which makes none of the slices Apply makes for inputs,
// metas and outputs, and any other through Eager.Run, without Apply's
// boxing of each input and output. Of the ten allocations a small step
// made, that spares six or four. It reports false, having done nothing,
// when an input is not a tensor: node then runs the application as it
// runs any other, and reports the error.
func (r *Runner) applyEager(e *ops.Eager, n *ir.Node, env map[*ir.Node]Value) (Value, bool, error) {
	p := n.Prim
	attrs := n.Attrs
	if r.Dims != nil && attrs.Symbolic() {
		attrs = attrs.Sized(r.Dims)
	}
	if p.Unary != nil && len(n.Inputs) == 1 || p.Binary != nil && len(n.Inputs) == 2 {
		x, ok := env[n.Inputs[0]].(*tensor.Tensor)
		if !ok {
			return nil, false, nil
		}
		if len(n.Inputs) == 1 {
			v, err := e.Run1(p, attrs, x)
			return v, true, err
		}
		y, ok := env[n.Inputs[1]].(*tensor.Tensor)
		if !ok {
			return nil, false, nil
		}
		v, err := e.Run1(p, attrs, x, y)
		return v, true, err
	}
	in := make([]*tensor.Tensor, len(n.Inputs))
	for i, x := range n.Inputs {
		t, ok := env[x].(*tensor.Tensor)
		if !ok {
			return nil, false, nil
		}
		in[i] = t
	}
	out, err := e.Run(p, attrs, in)
	if err != nil {
		return nil, true, err
	}
	if len(out) == 1 {
		return out[0], true, nil
	}
	tup := make(Tuple, len(out))
	for i, o := range out {
		tup[i] = o
	}
	return tup, true, nil
}

// holders counts, for Release, the live values that hold each buffer the
// graph computed.
type holders struct {
	count  map[*devices.Buffer]int
	pinned map[*devices.Buffer]bool
}

// newHolders pins the buffers of the values a run starts with.
func newHolders(env map[*ir.Node]Value) *holders {
	h := &holders{count: map[*devices.Buffer]int{}, pinned: map[*devices.Buffer]bool{}}
	for _, v := range env {
		h.pin(v)
	}
	return h
}

func (h *holders) pin(v Value) { eachBuffer(v, func(b *devices.Buffer) { h.pinned[b] = true }) }

func (h *holders) hold(v Value) {
	eachBuffer(v, func(b *devices.Buffer) {
		if !h.pinned[b] {
			h.count[b]++
		}
	})
}

// drop ends a value's hold, releasing each buffer no other value holds.
func (h *holders) drop(v Value) {
	eachBuffer(v, func(b *devices.Buffer) {
		if h.pinned[b] {
			return
		}
		if h.count[b]--; h.count[b] == 0 {
			delete(h.count, b)
			b.Release()
		}
	})
}

// Tensors lists the tensors of v in order, its tuples flattened.
func Tensors(v Value) []*tensor.Tensor {
	switch v := v.(type) {
	case *tensor.Tensor:
		return []*tensor.Tensor{v}
	case Tuple:
		var out []*tensor.Tensor
		for _, e := range v {
			out = append(out, Tensors(e)...)
		}
		return out
	}
	return nil
}

// eachBuffer calls f on the buffer of each tensor in v.
func eachBuffer(v Value, f func(*devices.Buffer)) {
	switch v := v.(type) {
	case *tensor.Tensor:
		if b := v.Buffer(); b != nil {
			f(b)
		}
	case Tuple:
		for _, e := range v {
			eachBuffer(e, f)
		}
	}
}

// reuse is a fused step's "reuse" attribute (ops.Fuse) under Release:
// each output takes the buffer of the input the group allows it
// (FusedGroup.Reuses) when that input dies at this step and no other
// live value holds its buffer, so the step allocates nothing for it. A
// nil h (no Release) reuses nothing.
func (h *holders) reuse(grp *ir.FusedGroup, env map[*ir.Node]Value, last map[*ir.Node]int, step int) []int {
	if h == nil {
		return nil
	}
	var reuse []int
	for j, i := range grp.Reuses {
		if i < 0 {
			continue
		}
		x := grp.Inputs[i]
		t, ok := env[x].(*tensor.Tensor)
		if !ok || x.Kind != ir.Apply || last[x] != step || !h.sole(t.Buffer()) {
			continue
		}
		if reuse == nil {
			reuse = make([]int, len(grp.Reuses))
			for k := range reuse {
				reuse[k] = -1
			}
		}
		reuse[j] = i
	}
	return reuse
}

// sole reports whether exactly one live value holds b, which the graph
// computed.
func (h *holders) sole(b *devices.Buffer) bool {
	return b != nil && !h.pinned[b] && h.count[b] == 1
}

// fused runs a fused group on its inputs and binds its outputs; reuse,
// when set, is its "reuse" attribute.
func (r *Runner) fused(grp *ir.FusedGroup, env map[*ir.Node]Value, reuse []int) error {
	args := make([]ops.Value, len(grp.Inputs))
	for i, x := range grp.Inputs {
		t, ok := env[x].(*tensor.Tensor)
		if !ok {
			return fmt.Errorf("exec: %s's input %d is a %T, not a tensor", grp.Prim.Name, i, env[x])
		}
		args[i] = t
	}
	var attrs ops.Attrs
	if reuse != nil {
		attrs = ops.Attrs{"reuse": reuse}
	}
	out, err := r.B.Apply(grp.Prim, attrs, args...)
	if err != nil {
		return err
	}
	for i, n := range grp.Outputs {
		env[n] = out[i]
	}
	return nil
}

func (r *Runner) node(n *ir.Node, env map[*ir.Node]Value) (Value, error) {
	if e, ok := r.B.(*ops.Eager); ok && n.Kind == ir.Apply {
		if v, done, err := r.applyEager(e, n, env); done {
			return v, err
		}
	}
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
