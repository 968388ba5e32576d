package interp

import (
	"math"
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The mindspore.common.initializer module: the Initializer classes, which
// describe how to fill a new tensor, and initializer(), which fills one.
// An Initializer is an ordinary instance whose attributes (sigma, gain,
// mode, ...) are its arguments; the Go side reads them back when it fills
// a tensor, so that a changed attribute takes effect as it does in
// MindSpore. Every random draw is a StandardNormal or UniformReal
// primitive on the session's random stream, which set_seed seeds.

func init() {
	RegisterModule("mindspore.common.initializer", newInitializerModule)
}

// InitializerClass is mindspore.common.initializer.Initializer, the base
// of the initializer classes.
var InitializerClass = newMSClass("Initializer", "mindspore.common.initializer", ObjectClass, nil)

// An initSpec is one built-in initializer class: its constructor's
// parameters, in order, with their defaults (nil for a required one), and
// the aliases initializer() takes for it besides its lower-cased name.
type initSpec struct {
	name    string
	params  []primParam
	aliases []string
	class   *Class
}

// initSpecs are the built-in initializers. Constant has no alias, as in
// MindSpore: a number passed as init means Constant.
var initSpecs = []*initSpec{
	{name: "Zero", aliases: []string{"zeros"}},
	{name: "One", aliases: []string{"ones"}},
	{name: "Constant", params: []primParam{{"value", nil}}},
	{name: "Normal", params: []primParam{{"sigma", Float(0.01)}, {"mean", Float(0)}}},
	{name: "Uniform", params: []primParam{{"scale", Float(0.07)}}},
	{name: "TruncatedNormal", params: []primParam{{"sigma", Float(0.01)}}},
	{name: "HeUniform", aliases: []string{"he_uniform"}, params: heParams},
	{name: "HeNormal", aliases: []string{"he_normal"}, params: heParams},
	{name: "XavierUniform", aliases: []string{"xavier_uniform"}, params: []primParam{{"gain", MakeInt(1)}}},
	{name: "XavierNormal", aliases: []string{"xavier_normal"}, params: []primParam{{"gain", MakeInt(1)}}},
}

var heParams = []primParam{{"negative_slope", MakeInt(0)}, {"mode", Str("fan_in")}, {"nonlinearity", Str("leaky_relu")}}

// initAliases maps the names initializer() takes to their specs.
var initAliases = map[string]*initSpec{}

func init() {
	InitializerClass.Doc = "The base class of initializers: how to fill a new tensor."
	defMethods(InitializerClass, map[string]BuiltinFunc{
		"__init__": func(th *Thread, args []Value, kwnames []string) (Value, error) { return None, nil },
	})
	for _, s := range initSpecs {
		s.class = newMSClass(s.name, "mindspore.common.initializer", InitializerClass, nil)
		defMethods(s.class, map[string]BuiltinFunc{"__init__": s.initMethod})
		initAliases[strings.ToLower(s.name)] = s
		for _, a := range s.aliases {
			initAliases[a] = s
		}
	}
}

// initMethod is the __init__ of an initializer class: it stores the
// arguments as attributes.
func (s *initSpec) initMethod(th *Thread, args []Value, kwnames []string) (Value, error) {
	self, ok := args[0].(*Instance)
	if !ok {
		return nil, TypeErrorf("descriptor '__init__' requires a '%s' object but received a '%s'", s.name, TypeName(args[0]))
	}
	vals, err := bindArgs(s.name+".__init__", s.params, args[1:], kwnames)
	if err != nil {
		return nil, err
	}
	for i, p := range s.params {
		self.Dict().SetStr(p.name, vals[i])
	}
	return None, nil
}

func newInitializerModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.common.initializer", "Initializers: how to fill new tensors and Parameters.")
	m.Members.Set("Initializer", InitializerClass)
	for _, s := range initSpecs {
		m.Members.Set(s.name, s.class)
	}
	m.AddFunc("initializer", "initializer(init, shape=None, dtype=mstype.float32)",
		"Makes a tensor of the shape and dtype, filled as init says: an Initializer, its alias, a number or a Tensor.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var init, shape, dtype Value = nil, None, dtypeValue(tensor.Float32)
			if err := UnpackArgs("initializer", args, kwnames, "init", &init, "shape?", &shape, "dtype?", &dtype); err != nil {
				return nil, err
			}
			return th.initializer(init, shape, dtype)
		})
	return m, nil
}

// initializer is initializer(init, shape, dtype): a Tensor init is
// returned itself once its shape is checked; anything else fills a new
// tensor.
func (th *Thread) initializer(init, shape, dtype Value) (*Tensor, error) {
	const fname = "initializer"
	if err := checkInitType(th, init); err != nil {
		return nil, err
	}
	if t, ok := init.(*Tensor); ok {
		if shape == None {
			return t, nil
		}
		dims, err := initShape(th, fname, shape)
		if err != nil {
			return nil, err
		}
		if !t.t.Shape().Equal(dims) {
			r, err := th.Repr(shape)
			if err != nil {
				return nil, err
			}
			return nil, ValueErrorf("For 'initializer', the shape of the 'init' argument should be same as the argument 'shape', but got the 'init' shape %s and the 'shape' %s.",
				t.t.Shape().ListString(), r)
		}
		return t, nil
	}
	if shape == None {
		return nil, ValueErrorf("For 'initializer', the 'shape' must be given unless 'init' is a Tensor.")
	}
	dims, err := initShape(th, fname, shape)
	if err != nil {
		return nil, err
	}
	dt, err := dtypeArg(fname, dtype)
	if err != nil {
		return nil, err
	}
	t, err := th.initData(init, dims, dt)
	if err != nil {
		return nil, err
	}
	return NewTensor(t), nil
}

// initTensor is Tensor(init=..., shape=..., dtype=...): a tensor filled by
// an initializer, which MindSpore fills lazily and msrepl at once.
func (th *Thread) initTensor(fname string, init, shape, dtype Value) (*tensor.Tensor, error) {
	if shape == None || dtype == None {
		return nil, ValueErrorf("init, dtype and shape must have values at the same time.")
	}
	if err := checkInitType(th, init); err != nil {
		return nil, err
	}
	dims, err := initShape(th, fname, shape)
	if err != nil {
		return nil, err
	}
	dt, err := dtypeArg(fname, dtype)
	if err != nil {
		return nil, err
	}
	return th.initData(init, dims, dt)
}

// checkInitType reports an init that is none of the kinds initializer()
// takes.
func checkInitType(th *Thread, init Value) error {
	switch v := init.(type) {
	case *Tensor, Str, Int, Float, Bool, *BigInt:
		return nil
	case *Instance:
		if v.class.IsSubclass(InitializerClass) {
			return nil
		}
	}
	r, err := th.Repr(init.Type())
	if err != nil {
		return err
	}
	return TypeErrorf("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', 'string' or 'initializer', but got %s.", r)
}

// initShape reads the shape of an initialized tensor: a tuple or list of
// positive ints, or one int.
func initShape(th *Thread, fname string, shape Value) (tensor.Shape, error) {
	var items []Value
	switch s := shape.(type) {
	case Tuple:
		items = s
	case *List:
		items = s.elems
	default:
		items = []Value{shape}
	}
	dims := make(tensor.Shape, len(items))
	for i, it := range items {
		n, ok := it.(Int)
		if !ok || n <= 0 {
			shown := shape
			if l, ok := shape.(*List); ok {
				shown = Tuple(l.elems)
			}
			r, err := th.Repr(shown)
			if err != nil {
				return nil, err
			}
			return nil, ValueErrorf("For '%s', the argument 'shape' is invalid, the value of 'shape' must be positive integer, but got %s", fname, r)
		}
		dims[i] = int(n)
	}
	return dims, nil
}

// initData fills a new tensor of the shape and dtype as init says. A
// Tensor init is copied, converted to the dtype.
func (th *Thread) initData(init Value, shape tensor.Shape, dt tensor.DType) (*tensor.Tensor, error) {
	switch v := init.(type) {
	case *Tensor:
		if !v.t.Shape().Equal(shape) {
			return nil, ValueErrorf("For 'initializer', the shape of the 'init' argument should be same as the argument 'shape', but got the 'init' shape %s and the 'shape' %s.",
				v.t.Shape().ListString(), shape.ListString())
		}
		return th.copyTensor(v.t, dt)
	case Str:
		s, ok := initAliases[strings.ToLower(string(v))]
		if !ok {
			return nil, ValueErrorf("For 'initializer', the class corresponding to '%s' was not found.", string(v))
		}
		inst, err := th.Call(s.class, nil, nil)
		if err != nil {
			return nil, err
		}
		return th.initData(inst, shape, dt)
	case *Instance:
		for _, c := range v.class.MRO {
			for _, s := range initSpecs {
				if s.class == c {
					return th.fillInit(s.name, v, shape, dt)
				}
			}
		}
		return nil, Errorf(NotImplementedErrorClass, "Must be overridden!")
	}
	return th.initFill(shape, dt, init)
}

// fillInit fills a tensor as the built-in initializer class name does,
// with the arguments stored on inst.
func (th *Thread) fillInit(name string, inst *Instance, shape tensor.Shape, dt tensor.DType) (*tensor.Tensor, error) {
	attr := func(key string) Value {
		v, _ := inst.Dict().GetStr(key)
		return v
	}
	num := func(key string) (float64, error) {
		f, ok, err := asFloat(attr(key))
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, TypeErrorf("For '%s', the '%s' must be a number, but got %s.", name, key, TypeName(attr(key)))
		}
		return f, nil
	}
	switch name {
	case "Zero":
		return th.initFill(shape, dt, MakeInt(0))
	case "One":
		return th.initFill(shape, dt, MakeInt(1))
	case "Constant":
		return th.initFill(shape, dt, attr("value"))
	case "Normal", "TruncatedNormal":
		sigma, err := num("sigma")
		if err != nil {
			return nil, err
		}
		mean := 0.0
		if name == "Normal" {
			if mean, err = num("mean"); err != nil {
				return nil, err
			}
		}
		if sigma < 0 {
			return nil, ValueErrorf("sigma < 0")
		}
		if name == "TruncatedNormal" {
			return th.initTruncatedNormal(shape, dt, sigma)
		}
		return th.initNormal(shape, dt, mean, sigma)
	case "Uniform":
		scale, err := num("scale")
		if err != nil {
			return nil, err
		}
		return th.initUniform(shape, dt, scale)
	case "HeUniform", "HeNormal":
		fan, err := correctFan(shape, attr("mode"))
		if err != nil {
			return nil, err
		}
		gain, err := heGain(attr("nonlinearity"), attr("negative_slope"))
		if err != nil {
			return nil, err
		}
		std := gain / math.Sqrt(float64(fan))
		if name == "HeNormal" {
			return th.initNormal(shape, dt, 0, std)
		}
		return th.initUniform(shape, dt, math.Sqrt(3)*std)
	case "XavierUniform", "XavierNormal":
		fanIn, fanOut, err := initFans(shape)
		if err != nil {
			return nil, err
		}
		gain, err := num("gain")
		if err != nil {
			return nil, err
		}
		if name == "XavierNormal" {
			return th.initNormal(shape, dt, 0, gain*math.Sqrt(2/float64(fanIn+fanOut)))
		}
		return th.initUniform(shape, dt, gain*math.Sqrt(6/float64(fanIn+fanOut)))
	}
	panic("fillInit: no initializer " + name)
}

// initFans is MindSpore's _calculate_fan_in_and_fan_out for a weight of shape
// [out, in, *receptive field].
func initFans(shape tensor.Shape) (fanIn, fanOut int, err error) {
	if len(shape) < 2 {
		return 0, 0, ValueErrorf("'fan_in' and 'fan_out' can not be computed for tensor with fewer than 2 dimensions, but got dimensions %d.", len(shape))
	}
	receptive := 1
	for _, d := range shape[2:] {
		receptive *= d
	}
	return shape[1] * receptive, shape[0] * receptive, nil
}

// correctFan is the fan that mode ('fan_in' or 'fan_out') names.
func correctFan(shape tensor.Shape, mode Value) (int, error) {
	s, _ := mode.(Str)
	m := strings.ToLower(string(s))
	if m != "fan_in" && m != "fan_out" {
		return 0, ValueErrorf("'mode' %s not supported, please use one of ['fan_in', 'fan_out']", strNoThread(nil, mode))
	}
	in, out, err := initFans(shape)
	if m == "fan_in" {
		return in, err
	}
	return out, err
}

// heGain is MindSpore's _calculate_gain: the gain recommended for a
// nonlinearity, leaky_relu's from its negative slope.
func heGain(nonlinearity, slope Value) (float64, error) {
	s, _ := nonlinearity.(Str)
	switch string(s) {
	case "linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "sigmoid":
		return 1, nil
	case "tanh":
		return 5.0 / 3, nil
	case "relu":
		return math.Sqrt2, nil
	case "leaky_relu":
		neg := 0.01
		switch v := slope.(type) {
		case NoneType:
		case Int:
			neg = float64(v)
		case Float:
			neg = float64(v)
		default:
			return 0, ValueErrorf("For 'HeUniform', 'negative_slope' %s is not a valid number.When 'nonlinearity' has been set to 'leaky_relu', 'negative_slope' should be int or float type, but got <class '%s'>.",
				strNoThread(nil, slope), TypeName(slope))
		}
		return math.Sqrt(2 / (1 + neg*neg)), nil
	}
	return 0, ValueErrorf("For 'HeUniform', the argument 'nonlinearity' should be one of ['sigmoid', 'tanh', 'relu' or 'leaky_relu'], but got %s.",
		strNoThread(nil, nonlinearity))
}

// initFill makes a tensor with every element v, a Python number.
func (th *Thread) initFill(shape tensor.Shape, dt tensor.DType, v Value) (*tensor.Tensor, error) {
	var val any
	switch n := v.(type) {
	case Int:
		val = int(n)
	case Bool:
		val = bool(n)
	case Float:
		val = float64(n)
	default:
		return nil, TypeErrorf("For 'Constant', the 'value' must be a number, but got %s.", TypeName(v))
	}
	return th.apply1(ops.Fill, ops.Attrs{"shape": []int(shape), "dtype": dt, "value": val})
}

// cast converts t to dtype dt, or returns it when it has dt already.
// Random initializers draw in float32, as MindSpore's do, and convert
// their draws to the dtype asked for.
func (th *Thread) cast(t *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if t.DType() == dt {
		return t, nil
	}
	return th.copyTensor(t, dt)
}

// initNormal draws from N(mean, sigma²).
func (th *Thread) initNormal(shape tensor.Shape, dt tensor.DType, mean, sigma float64) (*tensor.Tensor, error) {
	t, err := th.apply1(ops.StandardNormal, ops.Attrs{"shape": []int(shape), "dtype": tensor.Float32, "mean": mean, "stddev": sigma})
	if err != nil {
		return nil, err
	}
	return th.cast(t, dt)
}

// initUniform draws from U(-bound, bound).
func (th *Thread) initUniform(shape tensor.Shape, dt tensor.DType, bound float64) (*tensor.Tensor, error) {
	if bound == 0 {
		return th.initFill(shape, dt, MakeInt(0))
	}
	bound = math.Abs(bound)
	t, err := th.apply1(ops.UniformReal, ops.Attrs{"shape": []int(shape), "dtype": tensor.Float32, "minval": -bound, "maxval": bound})
	if err != nil {
		return nil, err
	}
	return th.cast(t, dt)
}

// initTruncatedNormal draws from N(0, sigma²) truncated to two standard
// deviations: draws outside [-2, 2] of a standard normal are redrawn until
// none is left, and the result is scaled by sigma.
func (th *Thread) initTruncatedNormal(shape tensor.Shape, dt tensor.DType, sigma float64) (*tensor.Tensor, error) {
	attrs := ops.Attrs{"shape": []int(shape), "dtype": tensor.Float32}
	x, err := th.apply1(ops.StandardNormal, attrs)
	if err != nil {
		return nil, err
	}
	two, err := th.scalarTensor(tensor.Float32, 2, 0)
	if err != nil {
		return nil, err
	}
	for {
		abs, err := th.apply1(ops.Abs, nil, x)
		if err != nil {
			return nil, err
		}
		out, err := th.apply1(ops.Greater, nil, abs, two)
		if err != nil {
			return nil, err
		}
		left, err := th.apply1(ops.ReduceAny, ops.Attrs{"keep_dims": false}, out)
		if err != nil {
			return nil, err
		}
		if left.Int(0) == 0 {
			break
		}
		fresh, err := th.apply1(ops.StandardNormal, attrs)
		if err != nil {
			return nil, err
		}
		if x, err = th.apply1(ops.Select, nil, out, fresh, x); err != nil {
			return nil, err
		}
	}
	s, err := th.scalarTensor(tensor.Float32, sigma, 0)
	if err != nil {
		return nil, err
	}
	if x, err = th.apply1(ops.Mul, nil, x, s); err != nil {
		return nil, err
	}
	return th.cast(x, dt)
}
