package interp

import (
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The optimizers of mindspore.nn: Optimizer, their base, and SGD, Momentum
// and Adam. An optimizer is a Cell whose construct(gradients) takes one
// gradient per parameter and updates the parameters' data in place, as
// MindSpore's do: each new value is computed by primitives and becomes the
// Parameter's data, so the network holding the Parameter sees it. The
// optimizer's state (accumulators, moments) is Parameters named as
// MindSpore names them ("moment1.fc.weight").

func init() {
	optimizerDef.register()
	for _, d := range []*cellDef{sgdDef, momentumDef, adamDef} {
		d.base = optimizerDef.class
		d.register()
	}
}

var gradientsInput = []primParam{{"gradients", nil}}

var optimizerDef = &cellDef{
	name: "Optimizer", module: "mindspore.nn.optim.optimizer",
	doc: "Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0): the base of optimizers; it keeps " +
		"the parameters, the learning rate as a Parameter, and applies weight decay and loss scale to gradients.",
	params: []primParam{{"learning_rate", nil}, {"parameters", nil}, {"weight_decay", Float(0)}, {"loss_scale", Float(1)}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		return th.optimizerInit(self, a["learning_rate"], a["parameters"], a["weight_decay"], a["loss_scale"])
	},
	methods: map[string]BuiltinFunc{
		"get_lr": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("get_lr", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			self, err := cellSelf("get_lr", args[0])
			if err != nil {
				return nil, err
			}
			return th.GetAttr(self, "learning_rate")
		},
	},
}

// optimizerInit is Optimizer.__init__: it checks and keeps the
// parameters, the learning rate, the weight decay and the loss scale.
func (th *Thread) optimizerInit(self *Instance, lr, params, weightDecay, lossScale Value) error {
	cls := self.class.Name
	ps, err := th.optimizerParams(params)
	if err != nil {
		return err
	}
	lrData, err := th.learningRate(cls, lr)
	if err != nil {
		return err
	}
	wd, err := checkFloat(cls, "weight_decay", weightDecay)
	if err != nil {
		return err
	}
	if wd < 0 {
		return ValueErrorf("For '%s', the 'weight_decay' must be float and must >= 0, but got '%s' with type 'float'.", cls, pyFloat(wd))
	}
	scale, err := checkFloat(cls, "loss_scale", lossScale)
	if err != nil {
		return err
	}
	if scale <= 0 {
		return ValueErrorf("For '%s', the 'loss_scale' must be float and must > 0, but got '%s' with type 'float'.", cls, pyFloat(scale))
	}
	// The Parameters stay in a tuple, as in MindSpore's ParameterTuple,
	// which does not rename them.
	d := self.Dict()
	d.SetStr("parameters", ps)
	d.SetStr("_parameters", ps)
	d.SetStr("learning_rate", th.trackParam(&Tensor{t: lrData, param: &paramInfo{name: "learning_rate", requiresGrad: true}}))
	d.SetStr("weight_decay", Float(wd*scale))
	d.SetStr("loss_scale", Float(scale))
	return nil
}

// optimizerParams checks an optimizer's parameters: a non-empty iterable
// of Parameters, of distinct names, as a ParameterTuple.
func (th *Thread) optimizerParams(v Value) (Tuple, error) {
	if v == None {
		return nil, ValueErrorf("For 'Optimizer', the argument parameters can not be None.")
	}
	if t, ok := v.(*Tensor); ok && t.param != nil {
		return nil, TypeErrorf("For 'Optimizer', the argument parameters must be list or tuple of parameters, but got Parameter.")
	}
	items, err := th.iterateAll(v)
	if err != nil {
		r, rerr := th.Repr(v.Type())
		if rerr != nil {
			return nil, rerr
		}
		return nil, TypeErrorf("For 'Optimizer', the argument parameters must be list or tuple of parameters, but got %s.", r)
	}
	if len(items) == 0 {
		return nil, ValueErrorf("For 'Optimizer', the argument parameters must not be empty.")
	}
	seen := map[*Tensor]bool{}
	names := map[string]bool{}
	for _, it := range items {
		p, ok := it.(*Tensor)
		if !ok || p.param == nil {
			if _, isDict := it.(*Dict); isDict {
				return nil, TypeErrorf("For 'Optimizer', parameter groups (dicts) are not supported in msrepl; pass a list of Parameters.")
			}
			return nil, TypeErrorf("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or 'dict', please check the 'parameters'.")
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		if names[p.param.name] {
			r, err := p.Repr(th)
			if err != nil {
				return nil, err
			}
			return nil, ValueErrorf("The value %s , its name '%s' already exists. Please set a unique name for the parameter.", r, p.param.name)
		}
		names[p.param.name] = true
	}
	return Tuple(items), nil
}

// learningRate reads a constant learning rate: a non-negative number or a
// 0-d Tensor, kept as a float32 scalar.
func (th *Thread) learningRate(cls string, v Value) (*tensor.Tensor, error) {
	switch lr := v.(type) {
	case Int, Float:
		f, _, _ := asFloat(lr)
		if f < 0 {
			return nil, ValueErrorf("For '%s', the 'learning rate' must be float and must >= 0, but got '%s' with type 'float'.", cls, pyFloat(f))
		}
		// The learning rate is a Parameter, which owns its data; the
		// scalar cache's tensor is shared.
		t, err := th.scalarTensor(tensor.Float32, f, 0)
		if err != nil {
			return nil, err
		}
		return th.copyTensor(t, tensor.Float32)
	case *Tensor:
		if lr.t.Rank() != 0 {
			return nil, ValueErrorf("For '%s', a Tensor 'learning_rate' must be 0-D here (dynamic learning rates are not supported in msrepl), but got shape %v.", cls, lr.t.Shape())
		}
		return th.copyTensor(lr.t, tensor.Float32)
	}
	return nil, TypeErrorf("For '%s', the 'learning_rate' must be float, int or Tensor, but got %s.", cls, TypeName(v))
}

// cloneParams is ParameterTuple.clone(prefix, init): a Parameter of each
// one's shape and dtype, named prefix.name, filled as init says.
func (th *Thread) cloneParams(params Tuple, prefix string, init Value) (Tuple, error) {
	out := make(Tuple, len(params))
	for i, v := range params {
		p := v.(*Tensor)
		c, err := th.newParam(init, p.t.Shape(), p.t.DType(), prefix+"."+p.param.name, p.param.requiresGrad)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// optStep is what an optimizer's construct starts from: its parameters,
// the gradients checked against them, weight-decayed and unscaled as
// MindSpore's decay_weight and scale_grad do, and the learning rate.
type optStep struct {
	params []*Tensor
	grads  []*tensor.Tensor
	lr     *tensor.Tensor
}

func (th *Thread) optimizerStep(self *Instance, gradients Value) (*optStep, error) {
	cls := self.class.Name
	pv, err := th.GetAttr(self, "_parameters")
	if err != nil {
		return nil, err
	}
	params, _ := pv.(Tuple)
	grads, err := th.iterateAll(gradients)
	if err != nil {
		return nil, TypeErrorf("For '%s', the 'gradients' must be a tuple of Tensors, but got %s.", cls, TypeName(gradients))
	}
	if len(grads) != len(params) {
		return nil, ValueErrorf("For '%s', the number of gradients must be equal to the number of parameters %d, but got %d.", cls, len(params), len(grads))
	}
	wd, err := th.attrFloat(self, "weight_decay")
	if err != nil {
		return nil, err
	}
	scale, err := th.attrFloat(self, "loss_scale")
	if err != nil {
		return nil, err
	}
	lr, err := th.attrTensor(self, "learning_rate")
	if err != nil {
		return nil, err
	}
	s := &optStep{lr: lr.t}
	for i, gv := range grads {
		p := params[i].(*Tensor)
		g, ok := gv.(*Tensor)
		if !ok {
			return nil, TypeErrorf("For '%s', the gradients must be Tensors, but gradient %d is %s.", cls, i, TypeName(gv))
		}
		if !g.t.Shape().Equal(p.t.Shape()) {
			return nil, ValueErrorf("For '%s', the shape of gradient %d %v must be equal to the shape of parameter '%s' %v.",
				cls, i, g.t.Shape(), p.param.name, p.t.Shape())
		}
		gt := g.t
		// MindSpore's default decay filter spares normalization
		// parameters.
		if wd > 0 && !strings.Contains(p.param.name, "beta") && !strings.Contains(p.param.name, "gamma") {
			decay, err := th.scaled(p.t, wd)
			if err != nil {
				return nil, err
			}
			if gt, err = th.binop(ops.Add, gt, decay); err != nil {
				return nil, err
			}
		}
		if scale != 1 {
			if gt, err = th.scaled(gt, 1/scale); err != nil {
				return nil, err
			}
		}
		s.params = append(s.params, p)
		s.grads = append(s.grads, gt)
	}
	return s, nil
}

// successes is what an optimizer's construct returns: True per parameter.
func successes(n int) Tuple {
	out := make(Tuple, n)
	for i := range out {
		out[i] = True
	}
	return out
}

// stateTensors reads an optimizer's tuple of state Parameters.
func (th *Thread) stateTensors(self *Instance, name string, n int) ([]*Tensor, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return nil, err
	}
	t, ok := v.(Tuple)
	if !ok || len(t) != n {
		return nil, TypeErrorf("For '%s', the '%s' must be a tuple of %d Parameters.", self.class.Name, name, n)
	}
	out := make([]*Tensor, n)
	for i, x := range t {
		if out[i], ok = x.(*Tensor); !ok {
			return nil, TypeErrorf("For '%s', the '%s' must be a tuple of %d Parameters.", self.class.Name, name, n)
		}
	}
	return out, nil
}

// nonNegativeMomentum checks an optimizer's momentum argument.
func nonNegativeMomentum(cls string, v Value, intOK bool) (float64, error) {
	m, isFloat := v.(Float)
	if n, isInt := v.(Int); isInt && intOK {
		m, isFloat = Float(n), true
	}
	if !isFloat {
		return 0, TypeErrorf("For '%s', the type of 'momentum' should be 'float', but got type '%s'.", cls, TypeName(v))
	}
	if m < 0 {
		return 0, ValueErrorf("For '%s', the argument 'momentum' must be at least 0.0, but got %s", cls, pyFloat(float64(m)))
	}
	return float64(m), nil
}

// scalarParam makes a 0-d float32 Parameter, as MindSpore keeps an
// optimizer's momentum.
func (th *Thread) scalarParam(name string, f float64) (*Tensor, error) {
	t, err := th.scalarTensor(tensor.Float32, f, 0)
	if err != nil {
		return nil, err
	}
	// A Parameter owns its data: the scalar cache's tensor is shared by
	// every expression that uses the number.
	if t, err = th.copyTensor(t, tensor.Float32); err != nil {
		return nil, err
	}
	return th.trackParam(&Tensor{t: t, param: &paramInfo{name: name, requiresGrad: true}}), nil
}

var sgdDef = &cellDef{
	name: "SGD", module: "mindspore.nn.optim.sgd",
	doc: "SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False, loss_scale=1.0): " +
		"stochastic gradient descent, with momentum as PyTorch's.",
	params: []primParam{{"params", nil}, {"learning_rate", Float(0.1)}, {"momentum", Float(0)}, {"dampening", Float(0)},
		{"weight_decay", Float(0)}, {"nesterov", False}, {"loss_scale", Float(1)}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "SGD"
		if err := th.optimizerInit(self, a["learning_rate"], a["params"], a["weight_decay"], a["loss_scale"]); err != nil {
			return err
		}
		momentum, err := nonNegativeMomentum(cls, a["momentum"], true)
		if err != nil {
			return err
		}
		dampening, err := checkFloat(cls, "dampening", a["dampening"])
		if err != nil {
			return err
		}
		if dampening < 0 {
			return ValueErrorf("For 'SGD', the argument 'dampening' must be at least 0.0, but got 'dampening' %s", pyFloat(dampening))
		}
		nesterov, err := checkBool(cls, "nesterov", a["nesterov"])
		if err != nil {
			return err
		}
		if nesterov && (momentum <= 0 || dampening != 0) {
			return ValueErrorf("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must equal to 0.0, but got 'momentum' %s, 'dampening' %s",
				pyFloat(momentum), pyFloat(dampening))
		}
		m, err := th.scalarParam("momentum", momentum)
		if err != nil {
			return err
		}
		d := self.Dict()
		ps, _ := d.GetStr("_parameters")
		accum, err := th.cloneParams(ps.(Tuple), "accum", Str("zeros"))
		if err != nil {
			return err
		}
		stat, err := th.cloneParams(ps.(Tuple), "stat", Str("ones"))
		if err != nil {
			return err
		}
		d.SetStr("dampening", Float(dampening))
		d.SetStr("nesterov", MakeBool(nesterov))
		d.SetStr("momentum", m)
		d.SetStr("accum", accum)
		d.SetStr("stat", stat)
		return nil
	},
	inputs: gradientsInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return th.sgdStep(self, in[0])
	},
}

// sgdStep is MindSpore's SGD kernel on each parameter: with momentum, the
// accumulator starts as the first gradient (stat marks the first step)
// and then follows accum·momentum + (1 - dampening)·g; the step is the
// accumulator, or g + momentum·accum with nesterov. Each product-sum is
// one fused multiply-add (ops.FusedMulAdd): one rounding and one pass
// over the state where a Mul and an Add were two.
func (th *Thread) sgdStep(self *Instance, gradients Value) (Value, error) {
	s, err := th.optimizerStep(self, gradients)
	if err != nil {
		return nil, err
	}
	mp, err := th.attrTensor(self, "momentum")
	if err != nil {
		return nil, err
	}
	momentum := mp.t.Float(0)
	dampening, err := th.attrFloat(self, "dampening")
	if err != nil {
		return nil, err
	}
	nesterov, err := th.attrTruth(self, "nesterov")
	if err != nil {
		return nil, err
	}
	accum, err := th.stateTensors(self, "accum", len(s.params))
	if err != nil {
		return nil, err
	}
	stat, err := th.stateTensors(self, "stat", len(s.params))
	if err != nil {
		return nil, err
	}
	for i, p := range s.params {
		g := s.grads[i]
		if momentum > 0 {
			damped, err := th.scaled(g, 1-dampening)
			if err != nil {
				return nil, err
			}
			kept, err := th.apply1(ops.FusedMulAdd, nil, accum[i].t, mp.t, damped)
			if err != nil {
				return nil, err
			}
			zero, err := th.scalarLike(stat[i].t, 0)
			if err != nil {
				return nil, err
			}
			first, err := th.binop(ops.Greater, stat[i].t, zero)
			if err != nil {
				return nil, err
			}
			a, err := th.apply1(ops.Select, nil, first, g, kept)
			if err != nil {
				return nil, err
			}
			if err := th.setParamData(accum[i], a); err != nil {
				return nil, err
			}
			cleared, err := th.apply1(ops.ZerosLike, nil, stat[i].t)
			if err != nil {
				return nil, err
			}
			if err := th.setParamData(stat[i], cleared); err != nil {
				return nil, err
			}
			if nesterov {
				if g, err = th.apply1(ops.FusedMulAdd, nil, a, mp.t, g); err != nil {
					return nil, err
				}
			} else {
				g = a
			}
		}
		if err := th.descend(p, g, s.lr); err != nil {
			return nil, err
		}
	}
	return successes(len(s.params)), nil
}

// descend is p -= lr·step, in one pass and in place
// (ApplyGradientDescent).
func (th *Thread) descend(p *Tensor, step, lr *tensor.Tensor) error {
	dt := p.t.DType()
	var err error
	if lr.DType() != dt {
		if lr, err = th.copyTensor(lr, dt); err != nil {
			return err
		}
	}
	if step.DType() != dt {
		if step, err = th.copyTensor(step, dt); err != nil {
			return err
		}
	}
	// The update is in place: eagerly the result is p's own data, and in
	// a graph being captured a node that updates p's buffer when it runs.
	_, err = th.apply1(ops.ApplyGradientDescent, nil, p.t, lr, step)
	return err
}

var momentumDef = &cellDef{
	name: "Momentum", module: "mindspore.nn.optim.momentum",
	doc: "Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False): " +
		"accum = accum·momentum + g; p -= lr·accum (lr·(g + momentum·accum) with use_nesterov).",
	params: []primParam{{"params", nil}, {"learning_rate", nil}, {"momentum", nil}, {"weight_decay", Float(0)},
		{"loss_scale", Float(1)}, {"use_nesterov", False}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "Momentum"
		if err := th.optimizerInit(self, a["learning_rate"], a["params"], a["weight_decay"], a["loss_scale"]); err != nil {
			return err
		}
		momentum, err := nonNegativeMomentum(cls, a["momentum"], false)
		if err != nil {
			return err
		}
		nesterov, err := checkBool(cls, "use_nesterov", a["use_nesterov"])
		if err != nil {
			return err
		}
		m, err := th.scalarParam("momentum", momentum)
		if err != nil {
			return err
		}
		d := self.Dict()
		ps, _ := d.GetStr("_parameters")
		moments, err := th.cloneParams(ps.(Tuple), "moments", Str("zeros"))
		if err != nil {
			return err
		}
		d.SetStr("momentum", m)
		d.SetStr("params", ps)
		d.SetStr("use_nesterov", MakeBool(nesterov))
		d.SetStr("moments", moments)
		return nil
	},
	inputs: gradientsInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return th.momentumStep(self, in[0])
	},
}

// momentumStep is MindSpore's ApplyMomentum on each parameter:
// accum·momentum + g, and with nesterov g + accum·momentum, each one fused
// multiply-add (ops.FusedMulAdd).
func (th *Thread) momentumStep(self *Instance, gradients Value) (Value, error) {
	s, err := th.optimizerStep(self, gradients)
	if err != nil {
		return nil, err
	}
	mp, err := th.attrTensor(self, "momentum")
	if err != nil {
		return nil, err
	}
	nesterov, err := th.attrTruth(self, "use_nesterov")
	if err != nil {
		return nil, err
	}
	moments, err := th.stateTensors(self, "moments", len(s.params))
	if err != nil {
		return nil, err
	}
	for i, p := range s.params {
		g := s.grads[i]
		a, err := th.apply1(ops.FusedMulAdd, nil, moments[i].t, mp.t, g)
		if err != nil {
			return nil, err
		}
		if err := th.setParamData(moments[i], a); err != nil {
			return nil, err
		}
		step := a
		if nesterov {
			if step, err = th.apply1(ops.FusedMulAdd, nil, a, mp.t, g); err != nil {
				return nil, err
			}
		}
		if err := th.descend(p, step, s.lr); err != nil {
			return nil, err
		}
	}
	return successes(len(s.params)), nil
}

var adamDef = &cellDef{
	name: "Adam", module: "mindspore.nn.optim.adam",
	doc: "Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False, use_nesterov=False, " +
		"weight_decay=0.0, loss_scale=1.0): the Adam of Kingma and Ba, as MindSpore's Adam kernel computes it.",
	params: []primParam{{"params", nil}, {"learning_rate", Float(1e-3)}, {"beta1", Float(0.9)}, {"beta2", Float(0.999)},
		{"eps", Float(1e-8)}, {"use_locking", False}, {"use_nesterov", False}, {"weight_decay", Float(0)}, {"loss_scale", Float(1)}},
	init:   adamInit,
	inputs: gradientsInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return th.adamStep(self, in[0])
	},
}

func adamInit(th *Thread, self *Instance, a cellArgs) error {
	const cls = "Adam"
	if err := th.optimizerInit(self, a["learning_rate"], a["params"], a["weight_decay"], a["loss_scale"]); err != nil {
		return err
	}
	for _, k := range []string{"beta1", "beta2", "eps"} {
		if _, ok := a[k].(Float); !ok {
			return TypeErrorf("For '%s', the type of '%s' should be 'float', but got type '%s'.", cls, k, TypeName(a[k]))
		}
	}
	for _, k := range []string{"beta1", "beta2"} {
		if b := a[k].(Float); b <= 0 || b >= 1 {
			return ValueErrorf("For '%s', the '%s' must be in range of (0.0, 1.0), but got %s with type 'float'.", cls, k, pyFloat(float64(b)))
		}
	}
	if e := a["eps"].(Float); e <= 0 {
		return ValueErrorf("For '%s', the 'eps' must be float and must > 0, but got '%s' with type 'float'.", cls, pyFloat(float64(e)))
	}
	for _, k := range []string{"use_locking", "use_nesterov"} {
		if _, err := checkBool(cls, k, a[k]); err != nil {
			return err
		}
	}
	d := self.Dict()
	for _, k := range []string{"beta1", "beta2", "eps"} {
		t, err := th.scalarTensor(tensor.Float32, float64(a[k].(Float)), 0)
		if err != nil {
			return err
		}
		d.SetStr(k, NewTensor(t))
	}
	for _, k := range []string{"beta1_power", "beta2_power"} {
		p, err := th.newParam(MakeInt(1), tensor.Shape{1}, tensor.Float32, k, true)
		if err != nil {
			return err
		}
		d.SetStr(k, p)
	}
	d.SetStr("use_nesterov", a["use_nesterov"])
	d.SetStr("use_locking", a["use_locking"])
	ps, _ := d.GetStr("_parameters")
	for _, k := range []string{"moment1", "moment2"} {
		m, err := th.cloneParams(ps.(Tuple), k, Str("zeros"))
		if err != nil {
			return err
		}
		d.SetStr(k, m)
	}
	return nil
}

// adamStep is MindSpore's Adam: the beta powers advance, then each
// parameter takes m += (g - m)(1 - β1), v += (g² - v)(1 - β2) and
// p -= lr·√(1 - β2ᵗ)/(1 - β1ᵗ) · m / (√v + eps), with m·β1 + (1 - β1)·g in
// place of m under use_nesterov.
func (th *Thread) adamStep(self *Instance, gradients Value) (Value, error) {
	s, err := th.optimizerStep(self, gradients)
	if err != nil {
		return nil, err
	}
	hyper := map[string]*tensor.Tensor{}
	for _, k := range []string{"beta1", "beta2", "eps"} {
		t, err := th.attrTensor(self, k)
		if err != nil {
			return nil, err
		}
		hyper[k] = t.t
	}
	// The powers advance first: step t uses β1ᵗ and β2ᵗ.
	powers := map[string]*tensor.Tensor{}
	for _, k := range []string{"beta1", "beta2"} {
		p, err := th.attrTensor(self, k+"_power")
		if err != nil {
			return nil, err
		}
		next, err := th.binop(ops.Mul, p.t, hyper[k])
		if err != nil {
			return nil, err
		}
		if err := th.setParamData(p, next); err != nil {
			return nil, err
		}
		if powers[k], err = th.reshaped(next); err != nil {
			return nil, err
		}
	}
	one, err := th.scalarLike(s.lr, 1)
	if err != nil {
		return nil, err
	}
	complement := func(t *tensor.Tensor) (*tensor.Tensor, error) { return th.binop(ops.Sub, one, t) }
	c2, err := complement(powers["beta2"])
	if err != nil {
		return nil, err
	}
	if c2, err = th.apply1(ops.Sqrt, nil, c2); err != nil {
		return nil, err
	}
	c1, err := complement(powers["beta1"])
	if err != nil {
		return nil, err
	}
	lrT, err := th.binop(ops.Mul, s.lr, c2)
	if err != nil {
		return nil, err
	}
	if lrT, err = th.binop(ops.Div, lrT, c1); err != nil {
		return nil, err
	}
	oneMinusB1, err := complement(hyper["beta1"])
	if err != nil {
		return nil, err
	}
	oneMinusB2, err := complement(hyper["beta2"])
	if err != nil {
		return nil, err
	}
	nesterov, err := th.attrTruth(self, "use_nesterov")
	if err != nil {
		return nil, err
	}
	m1, err := th.stateTensors(self, "moment1", len(s.params))
	if err != nil {
		return nil, err
	}
	m2, err := th.stateTensors(self, "moment2", len(s.params))
	if err != nil {
		return nil, err
	}
	// moves is m + (target - m)·rate.
	moves := func(m, target, rate *tensor.Tensor) (*tensor.Tensor, error) {
		d, err := th.binop(ops.Sub, target, m)
		if err != nil {
			return nil, err
		}
		if d, err = th.binop(ops.Mul, d, rate); err != nil {
			return nil, err
		}
		return th.binop(ops.Add, m, d)
	}
	for i, p := range s.params {
		g := s.grads[i]
		m, err := moves(m1[i].t, g, oneMinusB1)
		if err != nil {
			return nil, err
		}
		g2, err := th.apply1(ops.Square, nil, g)
		if err != nil {
			return nil, err
		}
		v, err := moves(m2[i].t, g2, oneMinusB2)
		if err != nil {
			return nil, err
		}
		if err := th.setParamData(m1[i], m); err != nil {
			return nil, err
		}
		if err := th.setParamData(m2[i], v); err != nil {
			return nil, err
		}
		num := m
		if nesterov {
			mb, err := th.binop(ops.Mul, m, hyper["beta1"])
			if err != nil {
				return nil, err
			}
			gb, err := th.binop(ops.Mul, g, oneMinusB1)
			if err != nil {
				return nil, err
			}
			if num, err = th.binop(ops.Add, mb, gb); err != nil {
				return nil, err
			}
		}
		den, err := th.apply1(ops.Sqrt, nil, v)
		if err != nil {
			return nil, err
		}
		if den, err = th.binop(ops.Add, den, hyper["eps"]); err != nil {
			return nil, err
		}
		step, err := th.binop(ops.Div, num, den)
		if err != nil {
			return nil, err
		}
		if err := th.descend(p, step, lrT); err != nil {
			return nil, err
		}
	}
	return successes(len(s.params)), nil
}
