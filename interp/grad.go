package interp

import (
	"fmt"

	"msrepl/autodiff"
	"msrepl/ops"
	"msrepl/tensor"
)

// The grad API of PyNative: mindspore.grad, mindspore.value_and_grad and
// ops.GradOperation. Each makes a function that runs the differentiated
// function under a tape (autodiff.Tape) sitting on the session's builder,
// then runs the backward through that same builder, so that an outer grad's
// tape records the inner backward: grad(grad(f)) is a second derivative.

// gradSpec is what grad, value_and_grad and GradOperation fix: which
// gradients to take, and how to return them.
type gradSpec struct {
	api string // the name errors give
	// positions are the arguments differentiated; allPositions takes
	// every argument (GradOperation's get_all), singlePosition returns
	// the one gradient bare rather than in a tuple.
	positions      []int
	allPositions   bool
	singlePosition bool
	// weights are the Parameters differentiated, when hasWeights;
	// singleWeight returns the one gradient bare.
	weights      []*Tensor
	hasWeights   bool
	singleWeight bool
	hasAux       bool
	returnIDs    bool
	sensParam    bool
	withValue    bool
	// scaled makes every output's cotangent sensScale rather than 1, as
	// TrainOneStepCell's sens does.
	scaled    bool
	sensScale float64
}

// gradPositions reads grad_position: an int, a tuple of ints, or None.
func gradPositions(spec *gradSpec, v Value) error {
	switch p := v.(type) {
	case NoneType:
		return nil
	case Tuple:
		if len(p) == 0 {
			return ValueErrorf("For '%s', the 'grad_position' must not be empty.", spec.api)
		}
		for _, e := range p {
			i, err := positionIndex(spec.api, e)
			if err != nil {
				return err
			}
			spec.positions = append(spec.positions, i)
		}
		return nil
	}
	i, err := positionIndex(spec.api, v)
	if err != nil {
		return err
	}
	spec.positions, spec.singlePosition = []int{i}, true
	return nil
}

func positionIndex(api string, v Value) (int, error) {
	if _, isBool := v.(Bool); !isBool {
		if i, err := toIndex(v); err == nil {
			if i < 0 {
				return 0, ValueErrorf("For '%s', the 'grad_position' must be non-negative, but got %d.", api, i)
			}
			return i, nil
		}
	}
	return 0, TypeErrorf("For '%s', the 'grad_position' must be an int, a tuple of ints or None, but got %s.", api, TypeName(v))
}

// gradWeights reads weights: a Parameter, or an iterable of them (a list,
// a ParameterTuple, a Cell's trainable_params()).
func (th *Thread) gradWeights(spec *gradSpec, v Value) error {
	if _, ok := v.(NoneType); ok {
		return nil
	}
	spec.hasWeights = true
	if p, ok := v.(*Tensor); ok {
		if p.param == nil {
			return TypeErrorf("For '%s', the 'weights' must be a Parameter, a list of Parameters or a ParameterTuple, but got Tensor.", spec.api)
		}
		spec.weights, spec.singleWeight = []*Tensor{p}, true
		return nil
	}
	items, err := th.iterateAll(v)
	if err != nil {
		return TypeErrorf("For '%s', the 'weights' must be a Parameter, a list of Parameters or a ParameterTuple, but got %s.", spec.api, TypeName(v))
	}
	for _, it := range items {
		p, ok := it.(*Tensor)
		if !ok || p.param == nil {
			return TypeErrorf("For '%s', the 'weights' must contain only Parameters, but got %s.", spec.api, TypeName(it))
		}
		spec.weights = append(spec.weights, p)
	}
	return nil
}

// gradFunction is the function grad and its siblings return.
func gradFunction(spec *gradSpec, fn Value) *Builtin {
	name := "after_grad"
	if spec.withValue {
		name = "after_value_and_grad"
	}
	return &Builtin{Name: name, Doc: fmt.Sprintf("The %s of a function.", spec.api),
		Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return th.callGrad(spec, fn, args, kwnames)
		}}
}

// callGrad runs fn on args under a tape and returns what spec asks for.
func (th *Thread) callGrad(spec *gradSpec, fn Value, args []Value, kwnames []string) (Value, error) {
	rt := th.ms()
	outer := rt.builder
	npos := len(args) - len(kwnames)
	args = append([]Value(nil), args...)
	var sens Value
	if spec.sensParam {
		if npos == 0 {
			return nil, TypeErrorf("For '%s', sens_param is True, so the last positional argument must be the sensitivity, but no argument was given.", spec.api)
		}
		sens = args[npos-1]
		args = append(args[:npos-1], args[npos:]...)
		npos--
	}
	positions := spec.positions
	if spec.allPositions {
		positions = make([]int, npos)
		for i := range positions {
			positions[i] = i
		}
	}
	c, err := th.runTaped(spec.api, outer, fn, args, kwnames, positions, spec.weights, spec.hasAux, false)
	if err != nil {
		return nil, err
	}
	vars := c.vars
	for _, w := range spec.weights {
		vars = append(vars, w.t)
	}
	douts, err := th.sensitivities(spec, outer, c.outs, c.out, sens)
	if err != nil {
		return nil, err
	}
	grads, err := c.tape.Gradient(outer, c.outs, douts, vars)
	if err != nil {
		return nil, opsError(err)
	}
	if err := zerosFor(outer, grads, vars); err != nil {
		return nil, err
	}
	res := spec.result(positions, grads)
	switch {
	case spec.withValue:
		// The value holds the aux outputs already.
		return Tuple{c.full, res}, nil
	case spec.hasAux:
		return Tuple{res, c.aux}, nil
	}
	return res, nil
}

// watchArgs makes the arguments at positions variables of tape: each is
// replaced in args by a fresh alias made through the builder beneath the
// tape (outer), which is this tape's variable and a value an outer tape
// differentiates through. It returns the aliases.
func watchArgs(api string, tape *autodiff.Tape, outer ops.Builder, args []Value, positions []int) ([]ops.Value, error) {
	vars := make([]ops.Value, 0, len(positions))
	for _, i := range positions {
		if i >= len(args) {
			return nil, ValueErrorf("For '%s', the 'grad_position' %d is out of range: the function got %d positional argument%s.",
				api, i, len(args), plural(len(args)))
		}
		x, ok := args[i].(*Tensor)
		if !ok {
			return nil, TypeErrorf("For '%s', the argument at 'grad_position' %d must be a Tensor, but got %s.", api, i, TypeName(args[i]))
		}
		alias, err := outer.Apply(ops.Identity, nil, x.t)
		if err != nil {
			return nil, opsError(err)
		}
		a := alias[0].(*tensor.Tensor)
		tape.Watch(a)
		args[i] = NewTensor(a)
		vars = append(vars, a)
	}
	return vars, nil
}

// withBuilder runs f with b as the session's builder.
func (th *Thread) withBuilder(b ops.Builder, f func() (Value, error)) (Value, error) {
	rt := th.ms()
	saved := rt.builder
	rt.builder = b
	defer func() { rt.builder = saved }()
	return f()
}

// gradOutputs lists the tensors of a differentiated function's result, a
// Tensor or a (nested) tuple or list of them, in order.
func gradOutputs(api string, v Value) ([]ops.Value, error) {
	var outs []ops.Value
	var walk func(v Value) error
	walk = func(v Value) error {
		switch v := v.(type) {
		case *Tensor:
			outs = append(outs, v.t)
		case Tuple:
			for _, e := range v {
				if err := walk(e); err != nil {
					return err
				}
			}
		case *List:
			for _, e := range v.elems {
				if err := walk(e); err != nil {
					return err
				}
			}
		default:
			return TypeErrorf("For '%s', the function must return a Tensor or a tuple of Tensors, but got %s.", api, TypeName(v))
		}
		return nil
	}
	return outs, walk(v)
}

// sensitivities are the outputs' cotangents: ones for each (the gradient
// of their sum), or the sens argument, shaped as the outputs are.
func (th *Thread) sensitivities(spec *gradSpec, b ops.Builder, outs []ops.Value, out, sens Value) ([]ops.Value, error) {
	if !spec.sensParam {
		douts := make([]ops.Value, len(outs))
		for i, o := range outs {
			m, v := o.Meta(), 1.0
			if spec.scaled {
				v = spec.sensScale
			}
			one, err := b.Apply(ops.Fill, ops.Attrs{"shape": []int(m.Shape), "dtype": m.DType, "value": v})
			if err != nil {
				return nil, opsError(err)
			}
			douts[i] = one[0]
		}
		return douts, nil
	}
	given, err := gradOutputs(spec.api, sens)
	if err != nil {
		return nil, TypeErrorf("For '%s', the sensitivity must be a Tensor or a tuple of Tensors shaped as the output, but got %s.", spec.api, TypeName(sens))
	}
	if len(given) != len(outs) {
		return nil, ValueErrorf("For '%s', the function has %d output Tensor%s but the sensitivity has %d.", spec.api, len(outs), plural(len(outs)), len(given))
	}
	for i, g := range given {
		if o := outs[i].Meta(); !g.Meta().Shape.Equal(o.Shape) {
			return nil, ValueErrorf("For '%s', the shape of the sensitivity %v must be the shape of the output %v.", spec.api, g.Meta().Shape, o.Shape)
		}
		if g.Meta().DType != outs[i].Meta().DType {
			c, err := b.Apply(ops.Cast, ops.Attrs{"dtype": outs[i].Meta().DType}, g)
			if err != nil {
				return nil, opsError(err)
			}
			given[i] = c[0]
		}
	}
	return given, nil
}

// result arranges the gradients, positions' first, as spec returns them.
func (spec *gradSpec) result(positions []int, grads []ops.Value) Value {
	wrap := func(g ops.Value) Value { return NewTensor(g.(*tensor.Tensor)) }
	var pos Value
	if len(positions) > 0 || !spec.hasWeights {
		items := make(Tuple, len(positions))
		for i, p := range positions {
			items[i] = wrap(grads[i])
			if spec.returnIDs {
				items[i] = Tuple{MakeInt(int64(p)), items[i]}
			}
		}
		pos = items
		if spec.singlePosition && len(items) == 1 {
			pos = items[0]
		}
	}
	if !spec.hasWeights {
		return pos
	}
	items := make(Tuple, len(spec.weights))
	for i, w := range spec.weights {
		items[i] = wrap(grads[len(positions)+i])
		if spec.returnIDs {
			items[i] = Tuple{Str(w.param.name), items[i]}
		}
	}
	var ws Value = items
	if spec.singleWeight {
		ws = items[0]
	}
	if pos == nil {
		return ws
	}
	return Tuple{pos, ws}
}

// addGradFuncs adds grad and value_and_grad to the mindspore module.
func addGradFuncs(m *Module) {
	m.AddFunc("grad", "grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False)",
		"The function that returns fn's gradients with respect to the arguments at grad_position and to weights.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return th.gradAPI("grad", false, args, kwnames)
		})
	m.AddFunc("value_and_grad", "value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False)",
		"The function that returns fn's value and its gradients, as grad gives them.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return th.gradAPI("value_and_grad", true, args, kwnames)
		})
}

// gradAPI is grad and value_and_grad.
func (th *Thread) gradAPI(api string, withValue bool, args []Value, kwnames []string) (Value, error) {
	var fn, position, weights, hasAux, returnIDs, sensParam Value = nil, MakeInt(0), None, False, False, False
	if err := UnpackArgs(api, args, kwnames, "fn", &fn, "grad_position?", &position, "weights?", &weights,
		"has_aux?", &hasAux, "return_ids?", &returnIDs, "sens_param?", &sensParam); err != nil {
		return nil, err
	}
	spec := &gradSpec{api: api, withValue: withValue}
	if err := gradPositions(spec, position); err != nil {
		return nil, err
	}
	if err := th.gradWeights(spec, weights); err != nil {
		return nil, err
	}
	if spec.positions == nil && !spec.hasWeights {
		return nil, ValueErrorf("For '%s', 'grad_position' and 'weight' can not be None at the same time.", api)
	}
	for _, f := range []struct {
		name string
		v    Value
		dst  *bool
	}{{"has_aux", hasAux, &spec.hasAux}, {"return_ids", returnIDs, &spec.returnIDs}, {"sens_param", sensParam, &spec.sensParam}} {
		b, err := checkBool(api, f.name, f.v)
		if err != nil {
			return nil, err
		}
		*f.dst = b
	}
	if !isCallable(fn) {
		return nil, TypeErrorf("For '%s', the 'fn' must be callable, but got %s.", api, TypeName(fn))
	}
	return gradFunction(spec, fn), nil
}

// stopGradient is ops.stop_gradient: a Tensor, or the Tensors in a tuple
// or list, cut off from the gradient; anything else is returned as it is.
func (th *Thread) stopGradient(v Value) (Value, error) {
	switch v := v.(type) {
	case *Tensor:
		t, err := th.apply1(ops.StopGradient, nil, v.t)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	case Tuple:
		out := make(Tuple, len(v))
		for i, e := range v {
			s, err := th.stopGradient(e)
			if err != nil {
				return nil, err
			}
			out[i] = s
		}
		return out, nil
	case *List:
		out := make([]Value, len(v.elems))
		for i, e := range v.elems {
			s, err := th.stopGradient(e)
			if err != nil {
				return nil, err
			}
			out[i] = s
		}
		return NewList(out), nil
	}
	return v, nil
}

// gradOperationDef is ops.GradOperation(get_all=False, get_by_list=False,
// sens_param=False): called with fn, and with the weights when get_by_list,
// it gives the gradient function. Without get_all it differentiates the
// first argument only.
var gradOperationDef = &primDef{
	name:   "GradOperation",
	params: []primParam{param("get_all", False), param("get_by_list", False), param("sens_param", False)},
	call: func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
		const api = "GradOperation"
		spec := &gradSpec{api: api}
		flags := map[string]bool{}
		for _, a := range pv.init {
			b, err := checkBool(api, a.name, a.v)
			if err != nil {
				return nil, err
			}
			flags[a.name] = b
		}
		var fn, weights Value = nil, None
		if err := UnpackArgs(api, args, kwnames, "fn", &fn, "weights?", &weights); err != nil {
			return nil, err
		}
		if !isCallable(fn) {
			return nil, TypeErrorf("For '%s', the 'fn' must be callable, but got %s.", api, TypeName(fn))
		}
		spec.sensParam = flags["sens_param"]
		if flags["get_all"] {
			spec.allPositions = true
		} else if !flags["get_by_list"] {
			spec.positions, spec.singlePosition = []int{0}, true
		}
		if flags["get_by_list"] {
			if _, ok := weights.(NoneType); ok {
				return nil, TypeErrorf("For '%s', when 'get_by_list' is True, the weights must be given, as a ParameterTuple or a list of Parameters.", api)
			}
			if err := th.gradWeights(spec, weights); err != nil {
				return nil, err
			}
			spec.singleWeight = false
		}
		return gradFunction(spec, fn), nil
	},
}

// callWithBprop calls a Cell that defines bprop(self, *inputs, out, dout)
// while a tape records: its construct runs beneath the tape, unrecorded,
// and one record stands for the whole call, whose gradient rule is the
// Cell's bprop.
func (th *Thread) callWithBprop(tape *autodiff.Tape, self *Instance, construct, bprop Value, args []Value, kwnames []string) (Value, error) {
	args = append([]Value(nil), args...)
	if f, ok := bprop.(*Function); ok {
		fc := f.code.fc
		if !fc.HasVarargs && fc.NumParams != len(args)-len(kwnames)+3 {
			return nil, TypeErrorf("The params of function 'bprop' of Primitive or Cell requires the forward inputs as well as the 'out' and 'dout'.")
		}
	}
	out, err := th.withBuilder(tape.Inner(), func() (Value, error) { return th.Call(construct, args, kwnames) })
	if err != nil {
		return nil, err
	}
	outs, err := gradOutputs("Cell.bprop", out)
	if err != nil {
		return nil, err
	}
	var in []ops.Value
	var inArg []int // the argument each tensor input is
	for i, a := range args[:len(args)-len(kwnames)] {
		if x, ok := a.(*Tensor); ok {
			in = append(in, x.t)
			inArg = append(inArg, i)
		}
	}
	name := self.class.Name + ".bprop"
	rule := func(g *ops.Grad) []ops.Value {
		dout := replaceTensors(out, g.Dout)
		res, err := th.withBuilder(g.B, func() (Value, error) {
			return th.Call(bprop, append([]Value{self}, append(append([]Value(nil), args...), out, dout)...), kwnames)
		})
		if err != nil {
			g.Fail(err)
			return nil
		}
		grads, ok := res.(Tuple)
		if !ok {
			grads = Tuple{res}
		}
		if n := len(args) - len(kwnames); len(grads) != n {
			g.Fail(TypeErrorf("For '%s', the number of gradients returned by bprop must be the number of the forward inputs %d, but got %d.", name, n, len(grads)))
			return nil
		}
		dx := make([]ops.Value, len(in))
		for j, i := range inArg {
			d, ok := grads[i].(*Tensor)
			if !ok {
				if _, none := grads[i].(NoneType); none {
					continue
				}
				g.Fail(TypeErrorf("For '%s', the gradient of input %d must be a Tensor or None, but got %s.", name, i, TypeName(grads[i])))
				return nil
			}
			dx[j] = g.Fit(d.t, j)
		}
		return dx
	}
	p := &ops.Primitive{Name: name, Bprop: rule, BpropUses: ops.UsesInputs | ops.UsesOutputs}
	if err := tape.Record(p, nil, in, outs); err != nil {
		return nil, opsError(err)
	}
	return out, nil
}

// replaceTensors is v with its Tensors, in gradOutputs' order, replaced by
// ts.
func replaceTensors(v Value, ts []ops.Value) Value {
	i := 0
	var walk func(v Value) Value
	walk = func(v Value) Value {
		switch v := v.(type) {
		case *Tensor:
			i++
			return NewTensor(ts[i-1].(*tensor.Tensor))
		case Tuple:
			out := make(Tuple, len(v))
			for k, e := range v {
				out[k] = walk(e)
			}
			return out
		case *List:
			out := make([]Value, len(v.elems))
			for k, e := range v.elems {
				out[k] = walk(e)
			}
			return NewList(out)
		}
		return v
	}
	return walk(v)
}

// trainOneStepCellDef is nn.TrainOneStepCell(network, optimizer, sens=None):
// one call runs the network under grad with respect to the optimizer's
// parameters, applies the optimizer to the gradients, and returns the
// loss. sens scales the loss's cotangent (1 when None).
var trainOneStepCellDef = &cellDef{
	name: "TrainOneStepCell", module: "mindspore.nn.wrap.cell_wrapper",
	doc: "TrainOneStepCell(network, optimizer, sens=None): a training step: the network's loss, its gradients " +
		"with respect to the optimizer's parameters, and the optimizer's update.",
	params: []primParam{{"network", nil}, {"optimizer", nil}, {"sens", None}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "TrainOneStepCell"
		if !isCallable(a["network"]) {
			return TypeErrorf("For '%s', the 'network' must be a Cell, but got %s.", cls, TypeName(a["network"]))
		}
		opt, ok := a["optimizer"].(*Instance)
		if !ok || !opt.class.IsSubclass(optimizerDef.class) {
			return TypeErrorf("For '%s', the 'optimizer' must be an Optimizer, but got %s.", cls, TypeName(a["optimizer"]))
		}
		if a["sens"] != None {
			if _, ok, err := asFloat(a["sens"]); err != nil || !ok {
				return TypeErrorf("For '%s', the 'sens' must be a number or None, but got %s.", cls, TypeName(a["sens"]))
			}
		}
		params, err := th.GetAttr(opt, "parameters")
		if err != nil {
			return err
		}
		d := self.Dict()
		d.SetStr("network", a["network"])
		d.SetStr("optimizer", opt)
		d.SetStr("weights", params)
		d.SetStr("sens", a["sens"])
		return nil
	},
	inputs: []primParam{{"*inputs", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		d := self.Dict()
		network, _ := d.GetStr("network")
		opt, _ := d.GetStr("optimizer")
		weights, _ := d.GetStr("weights")
		sens, _ := d.GetStr("sens")
		spec := &gradSpec{api: "TrainOneStepCell", withValue: true}
		if err := th.gradWeights(spec, weights); err != nil {
			return nil, err
		}
		spec.singleWeight = false
		if sens != None {
			spec.sensScale, _, _ = asFloat(sens)
			spec.scaled = true
		}
		res, err := th.callGrad(spec, network, in[0].(Tuple), nil)
		if err != nil {
			return nil, err
		}
		pair := res.(Tuple)
		if _, err := th.Call(opt, []Value{pair[1]}, nil); err != nil {
			return nil, err
		}
		return pair[0], nil
	},
}
