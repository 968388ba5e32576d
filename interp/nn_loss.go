package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// The losses of mindspore.nn: LossBase, whose get_loss applies the
// reduction ('mean', 'sum' or 'none'), and MSELoss, L1Loss,
// SoftmaxCrossEntropyWithLogits, CrossEntropyLoss and BCEWithLogitsLoss.

func init() {
	lossBaseDef.register()
	for _, d := range []*cellDef{mseLossDef, l1LossDef, softmaxCELossDef, crossEntropyLossDef, bceWithLogitsLossDef} {
		d.base = lossBaseDef.class
		d.register()
	}
}

var lossPairInputs = []primParam{{"logits", nil}, {"labels", nil}}

// lossReduction checks a loss's reduction argument.
func lossReduction(cls string, v Value) (string, error) {
	s, ok := v.(Str)
	if !ok || (s != "mean" && s != "sum" && s != "none") {
		return "", ValueErrorf("For '%s', the 'reduction' must be in ['mean', 'sum', 'none'], but got %s.", cls, strNoThread(nil, v))
	}
	return string(s), nil
}

// setReduction is LossBase.__init__'s work: the reduction, kept as
// MindSpore keeps it, in the flags average and reduce.
func (th *Thread) setReduction(cls string, self *Instance, v Value) error {
	r, err := lossReduction(cls, v)
	if err != nil {
		return err
	}
	return th.setAttrs(self, "average", MakeBool(r != "sum"), "reduce", MakeBool(r != "none"))
}

var lossBaseDef = &cellDef{
	name: "LossBase", module: "mindspore.nn.loss.loss",
	doc:    "LossBase(reduction='mean'): the base of losses; get_loss(x, weights=1.0) weights x and reduces it.",
	params: []primParam{{"reduction", Str("mean")}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		return th.setReduction(self.class.Name, self, a["reduction"])
	},
	methods: map[string]BuiltinFunc{
		"get_loss": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var x, weights Value = nil, Float(1)
			if err := UnpackArgs("get_loss", args[1:], kwnames, "x", &x, "weights?", &weights); err != nil {
				return nil, err
			}
			self, err := cellSelf("get_loss", args[0])
			if err != nil {
				return nil, err
			}
			xt, err := cellInput(self.class.Name, "x", x)
			if err != nil {
				return nil, err
			}
			w, ok, err := th.tensorOperand(tensor.Float32, weights)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, TypeErrorf("For '%s', the 'weights' must be a Tensor or a number, but got %s.", self.class.Name, TypeName(weights))
			}
			return tensorResult(th.getLoss(self, xt, w))
		},
		"get_axis": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var x Value
			if err := UnpackArgs("get_axis", args[1:], kwnames, "x", &x); err != nil {
				return nil, err
			}
			xt, err := cellInput("LossBase", "x", x)
			if err != nil {
				return nil, err
			}
			axes := make(Tuple, xt.Rank())
			for i := range axes {
				axes[i] = MakeInt(int64(i))
			}
			return axes, nil
		},
	},
}

// getLoss is LossBase.get_loss: x, in float32, times weights (nil for
// none), reduced over every axis by mean or sum, or not, and converted
// back to x's dtype.
func (th *Thread) getLoss(self *Instance, x, weights *tensor.Tensor) (*tensor.Tensor, error) {
	dt := x.DType()
	x, err := th.cast(x, tensor.Float32)
	if err != nil {
		return nil, err
	}
	if weights != nil {
		w, err := th.cast(weights, tensor.Float32)
		if err != nil {
			return nil, err
		}
		if x, err = th.binop(ops.Mul, w, x); err != nil {
			return nil, err
		}
	}
	reduce, err := th.attrTruth(self, "reduce")
	if err != nil {
		return nil, err
	}
	average, err := th.attrTruth(self, "average")
	if err != nil {
		return nil, err
	}
	if reduce {
		p := ops.ReduceSum
		if average {
			p = ops.ReduceMean
		}
		if x, err = th.apply1(p, ops.Attrs{"keep_dims": false}, x); err != nil {
			return nil, err
		}
	}
	return th.cast(x, dt)
}

// pairLoss defines MSELoss or L1Loss(reduction='mean'): the reduction of
// an elementwise function of logits - labels.
func pairLoss(name string, p *ops.Primitive, doc string) *cellDef {
	return &cellDef{
		name: name, module: "mindspore.nn.loss.loss", doc: doc,
		params: []primParam{{"reduction", Str("mean")}},
		init: func(th *Thread, self *Instance, a cellArgs) error {
			return th.setReduction(name, self, a["reduction"])
		},
		inputs: lossPairInputs,
		construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
			logits, labels, err := lossPair(name, in)
			if err != nil {
				return nil, err
			}
			d, err := th.binop(ops.Sub, logits, labels)
			if err != nil {
				return nil, err
			}
			if d, err = th.apply1(p, nil, d); err != nil {
				return nil, err
			}
			return tensorResult(th.getLoss(self, d, nil))
		},
	}
}

var (
	mseLossDef = pairLoss("MSELoss", ops.Square, "MSELoss(reduction='mean'): the squared error (logits - labels)**2, reduced.")
	l1LossDef  = pairLoss("L1Loss", ops.Abs, "L1Loss(reduction='mean'): the absolute error |logits - labels|, reduced.")
)

// lossPair reads a loss's two tensor inputs.
func lossPair(cls string, in []Value) (*tensor.Tensor, *tensor.Tensor, error) {
	a, err := cellInput(cls, "logits", in[0])
	if err != nil {
		return nil, nil, err
	}
	b, err := cellInput(cls, "labels", in[1])
	return a, b, err
}

var softmaxCELossDef = &cellDef{
	name: "SoftmaxCrossEntropyWithLogits", module: "mindspore.nn.loss.loss",
	doc: "SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none'): -sum(labels * log_softmax(logits), -1), " +
		"labels being class indices with sparse=True.",
	params: []primParam{{"sparse", False}, {"reduction", Str("none")}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "SoftmaxCrossEntropyWithLogits"
		if _, err := checkBool(cls, "sparse", a["sparse"]); err != nil {
			return err
		}
		if err := th.setReduction(cls, self, a["reduction"]); err != nil {
			return err
		}
		return th.setAttrs(self, "sparse", a["sparse"], "reduction", a["reduction"])
	},
	inputs: lossPairInputs,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		const cls = "SoftmaxCrossEntropyWithLogits"
		logits, labels, err := lossPair(cls, in)
		if err != nil {
			return nil, err
		}
		if logits.Rank() == 0 {
			return nil, ValueErrorf("For '%s', the 'logits' must have at least 1 dimension, but got 0.", cls)
		}
		sparse, err := th.attrTruth(self, "sparse")
		if err != nil {
			return nil, err
		}
		classes := logits.Shape()[logits.Rank()-1]
		if sparse {
			if labels, err = th.apply1(ops.OneHot, ops.Attrs{"depth": classes, "dtype": tensor.Float32}, labels); err != nil {
				return nil, err
			}
		}
		if !labels.Shape().Equal(logits.Shape()) {
			return nil, ValueErrorf("For '%s', the shape of 'logits' and 'labels' must be the same, but got %v and %v.", cls, logits.Shape(), labels.Shape())
		}
		logp, err := th.apply1(ops.LogSoftmax, ops.Attrs{"axis": []int{-1}}, logits)
		if err != nil {
			return nil, err
		}
		prod, err := th.binop(ops.Mul, labels, logp)
		if err != nil {
			return nil, err
		}
		s, err := th.apply1(ops.ReduceSum, ops.Attrs{"axis": []int{-1}, "keep_dims": false}, prod)
		if err != nil {
			return nil, err
		}
		if s, err = th.apply1(ops.Neg, nil, s); err != nil {
			return nil, err
		}
		return tensorResult(th.getLoss(self, s, nil))
	},
}

var crossEntropyLossDef = &cellDef{
	name: "CrossEntropyLoss", module: "mindspore.nn.loss.loss",
	doc: "CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0): the cross entropy of " +
		"logits (N, C, ...) against class indices (N, ...) or class probabilities (N, C, ...).",
	params: []primParam{{"weight", None}, {"ignore_index", MakeInt(-100)}, {"reduction", Str("mean")}, {"label_smoothing", Float(0)}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "CrossEntropyLoss"
		if err := th.setReduction(cls, self, a["reduction"]); err != nil {
			return err
		}
		if _, ok := a["ignore_index"].(Int); !ok {
			return TypeErrorf("For '%s', the type of 'ignore_index' should be 'int', but got type '%s'.", cls, TypeName(a["ignore_index"]))
		}
		ls, ok := a["label_smoothing"].(Float)
		if !ok {
			return TypeErrorf("For '%s', the type of 'label_smoothing' should be 'float', but got type '%s'.", cls, TypeName(a["label_smoothing"]))
		}
		if ls < 0 || ls > 1 {
			return ValueErrorf("For '%s', the 'label_smoothing' must be in range of [0.0, 1.0], but got %s with type 'float'.", cls, pyFloat(float64(ls)))
		}
		if _, isTensor := a["weight"].(*Tensor); a["weight"] != None && !isTensor {
			return TypeErrorf("For '%s', the type of 'weight' should be 'Tensor', but got type '%s'.", cls, TypeName(a["weight"]))
		}
		return th.setAttrs(self, "weight", a["weight"], "ignore_index", a["ignore_index"], "reduction", a["reduction"],
			"label_smoothing", a["label_smoothing"])
	},
	inputs: lossPairInputs,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.crossEntropy(self, in))
	},
}

// crossEntropy is ops.cross_entropy with the loss's settings: the classes
// are axis 1 of the logits (axis 0 of 1-D logits); integer labels are
// class indices, float labels class probabilities.
func (th *Thread) crossEntropy(self *Instance, in []Value) (*tensor.Tensor, error) {
	const cls = "CrossEntropyLoss"
	logits, labels, err := lossPair(cls, in)
	if err != nil {
		return nil, err
	}
	rank := logits.Rank()
	if rank == 0 {
		return nil, ValueErrorf("For '%s', the 'logits' must have at least 1 dimension, but got 0.", cls)
	}
	axis := min(1, rank-1)
	classes := logits.Shape()[axis]
	var weight *tensor.Tensor
	if w, err := th.GetAttr(self, "weight"); err != nil {
		return nil, err
	} else if wt, ok := w.(*Tensor); ok {
		weight = wt.t
	}
	ls, err := th.attrFloat(self, "label_smoothing")
	if err != nil {
		return nil, err
	}
	reduction, err := th.GetAttr(self, "reduction")
	if err != nil {
		return nil, err
	}
	red, err := lossReduction(cls, reduction)
	if err != nil {
		return nil, err
	}
	logp, err := th.apply1(ops.LogSoftmax, ops.Attrs{"axis": []int{axis}}, logits)
	if err != nil {
		return nil, err
	}
	// The class weights broadcast along the class axis.
	weighted := logp
	if weight != nil {
		bshape := make([]int, rank)
		for i := range bshape {
			bshape[i] = 1
		}
		bshape[axis] = classes
		wb, err := th.reshaped(weight, bshape...)
		if err != nil {
			return nil, err
		}
		if weighted, err = th.binop(ops.Mul, logp, wb); err != nil {
			return nil, err
		}
	}
	sumClasses := func(t *tensor.Tensor) (*tensor.Tensor, error) {
		s, err := th.apply1(ops.ReduceSum, ops.Attrs{"axis": []int{axis}, "keep_dims": false}, t)
		if err != nil {
			return nil, err
		}
		return th.apply1(ops.Neg, nil, s)
	}
	sumAll := func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return th.apply1(ops.ReduceSum, ops.Attrs{"keep_dims": false}, t)
	}
	if labels.DType().IsFloat() {
		if ls > 0 {
			if labels, err = th.scaled(labels, 1-ls); err != nil {
				return nil, err
			}
			eps, err := th.scalarLike(labels, ls/float64(classes))
			if err != nil {
				return nil, err
			}
			if labels, err = th.binop(ops.Add, labels, eps); err != nil {
				return nil, err
			}
		}
		prod, err := th.binop(ops.Mul, weighted, labels)
		if err != nil {
			return nil, err
		}
		if red == "none" {
			return sumClasses(prod)
		}
		total, err := sumAll(prod)
		if err != nil {
			return nil, err
		}
		if total, err = th.apply1(ops.Neg, nil, total); err != nil {
			return nil, err
		}
		if red == "sum" {
			return total, nil
		}
		return th.scaled(total, float64(classes)/float64(logits.Size()))
	}
	return th.nllLoss(self, weighted, labels, weight, axis, classes, red, ls)
}

// nllLoss is MindSpore's _nll_loss over log-probabilities (already
// weighted by class) and class indices, which ignore_index leaves out.
func (th *Thread) nllLoss(self *Instance, weighted, labels, weight *tensor.Tensor, axis, classes int, red string, ls float64) (*tensor.Tensor, error) {
	const cls = "CrossEntropyLoss"
	if labels.Rank() != weighted.Rank()-1 {
		return nil, ValueErrorf("For '%s', the class indices must have one dimension less than the logits, but got shapes %v and %v.",
			cls, labels.Shape(), weighted.Shape())
	}
	ignore, err := th.attrInt(self, "ignore_index")
	if err != nil {
		return nil, err
	}
	ig, err := th.scalarLike(labels, float64(ignore))
	if err != nil {
		return nil, err
	}
	ignored, err := th.binop(ops.Equal, labels, ig)
	if err != nil {
		return nil, err
	}
	zeroLabels, err := th.apply1(ops.ZerosLike, nil, labels)
	if err != nil {
		return nil, err
	}
	target, err := th.apply1(ops.Select, nil, ignored, zeroLabels, labels)
	if err != nil {
		return nil, err
	}
	oneHot, err := th.apply1(ops.OneHot, ops.Attrs{"depth": classes, "axis": axis, "dtype": weighted.DType()}, target)
	if err != nil {
		return nil, err
	}
	picked, err := th.binop(ops.Mul, weighted, oneHot)
	if err != nil {
		return nil, err
	}
	reduceClasses := func(t *tensor.Tensor) (*tensor.Tensor, error) {
		s, err := th.apply1(ops.ReduceSum, ops.Attrs{"axis": []int{axis}, "keep_dims": false}, t)
		if err != nil {
			return nil, err
		}
		return th.apply1(ops.Neg, nil, s)
	}
	loss, err := reduceClasses(picked)
	if err != nil {
		return nil, err
	}
	smooth, err := reduceClasses(weighted)
	if err != nil {
		return nil, err
	}
	lossWeights, err := th.apply1(ops.OnesLike, nil, loss)
	if err != nil {
		return nil, err
	}
	if weight != nil {
		if lossWeights, err = th.apply1(ops.Gather, ops.Attrs{"axis": 0}, weight, target); err != nil {
			return nil, err
		}
	}
	masked := func(t *tensor.Tensor) (*tensor.Tensor, error) {
		z, err := th.apply1(ops.ZerosLike, nil, t)
		if err != nil {
			return nil, err
		}
		return th.apply1(ops.Select, nil, ignored, z, t)
	}
	for _, t := range []**tensor.Tensor{&loss, &smooth, &lossWeights} {
		if *t, err = masked(*t); err != nil {
			return nil, err
		}
	}
	switch red {
	case "sum":
		if loss, err = th.apply1(ops.ReduceSum, ops.Attrs{"keep_dims": false}, loss); err != nil {
			return nil, err
		}
		if smooth, err = th.apply1(ops.ReduceSum, ops.Attrs{"keep_dims": false}, smooth); err != nil {
			return nil, err
		}
	case "mean":
		total, err := th.apply1(ops.ReduceSum, ops.Attrs{"keep_dims": false}, loss)
		if err != nil {
			return nil, err
		}
		count, err := th.apply1(ops.ReduceSum, ops.Attrs{"keep_dims": false}, lossWeights)
		if err != nil {
			return nil, err
		}
		if loss, err = th.binop(ops.Div, total, count); err != nil {
			return nil, err
		}
		if smooth, err = th.apply1(ops.ReduceMean, ops.Attrs{"keep_dims": false}, smooth); err != nil {
			return nil, err
		}
	}
	if ls == 0 {
		return loss, nil
	}
	if loss, err = th.scaled(loss, 1-ls); err != nil {
		return nil, err
	}
	if smooth, err = th.scaled(smooth, ls/float64(classes)); err != nil {
		return nil, err
	}
	return th.binop(ops.Add, loss, smooth)
}

var bceWithLogitsLossDef = &cellDef{
	name: "BCEWithLogitsLoss", module: "mindspore.nn.loss.loss",
	doc: "BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None): the binary cross entropy of sigmoid(logits) " +
		"against labels, weight * -(pos_weight * labels * log(sigmoid(logits)) + (1 - labels) * log(1 - sigmoid(logits))).",
	params: []primParam{{"reduction", Str("mean")}, {"weight", None}, {"pos_weight", None}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		const cls = "BCEWithLogitsLoss"
		if err := th.setReduction(cls, self, a["reduction"]); err != nil {
			return err
		}
		for _, k := range []string{"weight", "pos_weight"} {
			switch v := a[k].(type) {
			case NoneType:
			case *Tensor:
				if v.param != nil {
					return TypeErrorf("For '%s', the '%s' can not be a Parameter.", cls, k)
				}
			default:
				return TypeErrorf("For '%s', the type of '%s' should be 'Tensor', but got type '%s'.", cls, k, TypeName(v))
			}
		}
		return th.setAttrs(self, "weight", a["weight"], "pos_weight", a["pos_weight"])
	},
	inputs: lossPairInputs,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.bceWithLogits(self, in))
	},
}

// bceWithLogits computes the loss in its stable form, (1 - y)·x + (1 +
// (pw - 1)·y)·softplus(-x), times the weight, then reduces it.
func (th *Thread) bceWithLogits(self *Instance, in []Value) (*tensor.Tensor, error) {
	x, y, err := lossPair("BCEWithLogitsLoss", in)
	if err != nil {
		return nil, err
	}
	opt := func(name string) (*tensor.Tensor, error) {
		v, err := th.GetAttr(self, name)
		if err != nil {
			return nil, err
		}
		if t, ok := v.(*Tensor); ok {
			return t.t, nil
		}
		return nil, nil
	}
	one, err := th.scalarLike(x, 1)
	if err != nil {
		return nil, err
	}
	negX, err := th.apply1(ops.Neg, nil, x)
	if err != nil {
		return nil, err
	}
	sp, err := th.apply1(ops.Softplus, nil, negX)
	if err != nil {
		return nil, err
	}
	coef := one // 1 + (pw - 1)·y
	if pw, err := opt("pos_weight"); err != nil {
		return nil, err
	} else if pw != nil {
		d, err := th.binop(ops.Sub, pw, one)
		if err != nil {
			return nil, err
		}
		if d, err = th.binop(ops.Mul, d, y); err != nil {
			return nil, err
		}
		if coef, err = th.binop(ops.Add, one, d); err != nil {
			return nil, err
		}
	}
	notY, err := th.binop(ops.Sub, one, y)
	if err != nil {
		return nil, err
	}
	lin, err := th.binop(ops.Mul, notY, x)
	if err != nil {
		return nil, err
	}
	if sp, err = th.binop(ops.Mul, coef, sp); err != nil {
		return nil, err
	}
	loss, err := th.binop(ops.Add, lin, sp)
	if err != nil {
		return nil, err
	}
	w, err := opt("weight")
	if err != nil {
		return nil, err
	}
	return th.getLoss(self, loss, w)
}
