package interp

import (
	"math"
	"sort"
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The basic layers of mindspore.nn: activations, Dense, Flatten, Dropout
// and Embedding.

var xInput = []primParam{{"x", nil}}

// unaryCell defines an activation without arguments that applies one
// primitive.
func unaryCell(name string, p *ops.Primitive, doc string) *cellDef {
	return &cellDef{
		name: name, module: "mindspore.nn.layer.activation", doc: doc,
		init:   func(th *Thread, self *Instance, a cellArgs) error { return nil },
		inputs: xInput,
		construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
			x, err := cellInput(name, "x", in[0])
			if err != nil {
				return nil, err
			}
			return tensorResult(th.apply1(p, nil, x))
		},
	}
}

// softmaxCell defines Softmax or LogSoftmax(axis=-1).
func softmaxCell(name string, p *ops.Primitive, doc string) *cellDef {
	return &cellDef{
		name: name, module: "mindspore.nn.layer.activation", doc: doc,
		params: []primParam{{"axis", MakeInt(-1)}},
		init: func(th *Thread, self *Instance, a cellArgs) error {
			return th.setAttrs(self, "axis", a["axis"])
		},
		inputs: xInput,
		construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
			x, err := cellInput(name, "x", in[0])
			if err != nil {
				return nil, err
			}
			v, err := th.GetAttr(self, "axis")
			if err != nil {
				return nil, err
			}
			axes, err := axesArg(p.Name, v)
			if err != nil {
				return nil, err
			}
			return tensorResult(th.apply1(p, ops.Attrs{"axis": axes}, x))
		},
	}
}

var geluDef = &cellDef{
	name: "GELU", module: "mindspore.nn.layer.activation",
	doc:    "GELU(approximate=True): the Gaussian error linear unit, by its tanh approximation or exactly with erf.",
	params: []primParam{{"approximate", True}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		return th.setAttrs(self, "approximate", a["approximate"])
	},
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		x, err := cellInput("GELU", "x", in[0])
		if err != nil {
			return nil, err
		}
		approx, err := th.attrTruth(self, "approximate")
		if err != nil {
			return nil, err
		}
		if approx {
			return tensorResult(th.apply1(ops.GeLU, nil, x))
		}
		return tensorResult(th.geluErf(x))
	},
}

// geluErf is x·Φ(x) = x/2·(1 + erf(x/√2)).
func (th *Thread) geluErf(x *tensor.Tensor) (*tensor.Tensor, error) {
	s, err := th.scaled(x, 1/math.Sqrt2)
	if err != nil {
		return nil, err
	}
	e, err := th.apply1(ops.Erf, nil, s)
	if err != nil {
		return nil, err
	}
	one, err := th.scalarLike(e, 1)
	if err != nil {
		return nil, err
	}
	if e, err = th.binop(ops.Add, e, one); err != nil {
		return nil, err
	}
	half, err := th.scaled(x, 0.5)
	if err != nil {
		return nil, err
	}
	return th.binop(ops.Mul, half, e)
}

var leakyReLUDef = &cellDef{
	name: "LeakyReLU", module: "mindspore.nn.layer.activation",
	doc:    "LeakyReLU(alpha=0.2): x where x >= 0, alpha*x elsewhere.",
	params: []primParam{{"alpha", Float(0.2)}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		if _, err := checkFloat("LeakyReLU", "alpha", a["alpha"]); err != nil {
			return err
		}
		return th.setAttrs(self, "alpha", a["alpha"])
	},
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		x, err := cellInput("LeakyReLU", "x", in[0])
		if err != nil {
			return nil, err
		}
		alpha, err := th.attrFloat(self, "alpha")
		if err != nil {
			return nil, err
		}
		ax, err := th.scaled(x, alpha)
		if err != nil {
			return nil, err
		}
		// MindSpore's formula: the larger of x and alpha·x, or the
		// smaller for a slope above 1.
		p := ops.Maximum
		if alpha > 1 {
			p = ops.Minimum
		}
		return tensorResult(th.binop(p, ax, x))
	},
}

// activationDefs are the activations get_activation knows, by name.
var activationDefs = map[string]*cellDef{}

func init() {
	for name, d := range map[string]*cellDef{
		"relu":       unaryCell("ReLU", ops.ReLU, "ReLU(): max(x, 0)."),
		"sigmoid":    unaryCell("Sigmoid", ops.Sigmoid, "Sigmoid(): 1 / (1 + exp(-x))."),
		"tanh":       unaryCell("Tanh", ops.Tanh, "Tanh(): the hyperbolic tangent."),
		"softmax":    softmaxCell("Softmax", ops.Softmax, "Softmax(axis=-1): exp(x) normalized to sum to 1 along the axis."),
		"logsoftmax": softmaxCell("LogSoftmax", ops.LogSoftmax, "LogSoftmax(axis=-1): the log of Softmax."),
		"gelu":       geluDef,
		"leakyrelu":  leakyReLUDef,
	} {
		activationDefs[name] = d
		d.register()
	}
	for _, d := range []*cellDef{denseDef, flattenDef, dropoutDef, embeddingDef} {
		d.register()
	}
}

// getActivation is MindSpore's get_activation: a new activation cell for
// its lower-case name.
func (th *Thread) getActivation(cls, name string) (Value, error) {
	d, ok := activationDefs[name]
	if !ok {
		names := make([]string, 0, len(activationDefs))
		for n := range activationDefs {
			names = append(names, "'"+n+"'")
		}
		sort.Strings(names)
		return nil, Errorf(KeyErrorClass, "For '%s', the 'name' must be in [%s], but got %s.", cls, strings.Join(names, ", "), name)
	}
	return th.Call(d.class, nil, nil)
}

var denseDef = &cellDef{
	name: "Dense", module: "mindspore.nn.layer.basic",
	doc: "Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True, activation=None, dtype=mstype.float32): " +
		"activation(x @ weight.T + bias), weight of shape (out_channels, in_channels).",
	params: []primParam{{"in_channels", nil}, {"out_channels", nil}, {"weight_init", None}, {"bias_init", None},
		{"has_bias", True}, {"activation", None}, {"dtype", dtypeValue(tensor.Float32)}},
	init:   denseInit,
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.denseForward(self, in[0]))
	},
	extendRepr: denseRepr,
}

func denseRepr(th *Thread, self *Instance) (string, error) {
	format := "input_channels=%s, output_channels=%s"
	vals := []Value{th.attrOrNone(self, "in_channels"), th.attrOrNone(self, "out_channels")}
	for _, opt := range []struct{ flag, name string }{{"has_bias", "has_bias"}, {"activation_flag", "activation"}} {
		on, err := th.attrTruth(self, opt.flag)
		if err != nil {
			return "", err
		}
		if on {
			format += ", " + opt.name + "=%s"
			vals = append(vals, th.attrOrNone(self, opt.name))
		}
	}
	return th.reprs(format, vals...)
}

// attrOrNone reads an attribute for a repr, None when it is missing.
func (th *Thread) attrOrNone(self *Instance, name string) Value {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return None
	}
	return v
}

func denseInit(th *Thread, self *Instance, a cellArgs) error {
	const cls = "Dense"
	in, err := checkPositiveInt(cls, "in_channels", a["in_channels"])
	if err != nil {
		return err
	}
	out, err := checkPositiveInt(cls, "out_channels", a["out_channels"])
	if err != nil {
		return err
	}
	hasBias, err := checkBool(cls, "has_bias", a["has_bias"])
	if err != nil {
		return err
	}
	dt, err := dtypeArg(cls, a["dtype"])
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "in_channels", a["in_channels"], "out_channels", a["out_channels"], "has_bias", a["has_bias"]); err != nil {
		return err
	}
	winit := a["weight_init"]
	if t, ok := winit.(*Tensor); ok {
		if s := t.t.Shape(); len(s) != 2 || s[0] != out || s[1] != in {
			return ValueErrorf("For 'Dense', weight init shape error. The ndim of 'weight_init' must be equal to 2, and the first dim must be equal to 'out_channels', and the second dim must be equal to 'in_channels'. But got 'weight_init': %s, 'out_channels': %d, 'in_channels': %d.",
				t.t.String(), out, in)
		}
	}
	if winit == None {
		if winit, err = th.newInitializer("HeUniform", Float(math.Sqrt(5))); err != nil {
			return err
		}
	}
	w, err := th.newParam(winit, tensor.Shape{out, in}, dt, "weight", true)
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "weight", w, "bias", None); err != nil {
		return err
	}
	if hasBias {
		binit := a["bias_init"]
		if t, ok := binit.(*Tensor); ok {
			if s := t.t.Shape(); len(s) != 1 || s[0] != out {
				return ValueErrorf("For 'Dense', bias init shape error. The ndim of 'bias_init' must be equal to 1, and the first dim must be equal to 'out_channels'. But got 'bias_init': %s, 'out_channels': %d.",
					t.t.String(), out)
			}
		}
		if binit == None {
			if binit, err = th.newInitializer("Uniform", Float(1/math.Sqrt(float64(in)))); err != nil {
				return err
			}
		}
		b, err := th.newParam(binit, tensor.Shape{out}, dt, "bias", true)
		if err != nil {
			return err
		}
		if err := th.setAttrs(self, "bias", b); err != nil {
			return err
		}
	}
	act, err := th.activationArg(cls, a["activation"])
	if err != nil {
		return err
	}
	return th.setAttrs(self, "activation", act, "activation_flag", MakeBool(act != None))
}

// activationArg reads a layer's activation argument: None, a name for
// get_activation, or a Cell or Primitive used as it is.
func (th *Thread) activationArg(cls string, v Value) (Value, error) {
	switch v := v.(type) {
	case NoneType:
		return None, nil
	case Str:
		return th.getActivation(cls, string(v))
	case *PrimValue:
		return v, nil
	case *Instance:
		if v.class.IsSubclass(NNCellClass) {
			return v, nil
		}
	}
	return nil, TypeErrorf("For '%s', the 'activation' must be str or Cell or Primitive, but got %s.", cls, TypeName(v))
}

// newInitializer makes an instance of a built-in initializer class.
func (th *Thread) newInitializer(name string, args ...Value) (Value, error) {
	for _, s := range initSpecs {
		if s.name == name {
			return th.Call(s.class, args, nil)
		}
	}
	panic("newInitializer: no initializer " + name)
}

// denseForward is Dense.construct: inputs of any rank above 0 are
// flattened to a matrix of rows and back.
func (th *Thread) denseForward(self *Instance, xv Value) (*tensor.Tensor, error) {
	x, err := cellInput("Dense", "x", xv)
	if err != nil {
		return nil, err
	}
	shape := x.Shape()
	if len(shape) == 0 {
		return nil, ValueErrorf("For 'Dense', the dimension of 'x' should not be less than 1, but got 0.")
	}
	if len(shape) != 2 {
		if x, err = th.reshaped(x, -1, shape[len(shape)-1]); err != nil {
			return nil, err
		}
	}
	w, err := th.attrTensor(self, "weight")
	if err != nil {
		return nil, err
	}
	if x, err = th.apply1(ops.MatMul, ops.Attrs{"transpose_a": false, "transpose_b": true}, x, w.t); err != nil {
		return nil, err
	}
	hasBias, err := th.attrTruth(self, "has_bias")
	if err != nil {
		return nil, err
	}
	if hasBias {
		b, err := th.attrTensor(self, "bias")
		if err != nil {
			return nil, err
		}
		if x, err = th.apply1(ops.BiasAdd, nil, x, b.t); err != nil {
			return nil, err
		}
	}
	if flag, err := th.attrTruth(self, "activation_flag"); err != nil {
		return nil, err
	} else if flag {
		act, err := th.GetAttr(self, "activation")
		if err != nil {
			return nil, err
		}
		if x, err = th.callTensorFn(act, x); err != nil {
			return nil, err
		}
	}
	if len(shape) != 2 {
		out := append(append([]int(nil), shape[:len(shape)-1]...), x.Shape()[1])
		return th.reshaped(x, out...)
	}
	return x, nil
}

// callTensorFn calls a cell or primitive on tensors and expects a tensor.
func (th *Thread) callTensorFn(fn Value, args ...*tensor.Tensor) (*tensor.Tensor, error) {
	in := make([]Value, len(args))
	for i, a := range args {
		in[i] = NewTensor(a)
	}
	out, err := th.Call(fn, in, nil)
	if err != nil {
		return nil, err
	}
	t, ok := out.(*Tensor)
	if !ok {
		return nil, TypeErrorf("%s returned %s, not a Tensor", TypeName(fn), TypeName(out))
	}
	return t.t, nil
}

var flattenDef = &cellDef{
	name: "Flatten", module: "mindspore.nn.layer.basic",
	doc:    "Flatten(start_dim=1, end_dim=-1): merges the dims from start_dim to end_dim into one.",
	params: []primParam{{"start_dim", MakeInt(1)}, {"end_dim", MakeInt(-1)}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		for _, k := range []string{"start_dim", "end_dim"} {
			if _, ok := a[k].(Int); !ok {
				return TypeErrorf("For 'flatten', both 'start_dim' and 'end_dim' must be int.")
			}
		}
		return th.setAttrs(self, "start_dim", a["start_dim"], "end_dim", a["end_dim"])
	},
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		x, err := cellInput("Flatten", "x", in[0])
		if err != nil {
			return nil, err
		}
		start, err := th.attrInt(self, "start_dim")
		if err != nil {
			return nil, err
		}
		end, err := th.attrInt(self, "end_dim")
		if err != nil {
			return nil, err
		}
		return tensorResult(th.flattenDims(x, start, end))
	},
}

// flattenDims is ops.flatten(x, start_dim, end_dim): a 0-d input becomes
// 1-d, and a range of one dim leaves x as it is.
func (th *Thread) flattenDims(x *tensor.Tensor, start, end int) (*tensor.Tensor, error) {
	shape := x.Shape()
	if len(shape) == 0 {
		return th.reshaped(x, 1)
	}
	r := len(shape)
	if start < -r || start >= r || end < -r || end >= r {
		return nil, ValueErrorf("For 'flatten', 'start_dim' or 'end_dim' out of range.")
	}
	if start < 0 {
		start += r
	}
	if end < 0 {
		end += r
	}
	if start > end {
		return nil, ValueErrorf("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
	}
	if start == end {
		return x, nil
	}
	out := append([]int(nil), shape[:start]...)
	out = append(out, shape[start:end+1].Size())
	out = append(out, shape[end+1:]...)
	return th.reshaped(x, out...)
}

var dropoutDef = &cellDef{
	name: "Dropout", module: "mindspore.nn.layer.basic",
	doc: "Dropout(keep_prob=None, p=None): in training, zeroes each element with probability p (default 0.5) " +
		"and scales the rest by 1/(1-p); the identity in inference.",
	params: []primParam{{"keep_prob", None}, {"p", None}, {"dtype", dtypeValue(tensor.Float32)}},
	init:   dropoutInit,
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		x, err := cellInput("Dropout", "x", in[0])
		if err != nil {
			return nil, err
		}
		keep, err := th.dropoutKeep(self)
		if err != nil {
			return nil, err
		}
		training, err := th.attrTruth(self, "training")
		if err != nil {
			return nil, err
		}
		if !training || keep == 1 {
			return in[0], nil
		}
		out, err := th.apply(ops.Dropout, ops.Attrs{"keep_prob": keep}, x)
		if err != nil {
			return nil, err
		}
		return NewTensor(out[0]), nil
	},
	extendRepr: func(th *Thread, self *Instance) (string, error) {
		if p := th.attrOrNone(self, "p"); p != None {
			return th.reprs("p=%s", p)
		}
		return th.reprs("keep_prob=%s", th.attrOrNone(self, "keep_prob"))
	},
}

func dropoutInit(th *Thread, self *Instance, a cellArgs) error {
	keep, p := a["keep_prob"], a["p"]
	if keep != None && p != None {
		return ValueErrorf("For 'Dropout', the 'keep_prob' and 'p' cannot be set at the same time.")
	}
	if keep == None && p == None {
		p = Float(0.5)
	}
	if keep != None {
		k, ok := keep.(Float)
		if !ok {
			return TypeErrorf("For 'Dropout', the type of 'keep_prob' should be 'float', but got type '%s'.", TypeName(keep))
		}
		if k <= 0 || k > 1 {
			return ValueErrorf("For 'Dropout', the 'keep_prob' must be a number in range (0, 1], but got %s.", pyFloat(float64(k)))
		}
	} else {
		f, err := checkFloat("Dropout", "p", p)
		if err != nil {
			return err
		}
		if f < 0 || f >= 1 {
			r, err := th.Repr(p)
			if err != nil {
				return err
			}
			return ValueErrorf("For 'Dropout', the 'p' must be a number in range [0, 1), but got %s.", r)
		}
	}
	return th.setAttrs(self, "p", p, "keep_prob", keep)
}

// dropoutKeep is the probability of keeping an element.
func (th *Thread) dropoutKeep(self *Instance) (float64, error) {
	if p := th.attrOrNone(self, "p"); p != None {
		f, err := checkFloat("Dropout", "p", p)
		return 1 - f, err
	}
	return th.attrFloat(self, "keep_prob")
}

// pyFloat formats a float as Python's repr does.
func pyFloat(f float64) string {
	s, _ := Float(f).Repr(nil)
	return s
}

var embeddingDef = &cellDef{
	name: "Embedding", module: "mindspore.nn.layer.embedding",
	doc: "Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal', dtype=mstype.float32, padding_idx=None): " +
		"looks up rows of a (vocab_size, embedding_size) table.",
	params: []primParam{{"vocab_size", nil}, {"embedding_size", nil}, {"use_one_hot", False},
		{"embedding_table", Str("normal")}, {"dtype", dtypeValue(tensor.Float32)}, {"padding_idx", None}},
	init:   embeddingInit,
	inputs: []primParam{{"ids", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.embeddingForward(self, in[0]))
	},
	extendRepr: func(th *Thread, self *Instance) (string, error) {
		var vals []Value
		for _, k := range []string{"vocab_size", "embedding_size", "use_one_hot", "embedding_table", "dtype", "padding_idx"} {
			vals = append(vals, th.attrOrNone(self, k))
		}
		return th.reprs("vocab_size=%s, embedding_size=%s, use_one_hot=%s, embedding_table=%s, dtype=%s, padding_idx=%s", vals...)
	},
}

func embeddingInit(th *Thread, self *Instance, a cellArgs) error {
	const cls = "Embedding"
	for _, k := range []string{"vocab_size", "embedding_size"} {
		if _, ok := a[k].(Int); !ok {
			return TypeErrorf("For '%s', the type of '%s' should be 'int', but got type '%s'.", cls, k, TypeName(a[k]))
		}
	}
	vocab, err := checkPositiveInt(cls, "vocab_size", a["vocab_size"])
	if err != nil {
		return err
	}
	size, err := checkPositiveInt(cls, "embedding_size", a["embedding_size"])
	if err != nil {
		return err
	}
	if _, err := checkBool(cls, "use_one_hot", a["use_one_hot"]); err != nil {
		return err
	}
	if _, err := dtypeArg(cls, a["dtype"]); err != nil {
		return err
	}
	if err := th.setAttrs(self, "vocab_size", a["vocab_size"], "embedding_size", a["embedding_size"],
		"use_one_hot", a["use_one_hot"], "dtype", a["dtype"]); err != nil {
		return err
	}
	table, err := th.initializer(a["embedding_table"], Tuple{a["vocab_size"], a["embedding_size"]}, dtypeValue(tensor.Float32))
	if err != nil {
		return err
	}
	data := table.t
	pad := a["padding_idx"]
	if pad != None {
		n, ok := pad.(Int)
		if !ok || n < 0 || int(n) >= vocab {
			r, err := th.Repr(pad)
			if err != nil {
				return err
			}
			return ValueErrorf("For '%s', the 'padding_idx' must be in range of [0, %d), but got %s with type '%s'.", cls, vocab, r, TypeName(pad))
		}
		if data, err = th.zeroRow(data, int(n), size); err != nil {
			return err
		}
	}
	if err := th.setAttrs(self, "padding_idx", pad); err != nil {
		return err
	}
	return th.setAttrs(self, "embedding_table", th.trackParam(&Tensor{t: data, param: &paramInfo{name: "embedding_table", requiresGrad: true}}))
}

// zeroRow returns table with row i zeroed.
func (th *Thread) zeroRow(table *tensor.Tensor, i, width int) (*tensor.Tensor, error) {
	idx, err := tensor.FromInt64s(th.ms().dev, tensor.Int64, tensor.Shape{1, 1}, []int64{int64(i)})
	if err != nil {
		return nil, opsError(err)
	}
	zeros, err := th.apply1(ops.Fill, ops.Attrs{"shape": []int{1, width}, "dtype": table.DType(), "value": 0})
	if err != nil {
		return nil, err
	}
	return th.apply1(ops.TensorScatterUpdate, nil, table, idx, zeros)
}

// embeddingForward is Embedding.construct: a gather of the table's rows,
// or a one-hot matrix product with use_one_hot.
func (th *Thread) embeddingForward(self *Instance, idsv Value) (*tensor.Tensor, error) {
	ids, err := cellInput("Embedding", "ids", idsv)
	if err != nil {
		return nil, err
	}
	table, err := th.attrTensor(self, "embedding_table")
	if err != nil {
		return nil, err
	}
	flat, err := th.reshaped(ids, -1)
	if err != nil {
		return nil, err
	}
	oneHot, err := th.attrTruth(self, "use_one_hot")
	if err != nil {
		return nil, err
	}
	var rows *tensor.Tensor
	if oneHot {
		vocab, err := th.attrInt(self, "vocab_size")
		if err != nil {
			return nil, err
		}
		dt, err := dtypeArg("Embedding", th.attrOrNone(self, "dtype"))
		if err != nil {
			return nil, err
		}
		oh, err := th.apply1(ops.OneHot, ops.Attrs{"depth": vocab, "dtype": dt}, flat)
		if err != nil {
			return nil, err
		}
		if rows, err = th.apply1(ops.MatMul, ops.Attrs{"transpose_a": false, "transpose_b": false}, oh, table.t); err != nil {
			return nil, err
		}
	} else if rows, err = th.apply1(ops.Gather, ops.Attrs{"axis": 0}, table.t, flat); err != nil {
		return nil, err
	}
	out := append(append([]int(nil), ids.Shape()...), table.t.Shape()[1])
	return th.reshaped(rows, out...)
}
