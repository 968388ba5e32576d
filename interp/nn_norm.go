package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// The normalization layers of mindspore.nn: BatchNorm1d, BatchNorm2d and
// LayerNorm.

func init() {
	for _, d := range []*cellDef{batchNormDef("BatchNorm1d", 2, 3), batchNormDef("BatchNorm2d", 4, 4), layerNormDef} {
		d.register()
	}
}

// batchNormDef defines BatchNorm1d or BatchNorm2d, for inputs of rank
// minRank to maxRank with channels on axis 1. In training (or with
// use_batch_statistics=True) it normalizes by the batch's mean and biased
// variance and moves the running statistics towards them as MindSpore's
// CPU kernel does, moving = momentum·moving + (1 - momentum)·batch; in
// inference it normalizes by the running statistics.
func batchNormDef(name string, minRank, maxRank int) *cellDef {
	return &cellDef{
		name: name, module: "mindspore.nn.layer.normalization",
		doc: name + "(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros', " +
			"moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None, data_format='NCHW', dtype=mstype.float32): " +
			"batch normalization over the channels of axis 1.",
		params: []primParam{{"num_features", nil}, {"eps", Float(1e-5)}, {"momentum", Float(0.9)}, {"affine", True},
			{"gamma_init", Str("ones")}, {"beta_init", Str("zeros")}, {"moving_mean_init", Str("zeros")},
			{"moving_var_init", Str("ones")}, {"use_batch_statistics", None}, {"data_format", Str("NCHW")},
			{"dtype", dtypeValue(tensor.Float32)}},
		init:   func(th *Thread, self *Instance, a cellArgs) error { return th.batchNormInit(name, self, a) },
		inputs: xInput,
		construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
			return tensorResult(th.batchNormForward(name, minRank, maxRank, self, in[0]))
		},
		extendRepr: func(th *Thread, self *Instance) (string, error) {
			m, err := th.attrFloat(self, "momentum")
			if err != nil {
				return "", err
			}
			return th.reprs("num_features=%s, eps=%s, momentum=%s, gamma=%s, beta=%s, moving_mean=%s, moving_variance=%s",
				th.attrOrNone(self, "num_features"), th.attrOrNone(self, "eps"), Float(1.0-m), th.attrOrNone(self, "gamma"),
				th.attrOrNone(self, "beta"), th.attrOrNone(self, "moving_mean"), th.attrOrNone(self, "moving_variance"))
		},
	}
}

func (th *Thread) batchNormInit(cls string, self *Instance, a cellArgs) error {
	n, ok := a["num_features"].(Int)
	if !ok {
		return TypeErrorf("For '%s', the type of 'num_features' should be 'int', but got type '%s'.", cls, TypeName(a["num_features"]))
	}
	if n < 1 {
		return ValueErrorf("For '%s', the 'num_features' must be at least 1, but got %d.", cls, n)
	}
	momentum, err := checkFloat(cls, "momentum", a["momentum"])
	if err != nil {
		return err
	}
	if momentum < 0 || momentum > 1 {
		return ValueErrorf("For '%s', the 'momentum' must be a number in range [0, 1], but got %s.", cls, pyFloat(momentum))
	}
	if _, err := checkFloat(cls, "eps", a["eps"]); err != nil {
		return err
	}
	format, ok := a["data_format"].(Str)
	if !ok || (format != "NCHW" && format != "NHWC") {
		return ValueErrorf("For '%s', the 'format' must be str and must be in ['NCHW', 'NHWC'], but got '%s'.", cls, strNoThread(th, a["data_format"]))
	}
	if format == "NHWC" {
		return ValueErrorf("For '%s', the 'NHWC' format only support in GPU target, but got device target CPU.", cls)
	}
	use := a["use_batch_statistics"]
	if _, isBool := use.(Bool); use != None && !isBool {
		r, err := th.Repr(use)
		if err != nil {
			return err
		}
		return ValueErrorf("For '%s', the 'use_batch_statistics' must be a boolean value or None, but got %s.", cls, r)
	}
	affine, err := th.Truth(a["affine"])
	if err != nil {
		return err
	}
	dt, err := dtypeArg(cls, a["dtype"])
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "format", format, "use_batch_statistics", use, "num_features", n, "eps", a["eps"],
		"beta_init", a["beta_init"], "gamma_init", a["gamma_init"], "moving_mean_init", a["moving_mean_init"],
		"moving_var_init", a["moving_var_init"]); err != nil {
		return err
	}
	shape := tensor.Shape{int(n)}
	for _, p := range []struct {
		attr, init, name string
		grad             bool
	}{
		{"moving_mean", "moving_mean_init", "mean", false},
		{"moving_variance", "moving_var_init", "variance", false},
		{"gamma", "gamma_init", "gamma", affine},
		{"beta", "beta_init", "beta", affine},
	} {
		param, err := th.newParam(a[p.init], shape, dt, p.name, p.grad)
		if err != nil {
			return err
		}
		if err := th.setAttrs(self, p.attr, param); err != nil {
			return err
		}
	}
	// MindSpore keeps the complement: the weight of the batch statistics
	// in the running ones.
	return th.setAttrs(self, "momentum", Float(1.0-momentum))
}

// batchNormForward is BatchNorm1d's and BatchNorm2d's construct.
func (th *Thread) batchNormForward(cls string, minRank, maxRank int, self *Instance, xv Value) (*tensor.Tensor, error) {
	x, err := cellInput(cls, "x", xv)
	if err != nil {
		return nil, err
	}
	rank := x.Rank()
	if rank < minRank || rank > maxRank {
		dims := itoa(minRank)
		if maxRank != minRank {
			dims += "-" + itoa(maxRank)
		}
		return nil, ValueErrorf("For '%s', the in_shape must have %s dims, but got %d.", cls, dims, rank)
	}
	n, err := th.attrInt(self, "num_features")
	if err != nil {
		return nil, err
	}
	if c := x.Shape()[1]; c != n {
		return nil, ValueErrorf("For '%s', the channel dimension of the input (axis 1) must be equal to 'num_features' %d, but got %d.", cls, n, c)
	}
	params := map[string]*tensor.Tensor{}
	for _, k := range []string{"gamma", "beta", "moving_mean", "moving_variance"} {
		p, err := th.attrTensor(self, k)
		if err != nil {
			return nil, err
		}
		// Each per-channel vector broadcasts as (1, C, 1, ...).
		bshape := make([]int, rank)
		for i := range bshape {
			bshape[i] = 1
		}
		bshape[1] = n
		if params[k], err = th.reshaped(p.t, bshape...); err != nil {
			return nil, err
		}
	}
	eps, err := th.attrFloat(self, "eps")
	if err != nil {
		return nil, err
	}
	useBatch, err := th.GetAttr(self, "use_batch_statistics")
	if err != nil {
		return nil, err
	}
	if useBatch == None {
		useBatch, err = th.GetAttr(self, "training")
		if err != nil {
			return nil, err
		}
	}
	train, err := th.Truth(useBatch)
	if err != nil {
		return nil, err
	}
	mean, variance := params["moving_mean"], params["moving_variance"]
	if train {
		axes := []int{0}
		for i := 2; i < rank; i++ {
			axes = append(axes, i)
		}
		if mean, err = th.apply1(ops.ReduceMean, ops.Attrs{"axis": axes, "keep_dims": true}, x); err != nil {
			return nil, err
		}
		d, err := th.binop(ops.Sub, x, mean)
		if err != nil {
			return nil, err
		}
		sq, err := th.apply1(ops.Square, nil, d)
		if err != nil {
			return nil, err
		}
		if variance, err = th.apply1(ops.ReduceMean, ops.Attrs{"axis": axes, "keep_dims": true}, sq); err != nil {
			return nil, err
		}
		if err := th.updateMoving(self, mean, variance); err != nil {
			return nil, err
		}
	}
	return th.normalize(x, mean, variance, params["gamma"], params["beta"], eps)
}

// normalize is (x - mean) / sqrt(variance + eps) * gamma + beta.
func (th *Thread) normalize(x, mean, variance, gamma, beta *tensor.Tensor, eps float64) (*tensor.Tensor, error) {
	d, err := th.binop(ops.Sub, x, mean)
	if err != nil {
		return nil, err
	}
	e, err := th.scalarLike(variance, eps)
	if err != nil {
		return nil, err
	}
	v, err := th.binop(ops.Add, variance, e)
	if err != nil {
		return nil, err
	}
	if v, err = th.apply1(ops.Sqrt, nil, v); err != nil {
		return nil, err
	}
	if d, err = th.binop(ops.Div, d, v); err != nil {
		return nil, err
	}
	if d, err = th.binop(ops.Mul, d, gamma); err != nil {
		return nil, err
	}
	return th.binop(ops.Add, d, beta)
}

// updateMoving moves the running statistics towards the batch's:
// moving·(1 - w) + batch·w, w being the momentum attribute (MindSpore's
// complement of the constructor's momentum).
func (th *Thread) updateMoving(self *Instance, mean, variance *tensor.Tensor) error {
	w, err := th.attrFloat(self, "momentum")
	if err != nil {
		return err
	}
	for _, s := range []struct {
		attr  string
		batch *tensor.Tensor
	}{{"moving_mean", mean}, {"moving_variance", variance}} {
		p, err := th.attrTensor(self, s.attr)
		if err != nil {
			return err
		}
		batch, err := th.reshaped(s.batch, p.t.Shape()...)
		if err != nil {
			return err
		}
		kept, err := th.scaled(p.t, 1-w)
		if err != nil {
			return err
		}
		if batch, err = th.scaled(batch, w); err != nil {
			return err
		}
		moved, err := th.binop(ops.Add, kept, batch)
		if err != nil {
			return err
		}
		if err := th.setParamData(p, moved); err != nil {
			return err
		}
	}
	return nil
}

var layerNormDef = &cellDef{
	name: "LayerNorm", module: "mindspore.nn.layer.normalization",
	doc: "LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones', beta_init='zeros', " +
		"epsilon=1e-7, dtype=mstype.float32): normalizes over the axes from begin_norm_axis on.",
	params: []primParam{{"normalized_shape", nil}, {"begin_norm_axis", MakeInt(-1)}, {"begin_params_axis", MakeInt(-1)},
		{"gamma_init", Str("ones")}, {"beta_init", Str("zeros")}, {"epsilon", Float(1e-7)}, {"dtype", dtypeValue(tensor.Float32)}},
	init:   layerNormInit,
	inputs: []primParam{{"input_x", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.layerNormForward(self, in[0]))
	},
	extendRepr: func(th *Thread, self *Instance) (string, error) {
		// Sic: MindSpore's format has no '=' after gamma.
		return th.reprs("normalized_shape=%s, begin_norm_axis=%s, begin_params_axis=%s, gamma%s, beta=%s",
			th.attrOrNone(self, "normalized_shape"), th.attrOrNone(self, "begin_norm_axis"),
			th.attrOrNone(self, "begin_params_axis"), th.attrOrNone(self, "gamma"), th.attrOrNone(self, "beta"))
	},
}

func layerNormInit(th *Thread, self *Instance, a cellArgs) error {
	const cls = "LayerNorm"
	ns := a["normalized_shape"]
	var items []Value
	switch v := ns.(type) {
	case Tuple:
		items = v
	case *List:
		items = v.elems
	default:
		r, err := th.Repr(ns)
		if err != nil {
			return err
		}
		tr, err := th.Repr(ns.Type())
		if err != nil {
			return err
		}
		return TypeErrorf("For '%s', the type of 'normalized_shape' must be tuple[int] or list[int], but got %s and the type is %s.", cls, r, tr)
	}
	dims, err := intsArg(cls, "normalized_shape", items)
	if err != nil {
		return err
	}
	for _, k := range []string{"begin_norm_axis", "begin_params_axis"} {
		if _, ok := a[k].(Int); !ok {
			return TypeErrorf("For '%s', the type of '%s' should be 'int', but got type '%s'.", cls, k, TypeName(a[k]))
		}
	}
	if _, err := checkFloat(cls, "epsilon", a["epsilon"]); err != nil {
		return err
	}
	dt, err := dtypeArg(cls, a["dtype"])
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "normalized_shape", ns, "begin_norm_axis", a["begin_norm_axis"],
		"begin_params_axis", a["begin_params_axis"], "epsilon", a["epsilon"]); err != nil {
		return err
	}
	for _, p := range []struct{ name, init string }{{"gamma", "gamma_init"}, {"beta", "beta_init"}} {
		param, err := th.newParam(a[p.init], tensor.Shape(dims), dt, p.name, true)
		if err != nil {
			return err
		}
		if err := th.setAttrs(self, p.name, param); err != nil {
			return err
		}
	}
	return nil
}

// layerNormForward is LayerNorm.construct: the mean and biased variance
// over the axes from begin_norm_axis on, gamma and beta spanning the axes
// from begin_params_axis on.
func (th *Thread) layerNormForward(self *Instance, xv Value) (*tensor.Tensor, error) {
	const cls = "LayerNorm"
	x, err := cellInput(cls, "input_x", xv)
	if err != nil {
		return nil, err
	}
	rank := x.Rank()
	axis := map[string]int{}
	for _, k := range []string{"begin_norm_axis", "begin_params_axis"} {
		n, err := th.attrInt(self, k)
		if err != nil {
			return nil, err
		}
		if n < -rank || n >= rank {
			return nil, ValueErrorf("For '%s', the value of '%s' must be in range [%d, %d), but got %d.", cls, k, -rank, rank, n)
		}
		if n < 0 {
			n += rank
		}
		axis[k] = n
	}
	eps, err := th.attrFloat(self, "epsilon")
	if err != nil {
		return nil, err
	}
	gamma, err := th.attrTensor(self, "gamma")
	if err != nil {
		return nil, err
	}
	beta, err := th.attrTensor(self, "beta")
	if err != nil {
		return nil, err
	}
	if want := x.Shape()[axis["begin_params_axis"]:]; !gamma.t.Shape().Equal(want) || !beta.t.Shape().Equal(want) {
		return nil, ValueErrorf("For '%s', the shape of 'gamma' and 'beta' must be equal to input_x.shape[begin_params_axis:] %v, but got %v and %v.",
			cls, want, gamma.t.Shape(), beta.t.Shape())
	}
	var axes []int
	for i := axis["begin_norm_axis"]; i < rank; i++ {
		axes = append(axes, i)
	}
	mean, err := th.apply1(ops.ReduceMean, ops.Attrs{"axis": axes, "keep_dims": true}, x)
	if err != nil {
		return nil, err
	}
	d, err := th.binop(ops.Sub, x, mean)
	if err != nil {
		return nil, err
	}
	sq, err := th.apply1(ops.Square, nil, d)
	if err != nil {
		return nil, err
	}
	variance, err := th.apply1(ops.ReduceMean, ops.Attrs{"axis": axes, "keep_dims": true}, sq)
	if err != nil {
		return nil, err
	}
	g, err := th.cast(gamma.t, x.DType())
	if err != nil {
		return nil, err
	}
	b, err := th.cast(beta.t, x.DType())
	if err != nil {
		return nil, err
	}
	return th.normalize(x, mean, variance, g, b, eps)
}
