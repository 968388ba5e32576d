package interp

import (
	"msrepl/autodiff"
	"msrepl/ops"
	"msrepl/tensor"
)

// The functional transforms built on the grad machinery: vjp and jvp, and
// the Jacobians jacrev (a vjp per output element) and jacfwd (a jvp per
// input element). jvp is MindSpore's "forward mode developed on reverse
// mode": the vjp u ↦ Jᵀu is linear in u, so taping it and taking its
// vjp with cotangent v gives Jv.

// addTransformFuncs adds vjp, jvp, jacrev and jacfwd to the mindspore
// module.
func addTransformFuncs(m *Module) {
	m.AddFunc("vjp", "vjp(fn, *inputs, weights=None, has_aux=False)",
		"fn's outputs and the function that maps their cotangents to the inputs' (and weights') cotangents.", msVJP)
	m.AddFunc("jvp", "jvp(fn, inputs, v, has_aux=False)",
		"fn's outputs and their derivative in the direction v of the inputs.", msJVP)
	m.AddFunc("jacrev", "jacrev(fn, grad_position=0, has_aux=False)",
		"The function that returns fn's Jacobian, row by row in reverse mode.", jacobianFunc("jacrev"))
	m.AddFunc("jacfwd", "jacfwd(fn, grad_position=0, has_aux=False)",
		"The function that returns fn's Jacobian, column by column in forward mode.", jacobianFunc("jacfwd"))
}

// transformCall is a function run under a tape: its whole result, its
// differentiated output (aux removed) also as Tensors, the watched inputs,
// and the tape to run the backward on.
type transformCall struct {
	full, out, aux Value
	outs           []ops.Value
	vars           []ops.Value
	tape           *autodiff.Tape
}

// runTaped calls fn on args (the last len(kwnames) of them keywords) with
// the positional arguments at positions, and the weights that require a
// gradient, watched on a new tape over outer.
func (th *Thread) runTaped(api string, outer ops.Builder, fn Value, args []Value, kwnames []string, positions []int, weights []*Tensor, hasAux, retain bool) (*transformCall, error) {
	if !isCallable(fn) {
		return nil, TypeErrorf("For '%s', the 'fn' must be callable, but got %s.", api, TypeName(fn))
	}
	tape := autodiff.NewTape(outer)
	tape.Retain = retain
	args = append([]Value(nil), args...)
	vars, err := watchArgs(api, tape, outer, args[:len(args)-len(kwnames)], positions)
	if err != nil {
		return nil, err
	}
	for _, w := range weights {
		if w.param.requiresGrad {
			tape.Watch(w.t)
		}
	}
	out, err := th.withBuilder(tape, func() (Value, error) {
		// Inside a graph, the differentiated function is captured as the
		// graph's own code is.
		if tr, capturing := th.ms().tracer(); capturing {
			return th.captureCall(tr, fn, args, kwnames)
		}
		return th.Call(fn, args, kwnames)
	})
	if err != nil {
		return nil, err
	}
	c := &transformCall{full: out, out: out, vars: vars, tape: tape}
	if hasAux {
		t, ok := out.(Tuple)
		if !ok || len(t) < 2 {
			return nil, TypeErrorf("For '%s', when 'has_aux' is True, the function must return a tuple of at least two items, but got %s.", api, TypeName(out))
		}
		c.out, c.aux = t[0], t[1:]
	}
	if c.outs, err = gradOutputs(api, c.out); err != nil {
		return nil, err
	}
	return c, nil
}

func allPositions(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// zerosFor replaces missing cotangents by zeros shaped as their values.
func zerosFor(b ops.Builder, grads, like []ops.Value) error {
	for i, g := range grads {
		if g == nil {
			z, err := b.Apply(ops.ZerosLike, nil, like[i])
			if err != nil {
				return opsError(err)
			}
			grads[i] = z[0]
		}
	}
	return nil
}

// tensorsValue is one Tensor, or a tuple of them.
func tensorsValue(ts []ops.Value, single bool) Value {
	if single && len(ts) == 1 {
		return NewTensor(ts[0].(*tensor.Tensor))
	}
	out := make(Tuple, len(ts))
	for i, t := range ts {
		out[i] = NewTensor(t.(*tensor.Tensor))
	}
	return out
}

// msVJP is mindspore.vjp: (outputs, vjp_fn), and aux last with has_aux.
func msVJP(th *Thread, args []Value, kwnames []string) (Value, error) {
	const api = "vjp"
	var weights, hasAux Value = None, False
	npos := len(args) - len(kwnames)
	if npos < 1 {
		return nil, TypeErrorf("vjp() missing required argument 'fn' (pos 1)")
	}
	fn, inputs := args[0], Tuple(args[1:npos])
	if err := UnpackArgs(api, args[npos:], kwnames, "*weights?", &weights, "*has_aux?", &hasAux); err != nil {
		return nil, err
	}
	aux, err := checkBool(api, "has_aux", hasAux)
	if err != nil {
		return nil, err
	}
	spec := &gradSpec{api: api}
	if err := th.gradWeights(spec, weights); err != nil {
		return nil, err
	}
	outer := th.ms().builder
	c, err := th.runTaped(api, outer, fn, inputs, nil, allPositions(len(inputs)), spec.weights, aux, true)
	if err != nil {
		return nil, err
	}
	vjpFn := &Builtin{Name: "vjp_fn", Doc: "The cotangents of vjp's inputs (and weights) for cotangents of its outputs.",
		Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var v Value
			if err := UnpackArgs("vjp_fn", args, kwnames, "v", &v); err != nil {
				return nil, err
			}
			douts, err := th.sensitivities(&gradSpec{api: api, sensParam: true}, outer, c.outs, c.out, v)
			if err != nil {
				return nil, err
			}
			wrt := append([]ops.Value(nil), c.vars...)
			for _, w := range spec.weights {
				wrt = append(wrt, w.t)
			}
			grads, err := c.tape.Gradient(outer, c.outs, douts, wrt)
			if err != nil {
				return nil, opsError(err)
			}
			if err := zerosFor(outer, grads, wrt); err != nil {
				return nil, err
			}
			inGrads := tensorsValue(grads[:len(c.vars)], true)
			if !spec.hasWeights {
				return inGrads, nil
			}
			return Tuple{inGrads, tensorsValue(grads[len(c.vars):], spec.singleWeight)}, nil
		}}
	if aux {
		return Tuple{c.out, vjpFn, c.aux}, nil
	}
	return Tuple{c.out, vjpFn}, nil
}

// msJVP is mindspore.jvp: (outputs, their derivative along v), and aux
// last with has_aux.
func msJVP(th *Thread, args []Value, kwnames []string) (Value, error) {
	const api = "jvp"
	var fn, inputs, v, hasAux Value = nil, nil, nil, False
	if err := UnpackArgs(api, args, kwnames, "fn", &fn, "inputs", &inputs, "v", &v, "has_aux?", &hasAux); err != nil {
		return nil, err
	}
	aux, err := checkBool(api, "has_aux", hasAux)
	if err != nil {
		return nil, err
	}
	in := Tuple{inputs}
	if t, ok := inputs.(Tuple); ok {
		in = t
	}
	dirs, err := gradOutputs(api, v)
	if err != nil || len(dirs) != len(in) {
		return nil, TypeErrorf("For '%s', the 'v' must be shaped as the 'inputs': a Tensor or a tuple of %d Tensors.", api, len(in))
	}
	out, deriv, auxOut, err := th.jvp(api, fn, in, dirs, aux)
	if err != nil {
		return nil, err
	}
	res := Tuple{out, replaceTensors(out, deriv)}
	if aux {
		res = append(res, auxOut)
	}
	return res, nil
}

// jvp computes fn(*in) and its derivative along dirs, one per input,
// returned in the order of the output's Tensors.
func (th *Thread) jvp(api string, fn Value, in []Value, dirs []ops.Value, hasAux bool) (Value, []ops.Value, Value, error) {
	base := th.ms().builder
	outerTape := autodiff.NewTape(base)
	c, err := th.runTaped(api, outerTape, fn, in, nil, allPositions(len(in)), nil, hasAux, false)
	if err != nil {
		return nil, nil, nil, err
	}
	for i, x := range c.vars {
		if d := dirs[i]; !d.Meta().Shape.Equal(x.Meta().Shape) {
			return nil, nil, nil, ValueErrorf("For '%s', the shape of 'v' %d %v must be the shape of input %d %v.", api, i, d.Meta().Shape, i, x.Meta().Shape)
		}
	}
	// u, a variable of the outer tape per output: Jᵀu is taped in u.
	us := make([]ops.Value, len(c.outs))
	for i, o := range c.outs {
		z, err := base.Apply(ops.ZerosLike, nil, o)
		if err != nil {
			return nil, nil, nil, opsError(err)
		}
		outerTape.Watch(z[0].(*tensor.Tensor))
		us[i] = z[0]
	}
	jtu, err := c.tape.Gradient(outerTape, c.outs, us, c.vars)
	if err != nil {
		return nil, nil, nil, opsError(err)
	}
	var outs, douts []ops.Value
	for i, g := range jtu {
		if g != nil {
			outs = append(outs, g)
			douts = append(douts, castLike(base, dirs[i], g))
		}
	}
	jv, err := outerTape.Gradient(base, outs, douts, us)
	if err != nil {
		return nil, nil, nil, opsError(err)
	}
	if err := zerosFor(base, jv, c.outs); err != nil {
		return nil, nil, nil, err
	}
	return c.out, jv, c.aux, nil
}

// castLike gives v x's dtype, through b.
func castLike(b ops.Builder, v, x ops.Value) ops.Value {
	if dt := x.Meta().DType; v.Meta().DType != dt {
		if c, err := b.Apply(ops.Cast, ops.Attrs{"dtype": dt}, v); err == nil {
			return c[0]
		}
	}
	return v
}

// jacobianFunc is jacrev or jacfwd: the function returning the Jacobian
// of fn's one Tensor output with respect to the arguments at
// grad_position, each shaped output shape + input shape.
func jacobianFunc(api string) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var fn, position, hasAux Value = nil, MakeInt(0), False
		if err := UnpackArgs(api, args, kwnames, "fn", &fn, "grad_position?", &position, "has_aux?", &hasAux); err != nil {
			return nil, err
		}
		spec := &gradSpec{api: api}
		if err := gradPositions(spec, position); err != nil {
			return nil, err
		}
		if spec.positions == nil {
			return nil, ValueErrorf("For '%s', the 'grad_position' must not be None.", api)
		}
		aux, err := checkBool(api, "has_aux", hasAux)
		if err != nil {
			return nil, err
		}
		return &Builtin{Name: api + "_fn", Doc: "The Jacobian of a function.",
			Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
				if err := noKwargs(api+"_fn", kwnames); err != nil {
					return nil, err
				}
				var jac []ops.Value
				var auxOut Value
				var err error
				if api == "jacrev" {
					jac, auxOut, err = th.jacrev(fn, args, spec.positions, aux)
				} else {
					jac, auxOut, err = th.jacfwd(fn, args, spec.positions, aux)
				}
				if err != nil {
					return nil, err
				}
				res := tensorsValue(jac, spec.singlePosition)
				if aux {
					return Tuple{res, auxOut}, nil
				}
				return res, nil
			}}, nil
	}
}

// basis is the k-th unit tensor of meta m, made through b.
func basis(b ops.Builder, m tensor.Meta, k int) (ops.Value, error) {
	idx, err := b.Apply(ops.Fill, ops.Attrs{"shape": []int{}, "dtype": tensor.Int64, "value": k})
	if err != nil {
		return nil, err
	}
	hot, err := b.Apply(ops.OneHot, ops.Attrs{"depth": m.Shape.Size(), "dtype": m.DType}, idx[0])
	if err != nil {
		return nil, err
	}
	r, err := b.Apply(ops.Reshape, ops.Attrs{"shape": []int(m.Shape.Clone())}, hot[0])
	if err != nil {
		return nil, err
	}
	return r[0], nil
}

// stackInto stacks parts along a new first axis and reshapes the result.
func stackInto(b ops.Builder, parts []ops.Value, shape tensor.Shape) (ops.Value, error) {
	s, err := b.Apply(ops.Stack, ops.Attrs{"axis": 0}, parts...)
	if err != nil {
		return nil, err
	}
	r, err := b.Apply(ops.Reshape, ops.Attrs{"shape": []int(shape)}, s[0])
	if err != nil {
		return nil, err
	}
	return r[0], nil
}

func singleOutput(api string, c []ops.Value) (ops.Value, error) {
	if len(c) != 1 {
		return nil, TypeErrorf("For '%s', the function must return one Tensor (and aux with has_aux), but it returned %d.", api, len(c))
	}
	return c[0], nil
}

// jacrev builds each Jacobian row by row: a vjp per output element.
func (th *Thread) jacrev(fn Value, args []Value, positions []int, hasAux bool) ([]ops.Value, Value, error) {
	b := th.ms().builder
	c, err := th.runTaped("jacrev", b, fn, args, nil, positions, nil, hasAux, true)
	if err != nil {
		return nil, nil, err
	}
	y, err := singleOutput("jacrev", c.outs)
	if err != nil {
		return nil, nil, err
	}
	ym := y.Meta()
	rows := make([][]ops.Value, len(c.vars))
	for k := range ym.Shape.Size() {
		e, err := basis(b, ym, k)
		if err != nil {
			return nil, nil, opsError(err)
		}
		g, err := c.tape.Gradient(b, []ops.Value{y}, []ops.Value{e}, c.vars)
		if err != nil {
			return nil, nil, opsError(err)
		}
		if err := zerosFor(b, g, c.vars); err != nil {
			return nil, nil, err
		}
		for i := range c.vars {
			rows[i] = append(rows[i], g[i])
		}
	}
	return jacobians(b, rows, ym.Shape, c.vars, false, c.aux)
}

// jacfwd builds each Jacobian column by column: a jvp per input element.
func (th *Thread) jacfwd(fn Value, args []Value, positions []int, hasAux bool) ([]ops.Value, Value, error) {
	b := th.ms().builder
	var ym tensor.Meta
	var auxOut Value
	vars := make([]ops.Value, len(positions))
	cols := make([][]ops.Value, len(positions))
	for pi, p := range positions {
		if p >= len(args) {
			return nil, nil, ValueErrorf("For 'jacfwd', the 'grad_position' %d is out of range: the function got %d positional argument%s.",
				p, len(args), plural(len(args)))
		}
		x, ok := args[p].(*Tensor)
		if !ok {
			return nil, nil, TypeErrorf("For 'jacfwd', the argument at 'grad_position' %d must be a Tensor, but got %s.", p, TypeName(args[p]))
		}
		vars[pi] = x.t
		xm := x.t.Meta()
		for j := range xm.Shape.Size() {
			dirs := make([]ops.Value, len(args))
			for i, a := range args {
				t, ok := a.(*Tensor)
				if !ok {
					return nil, nil, TypeErrorf("For 'jacfwd', every argument must be a Tensor, but argument %d is %s.", i, TypeName(a))
				}
				z, err := b.Apply(ops.ZerosLike, nil, t.t)
				if err != nil {
					return nil, nil, opsError(err)
				}
				dirs[i] = z[0]
			}
			e, err := basis(b, xm, j)
			if err != nil {
				return nil, nil, opsError(err)
			}
			dirs[p] = e
			_, jv, a, err := th.jvp("jacfwd", fn, args, dirs, hasAux)
			if err != nil {
				return nil, nil, err
			}
			col, err := singleOutput("jacfwd", jv)
			if err != nil {
				return nil, nil, err
			}
			ym, auxOut = col.Meta(), a
			cols[pi] = append(cols[pi], col)
		}
	}
	return jacobians(b, cols, ym.Shape, vars, true, auxOut)
}

// jacobians assembles each variable's Jacobian, output shape + input
// shape, from its rows (one per output element) or, transposed, its
// columns (one per input element).
func jacobians(b ops.Builder, parts [][]ops.Value, out tensor.Shape, vars []ops.Value, columns bool, aux Value) ([]ops.Value, Value, error) {
	jac := make([]ops.Value, len(vars))
	for i, x := range vars {
		in := x.Meta().Shape
		if !columns {
			j, err := stackInto(b, parts[i], append(out.Clone(), in...))
			if err != nil {
				return nil, nil, opsError(err)
			}
			jac[i] = j
			continue
		}
		// Columns stack to (input size, output size): transpose.
		s, err := stackInto(b, parts[i], tensor.Shape{in.Size(), out.Size()})
		if err != nil {
			return nil, nil, opsError(err)
		}
		t, err := b.Apply(ops.Transpose, ops.Attrs{"perm": []int{1, 0}}, s)
		if err != nil {
			return nil, nil, opsError(err)
		}
		r, err := b.Apply(ops.Reshape, ops.Attrs{"shape": []int(append(out.Clone(), in...))}, t[0])
		if err != nil {
			return nil, nil, opsError(err)
		}
		jac[i] = r[0]
	}
	return jac, aux, nil
}
