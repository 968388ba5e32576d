package capture

import (
	"fmt"
	"slices"

	"msrepl/autodiff"
	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// Gradients of While loops taken inside a graph. The gradient's tape
// records single operations; a While on a Tensor condition records itself
// as one, from the carried values before the loop and the values around
// it that the loop reads, to the carried values after it. Its gradient
// rule builds the backward in the graph, as loops of its own:
//
//   - a counting loop runs the body again from the start to find the
//     number of iterations N;
//   - a backward loop runs i from N-1 down to 0: it recomputes the
//     carried values of iteration i (one more loop, i runs of the body
//     from the start), replays the body there under a tape of its own,
//     and pulls the cotangent of the carried values back through it,
//     adding up the cotangents of the values around the loop.
//
// Recomputing from the start costs N²/2 runs of the body instead of the
// memory of N iterations' values, which a graph of fixed-size buffers
// cannot hold before it knows N. The body must then be free of effects.

// capturedWhile is what the gradient of a captured While needs.
type capturedWhile struct {
	at ir.Span
	// fn names the function the loop is in, for its backward's graphs.
	fn string
	// init are the leaves of the carried values before the loop, caps
	// the values of the graph around the loop that it reads, results the
	// carried leaves after it.
	init, caps, results []*tensor.Tensor
	// cond and body take the carried leaves, then caps; body returns the
	// next carried leaves, then caps.
	cond, body *ir.FuncGraph
	updates    bool
}

// recordWhile records a While on the tape of the gradient taken around
// it.
func (c *capturer) recordWhile(w *capturedWhile) error {
	tape := c.h.Tape()
	if tape == nil {
		return c.errorf(w.at, "SystemError", "internal error: a differentiated capture without a tape")
	}
	if w.updates || !pureGraph(w.body) || !pureGraph(w.cond) {
		return c.errorf(w.at, "RuntimeError",
			"A while loop on a Tensor in a function differentiated inside a graph (ms.grad called in a jit function) must be free of effects "+
				"(print, Parameter assignment, raise): its gradient runs the body again. Take the gradient outside the jit function.")
	}
	for _, sub := range []*ir.FuncGraph{w.cond, w.body} {
		if i := slices.IndexFunc(sub.Nodes, func(n *ir.Node) bool { return !replayable(n) }); i >= 0 {
			return c.errorf(sub.Nodes[i].Span, "RuntimeError",
				"A while loop on a Tensor inside the body of another is not supported in a function differentiated inside a graph "+
					"(ms.grad called in a jit function). Take the gradient outside the jit function.")
		}
	}
	prim := &ops.Primitive{
		Name:      "While",
		BpropUses: ops.UsesInputs,
		Bprop: func(g *ops.Grad) []ops.Value {
			grads, err := c.whileGrad(w, g)
			if err != nil {
				g.Fail(err)
				return nil
			}
			return grads
		},
	}
	return tape.Record(prim, nil, values(append(slices.Clone(w.init), w.caps...)), values(w.results))
}

// replayable reports whether replay can apply n: the body of a loop
// under a gradient holds single operations (its ifs are selects).
func replayable(n *ir.Node) bool {
	switch n.Kind {
	case ir.Apply, ir.GetItem, ir.MakeTuple:
		return true
	}
	return false
}

func pureGraph(g *ir.FuncGraph) bool {
	return !slices.ContainsFunc(g.Nodes, func(n *ir.Node) bool { return !n.Pure() })
}

func values(ts []*tensor.Tensor) []ops.Value {
	vs := make([]ops.Value, len(ts))
	for i, t := range ts {
		vs[i] = t
	}
	return vs
}

// whileGrad builds the backward of w in the current graph: the
// cotangents of its carried leaves and of the values around it, from
// g.Dout, the cotangents of the carried leaves after it.
func (c *capturer) whileGrad(w *capturedWhile, g *ops.Grad) ([]ops.Value, error) {
	if g.B != ops.Builder(c.tr) {
		return nil, fmt.Errorf("a gradient of the gradient of a while loop on a Tensor is not supported inside a graph; " +
			"take the outer gradient outside the jit function")
	}
	at := w.at
	c.tr.Span = at
	k, m := len(w.init), len(w.caps)
	run := func(b ops.Builder, carried []*tensor.Tensor) ([]*tensor.Tensor, error) {
		out, err := replay(w.body, b, append(slices.Clone(carried), w.caps...))
		if err != nil {
			return nil, err
		}
		return out[:k], nil
	}
	zero, err := c.h.ScalarTensor(c.h.Const(int64(0)), tensor.Int64)
	if err != nil {
		return nil, err
	}
	one, err := c.h.ScalarTensor(c.h.Const(int64(1)), tensor.Int64)
	if err != nil {
		return nil, err
	}
	apply := func(p *ops.Primitive, args ...*tensor.Tensor) (*tensor.Tensor, error) {
		out, err := c.tr.Apply(p, nil, values(args)...)
		if err != nil {
			return nil, err
		}
		return out[0].(*tensor.Tensor), nil
	}
	// count runs the body from the start while more says so and returns
	// the carried leaves and the number of runs.
	count := func(name string, more func(carried []*tensor.Tensor, n *tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, *tensor.Tensor, error) {
		out, err := c.loop(w.fn+"_"+name, at, append(slices.Clone(w.init), zero),
			func(p []*tensor.Tensor) (*tensor.Tensor, error) { return more(p[:k], p[k]) },
			func(p []*tensor.Tensor) ([]*tensor.Tensor, error) {
				next, err := run(c.tr, p[:k])
				if err != nil {
					return nil, err
				}
				n, err := apply(ops.Add, p[k], one)
				return append(next, n), err
			})
		if err != nil {
			return nil, nil, err
		}
		return out[:k], out[k], nil
	}
	_, iters, err := count("count", func(carried []*tensor.Tensor, _ *tensor.Tensor) (*tensor.Tensor, error) {
		out, err := replay(w.cond, c.tr, append(slices.Clone(carried), w.caps...))
		if err != nil {
			return nil, err
		}
		return c.condition(out[0], at)
	})
	if err != nil {
		return nil, err
	}

	// The backward loop carries i, the cotangents of the float carried
	// leaves and the sums of the float captured values' cotangents.
	var fc, fx []int
	for i, t := range w.init {
		if t.DType().IsFloat() {
			fc = append(fc, i)
		}
	}
	for i, t := range w.caps {
		if t.DType().IsFloat() {
			fx = append(fx, i)
		}
	}
	init := []*tensor.Tensor{iters}
	for _, i := range fc {
		init = append(init, g.Dout[i].(*tensor.Tensor))
	}
	for _, i := range fx {
		z, err := c.zeros(w.caps[i].Meta())
		if err != nil {
			return nil, err
		}
		init = append(init, z)
	}
	out, err := c.loop(w.fn+"_grad", at, init,
		func(p []*tensor.Tensor) (*tensor.Tensor, error) { return apply(ops.Greater, p[0], zero) },
		func(p []*tensor.Tensor) ([]*tensor.Tensor, error) {
			i, err := apply(ops.Sub, p[0], one)
			if err != nil {
				return nil, err
			}
			carried, _, err := count("recompute", func(_ []*tensor.Tensor, n *tensor.Tensor) (*tensor.Tensor, error) {
				return apply(ops.Less, n, i)
			})
			if err != nil {
				return nil, err
			}
			// The body's VJP at the recomputed values: replayed under a
			// tape of its own, watching them and the captured values.
			tp := autodiff.NewTape(c.tr)
			var wrt []ops.Value
			for _, j := range fc {
				tp.Watch(carried[j])
				wrt = append(wrt, carried[j])
			}
			for _, j := range fx {
				tp.Watch(w.caps[j])
				wrt = append(wrt, w.caps[j])
			}
			next, err := run(tp, carried)
			if err != nil {
				return nil, err
			}
			var outs, douts []ops.Value
			for n, j := range fc {
				outs = append(outs, next[j])
				douts = append(douts, p[1+n])
			}
			d, err := tp.Gradient(c.tr, outs, douts, wrt)
			if err != nil {
				return nil, err
			}
			res := []*tensor.Tensor{i}
			for n := range fc {
				dc, err := c.orZeros(d[n], carried[fc[n]].Meta())
				if err != nil {
					return nil, err
				}
				res = append(res, dc)
			}
			for n := range fx {
				sum := p[1+len(fc)+n]
				if dx := d[len(fc)+n]; dx != nil {
					if sum, err = apply(ops.Add, sum, dx.(*tensor.Tensor)); err != nil {
						return nil, err
					}
				}
				res = append(res, sum)
			}
			return res, nil
		})
	if err != nil {
		return nil, err
	}
	grads := make([]ops.Value, k+m)
	for n, j := range fc {
		grads[j] = out[1+n]
	}
	for n, j := range fx {
		grads[k+j] = out[1+len(fc)+n]
	}
	return grads, nil
}

// zeros is a constant Tensor of zeros.
func (c *capturer) zeros(m tensor.Meta) (*tensor.Tensor, error) {
	z, err := c.tr.Eval.Apply(ops.Fill, ops.Attrs{"shape": []int(m.Shape), "dtype": m.DType, "value": 0})
	if err != nil {
		return nil, err
	}
	return z[0].(*tensor.Tensor), nil
}

// orZeros is the cotangent d, or zeros where none reached.
func (c *capturer) orZeros(d ops.Value, m tensor.Meta) (*tensor.Tensor, error) {
	if d != nil {
		return d.(*tensor.Tensor), nil
	}
	return c.zeros(m)
}

// loop builds a While node in the current graph over the carried values
// init: cond and body get the carried values as the parameters of their
// subgraphs, and body returns their next values, of the same types.
func (c *capturer) loop(name string, at ir.Span, init []*tensor.Tensor,
	cond func([]*tensor.Tensor) (*tensor.Tensor, error), body func([]*tensor.Tensor) ([]*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	c.graphs++
	id := c.graphs
	params := func() []*tensor.Tensor {
		ps := make([]*tensor.Tensor, len(init))
		for i, t := range init {
			ps[i] = c.tr.Input(fmt.Sprintf("carried%d", i), t.Meta())
		}
		return ps
	}
	lb := c.tr.Push(c.tr.cur.G.NewSubgraph(fmt.Sprintf("⥁%s_%d", name, id), at))
	next, err := body(params())
	outNodes := make([]*ir.Node, len(next))
	for i := 0; err == nil && i < len(next); i++ {
		if m, want := next[i].Meta(), init[i].Meta(); m.DType != want.DType || !m.Shape.Equal(want.Shape) {
			err = fmt.Errorf("internal error: the %s loop's value %d is a %v %v, carried as a %v %v", name, i, m.DType, m.Shape, want.DType, want.Shape)
			break
		}
		outNodes[i], err = c.tr.node(lb, next[i])
	}
	c.tr.Pop()
	if err != nil {
		return nil, err
	}
	lc := c.tr.Push(c.tr.cur.G.NewSubgraph(fmt.Sprintf("⤾%s_%d", name, id), at))
	more, err := cond(params())
	var condNode *ir.Node
	if err == nil {
		if more, err = c.condition(more, at); err == nil {
			condNode, err = c.tr.node(lc, more)
		}
	}
	c.tr.Pop()
	if err != nil {
		return nil, err
	}
	lc.G.SetOutput(condNode)
	caps, capParams := alignCaptures(len(init), lb, lc)
	lb.G.SetOutput(lb.G.MakeTuple(at, append(outNodes, capParams[0]...)...))
	g := c.tr.cur.G
	inits := make([]*ir.Node, 0, len(init)+len(caps))
	for _, t := range init {
		n, err := c.tr.Node(t)
		if err != nil {
			return nil, err
		}
		inits = append(inits, n)
	}
	wn := g.While(lc.G, lb.G, at, append(inits, caps...)...)
	out := make([]*tensor.Tensor, len(init))
	for i := range out {
		out[i] = c.tr.cur.Bind(g.GetItem(wn, i, at))
	}
	return out, nil
}

// replay applies the operations of g, a loop's condition or body, to
// args through b, and returns the tensors of its result: the body again,
// in the graph being built, or under a tape that differentiates it.
func replay(g *ir.FuncGraph, b ops.Builder, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	env := make(map[*ir.Node]any, len(g.Params)+len(g.Consts)+len(g.Nodes))
	for i, p := range g.Params {
		env[p] = args[i]
	}
	for _, n := range g.Consts {
		env[n] = n.Value
	}
	for _, n := range g.Nodes {
		in := make([]ops.Value, len(n.Inputs))
		for i, x := range n.Inputs {
			v, ok := env[x].(ops.Value)
			if !ok && n.Kind == ir.Apply {
				return nil, fmt.Errorf("internal error: replaying %s, input %d is a %T", n.Prim.Name, i, env[x])
			}
			in[i] = v
		}
		switch n.Kind {
		case ir.Apply:
			out, err := b.Apply(n.Prim, n.Attrs, in...)
			if err != nil {
				return nil, err
			}
			if len(out) == 1 {
				env[n] = out[0]
			} else {
				env[n] = out
			}
		case ir.GetItem:
			tup, ok := env[n.Inputs[0]].([]ops.Value)
			if !ok || n.Index >= len(tup) {
				return nil, fmt.Errorf("internal error: replaying item %d of a %T", n.Index, env[n.Inputs[0]])
			}
			env[n] = tup[n.Index]
		case ir.MakeTuple:
			env[n] = in
		default:
			return nil, fmt.Errorf("internal error: replaying a %v node", n.Kind)
		}
	}
	res := env[g.Output]
	var out []*tensor.Tensor
	switch r := res.(type) {
	case []ops.Value:
		for _, v := range r {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, fmt.Errorf("internal error: a loop's subgraph gives a %T", v)
			}
			out = append(out, t)
		}
	case *tensor.Tensor:
		out = []*tensor.Tensor{r}
	default:
		return nil, fmt.Errorf("internal error: a loop's subgraph gives a %T", res)
	}
	return out, nil
}
