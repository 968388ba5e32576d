package interp

import (
	"fmt"
	"math"

	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// Tensor is a mindspore Tensor, or a Parameter when param is set. Its data
// is a tensor.Tensor; Parameter.set_data and item assignment replace it, so
// the value is a pointer with a stable identity.
type Tensor struct {
	t     *tensor.Tensor
	param *paramInfo
	// spec is set on a Tensor made from a shape without data: an input
	// signature, whose t is abstract.
	spec *tensorSpec
}

// paramInfo is what a Parameter adds to a Tensor.
type paramInfo struct {
	name         string
	requiresGrad bool
}

// TensorClass and ParameterClass are mindspore.Tensor and
// mindspore.Parameter.
var (
	TensorClass    = newMSClass("Tensor", "mindspore.common.tensor", ObjectClass, newTensorValue)
	ParameterClass = newMSClass("Parameter", "mindspore.common.parameter", TensorClass, newParameterValue)
)

func newMSClass(name, module string, base *Class, newFn NewFunc) *Class {
	c := NewBuiltinClass(name, base, newFn)
	c.Module = module
	return c
}

// NewTensor wraps a tensor as a language value.
func NewTensor(t *tensor.Tensor) *Tensor { return &Tensor{t: t} }

// Data is the tensor's current data.
func (x *Tensor) Data() *tensor.Tensor { return x.t }

func (x *Tensor) Type() *Class {
	if x.param != nil {
		return ParameterClass
	}
	return TensorClass
}

func (x *Tensor) Repr(th *Thread) (string, error) {
	if x.spec != nil {
		return x.specRepr(), nil
	}
	if x.t.Abstract() {
		return "", jitValueUnknown("Printing a Tensor")
	}
	if p := x.param; p != nil {
		return fmt.Sprintf("Parameter (name=%s, shape=%v, dtype=%v, requires_grad=%s)",
			p.name, x.t.Shape(), x.t.DType(), pyBool(p.requiresGrad)), nil
	}
	return x.t.Repr(), nil
}

func (x *Tensor) Str(th *Thread) (string, error) {
	if x.spec != nil {
		return x.specRepr(), nil
	}
	if x.t.Abstract() {
		return "", jitValueUnknown("Printing a Tensor")
	}
	if x.param != nil {
		return x.Repr(th)
	}
	return x.t.String(), nil
}

// SetAttr is t.name = v: only the class's properties (a Parameter's name
// and requires_grad) are settable.
func (x *Tensor) SetAttr(th *Thread, name string, v Value) error {
	if m, ok := x.Type().Lookup(name); ok {
		if p, ok := m.(*Property); ok && p.Set != None && p.Set != nil {
			_, err := th.Call(p.Set, []Value{x, v}, nil)
			return err
		}
		return AttributeErrorf("attribute '%s' of '%s' objects is not writable", name, x.Type().Name)
	}
	return AttributeErrorf("'%s' object has no attribute '%s'", x.Type().Name, name)
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// newTensorValue is Tensor(input_data=None, dtype=None, shape=None,
// init=None, const_arg=False).
func newTensorValue(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var data, dtype, shape, init, constArg Value = None, None, None, None, False
	if err := UnpackArgs("Tensor", args, kwnames, "input_data?", &data, "dtype?", &dtype, "shape?", &shape,
		"init?", &init, "const_arg?", &constArg); err != nil {
		return nil, err
	}
	if data == None && init == None && shape != None {
		return newTensorSpec(shape, dtype)
	}
	t, err := th.tensorFromArgs("Tensor", data, dtype, shape, init)
	if err != nil {
		return nil, err
	}
	return NewTensor(t), nil
}

// tensorFromArgs builds a tensor from Tensor()'s and tensor()'s arguments.
func (th *Thread) tensorFromArgs(fname string, data, dtype, shape, init Value) (*tensor.Tensor, error) {
	if data == None {
		if init != None {
			return th.initTensor(fname, init, shape, dtype)
		}
		return nil, TypeErrorf("For '%s', the 'input_data' must be given: a number, list, tuple, Tensor or numpy.ndarray.", fname)
	}
	h, err := th.flatten(fname, data)
	if err != nil {
		return nil, err
	}
	dt := h.defaultDType(tensor.Float32)
	if dtype != None {
		if dt, err = dtypeArg(fname, dtype); err != nil {
			return nil, err
		}
	}
	return th.buildTensor(h, dt)
}

// tensorOperand converts the other operand of a tensor operator: a tensor
// or array as it is, Python data by MindSpore's rule that a scalar takes
// the tensor's dtype (a float scalar with an integer tensor gives float32,
// an int scalar with a bool tensor int64). ok is false for operands a
// tensor does not combine with.
func (th *Thread) tensorOperand(like tensor.DType, v Value) (t *tensor.Tensor, ok bool, err error) {
	switch v := v.(type) {
	case *Tensor:
		return v.t, true, nil
	case *NDArray:
		return v.t, true, nil
	case Float:
		dt := like
		if !like.IsFloat() {
			dt = tensor.Float32
		}
		t, err := th.scalarTensor(dt, float64(v), 0)
		return t, true, err
	case Int:
		dt := like
		if like == tensor.Bool {
			dt = tensor.Int64
		}
		t, err := th.scalarTensor(dt, float64(v), int64(v))
		return t, true, err
	case Bool:
		n := int64(0)
		if v {
			n = 1
		}
		t, err := th.scalarTensor(like, float64(n), n)
		return t, true, err
	case *List, Tuple:
		h, err := th.flatten("Tensor", v)
		if err != nil {
			return nil, true, err
		}
		t, err := th.buildTensor(h, h.defaultDType(tensor.Float32))
		return t, true, err
	}
	return nil, false, nil
}

// scalarTensor makes a 0-d tensor holding f (or n, for integer dtypes).
// Tensors are never changed in place, so the runtime keeps the scalars of
// recent operator expressions (x * 1.0001 in a loop) for reuse.
func (th *Thread) scalarTensor(dt tensor.DType, f float64, n int64) (*tensor.Tensor, error) {
	rt := th.ms()
	key := scalarKey{dt, uint64(n)}
	if dt.IsFloat() {
		key.bits = math.Float64bits(f)
	}
	slot := &rt.scalars[key.slot()]
	if slot.t != nil && slot.key == key {
		return slot.t, nil
	}
	t, err := th.newTensor(dt, nil)
	if err != nil {
		return nil, err
	}
	if dt.IsFloat() {
		t.SetFloat(0, f)
	} else {
		t.SetInt(0, n)
	}
	slot.key, slot.t = key, t
	return t, nil
}

// scalarKey names a cached 0-d tensor: its dtype and value bits.
type scalarKey struct {
	dt   tensor.DType
	bits uint64
}

// scalarCache holds recent scalar tensors, one per slot, a newer one
// replacing an older one whose key has the slot's hash: a lookup is a
// multiply and a compare, where a map's hash of the padded key cost 5%
// of a tiny eager op.
type scalarCache [256]struct {
	key scalarKey
	t   *tensor.Tensor
}

// slot is k's place in a scalarCache: Fibonacci hashing of the bits and
// the dtype, whose top eight bits index the 256 slots.
func (k scalarKey) slot() uint8 {
	return uint8((k.bits ^ uint64(k.dt)<<56) * 0x9e3779b97f4a7c15 >> 56)
}

// binaryPrims are the primitives of the binary operators.
var binaryPrims = [...]*ops.Primitive{
	syntax.PLUS: ops.Add, syntax.MINUS: ops.Sub, syntax.STAR: ops.Mul, syntax.SLASH: ops.Div,
	syntax.SLASHSLASH: ops.FloorDiv, syntax.PERCENT: ops.FloorMod, syntax.STARSTAR: ops.Pow,
	syntax.AMP: ops.BitwiseAnd, syntax.PIPE: ops.BitwiseOr, syntax.CIRCUMFLEX: ops.BitwiseXor,
	syntax.LTLT: ops.LeftShift, syntax.GTGT: ops.RightShift,
}

// comparePrims are the primitives of the comparison operators.
var comparePrims = map[syntax.Token]*ops.Primitive{
	syntax.EQL: ops.Equal, syntax.NEQ: ops.NotEqual, syntax.LT: ops.Less, syntax.LE: ops.LessEqual,
	syntax.GT: ops.Greater, syntax.GE: ops.GreaterEqual,
}

func (x *Tensor) Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	y, ok, err := th.tensorOperand(x.t.DType(), other)
	if !ok || err != nil {
		return nil, err
	}
	a, b := x.t, y
	if right {
		a, b = y, x.t
	}
	if op == syntax.AT {
		z, err := th.matmul(a, b)
		if err != nil {
			return nil, err
		}
		return NewTensor(z), nil
	}
	if int(op) >= len(binaryPrims) || binaryPrims[op] == nil {
		return nil, nil
	}
	p := binaryPrims[op]
	if a.DType() == tensor.Bool && b.DType() == tensor.Bool {
		// Python's operators on bool tensors are the logical ops.
		switch op {
		case syntax.AMP:
			p = ops.LogicalAnd
		case syntax.PIPE:
			p = ops.LogicalOr
		case syntax.CIRCUMFLEX:
			p = ops.LogicalXor
		}
	}
	z, err := th.apply1(p, nil, a, b)
	if err != nil {
		return nil, err
	}
	return NewTensor(z), nil
}

func (x *Tensor) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	p, ok := comparePrims[op]
	if !ok {
		return nil, nil
	}
	y, ok, err := th.tensorOperand(x.t.DType(), other)
	if !ok || err != nil {
		return nil, err
	}
	// op is already reflected when right is set, so x stays on the left.
	z, err := th.apply1(p, nil, x.t, y)
	if err != nil {
		return nil, err
	}
	return NewTensor(z), nil
}

func (x *Tensor) Unary(th *Thread, op syntax.Token) (Value, error) {
	var p *ops.Primitive
	switch op {
	case syntax.MINUS:
		p = ops.Neg
	case syntax.PLUS:
		return x, nil
	case syntax.TILDE:
		p = ops.Invert
		if x.t.DType() == tensor.Bool {
			p = ops.LogicalNot
		}
	default:
		return nil, nil
	}
	z, err := th.apply1(p, nil, x.t)
	if err != nil {
		return nil, err
	}
	return NewTensor(z), nil
}

// Truth is bool(t): only a tensor of one element has a truth value.
func (x *Tensor) Truth(th *Thread) (bool, error) {
	if err := th.valueRead(x.t, "Using a Tensor as a condition"); err != nil {
		return false, err
	}
	switch x.t.Size() {
	case 1:
		return x.t.Float(0) != 0, nil
	case 0:
		return false, nil
	}
	return false, ValueErrorf("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

func (x *Tensor) Len(th *Thread) (int, error) {
	if x.t.Rank() == 0 {
		return 0, TypeErrorf("len() of unsized object")
	}
	return x.t.Shape()[0], nil
}

// Float is float(t), for tensors of one element.
func (x *Tensor) Float(th *Thread) (Value, error) {
	if err := th.valueRead(x.t, "float() of a Tensor"); err != nil {
		return nil, err
	}
	if x.t.Size() != 1 {
		return nil, TypeErrorf("only one element tensors can be converted to Python scalars")
	}
	return Float(x.t.Float(0)), nil
}

// Int is int(t), for tensors of one element.
func (x *Tensor) Int(th *Thread) (Value, error) {
	if err := th.valueRead(x.t, "int() of a Tensor"); err != nil {
		return nil, err
	}
	if x.t.Size() != 1 {
		return nil, TypeErrorf("only one element tensors can be converted to Python scalars")
	}
	if x.t.DType().IsFloat() {
		return newInt(th, IntClass, []Value{Float(x.t.Float(0))}, nil)
	}
	return MakeInt(x.t.Int(0)), nil
}

// item returns element i as a Python scalar of the dtype's kind.
func item(t *tensor.Tensor, i int) Value {
	switch {
	case t.DType() == tensor.Bool:
		return MakeBool(t.Int(i) != 0)
	case t.DType().IsFloat():
		return Float(t.Float(i))
	}
	return MakeInt(t.Int(i))
}

// toList is tolist(): nested lists of Python scalars.
func toList(t *tensor.Tensor) Value {
	if t.Rank() == 0 {
		return item(t, 0)
	}
	shape := t.Shape()
	strides := shape.Strides()
	var build func(axis, off int) Value
	build = func(axis, off int) Value {
		items := make([]Value, shape[axis])
		for i := range items {
			if axis == len(shape)-1 {
				items[i] = item(t, off+i)
			} else {
				items[i] = build(axis+1, off+i*strides[axis])
			}
		}
		return NewList(items)
	}
	return build(0, 0)
}

// shapeTuple is a shape as a Python tuple.
func shapeTuple(s tensor.Shape) Tuple {
	items := make(Tuple, len(s))
	for i, d := range s {
		items[i] = dimValue(d)
	}
	return items
}

// newParameterValue is Parameter(default_input, name=None,
// requires_grad=True, layerwise_parallel=False).
func newParameterValue(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var data, name, requiresGrad, layerwise Value = nil, None, True, False
	if err := UnpackArgs("Parameter", args, kwnames, "default_input", &data, "name?", &name,
		"requires_grad?", &requiresGrad, "layerwise_parallel?", &layerwise); err != nil {
		return nil, err
	}
	var t *tensor.Tensor
	var err error
	switch d := data.(type) {
	case *Tensor:
		t = d.t
	default:
		if t, err = th.tensorFromArgs("Parameter", data, None, None, None); err != nil {
			return nil, err
		}
	}
	rg, err := th.Truth(requiresGrad)
	if err != nil {
		return nil, err
	}
	p := &paramInfo{name: "Parameter", requiresGrad: rg}
	if s, ok := name.(Str); ok {
		p.name = string(s)
	} else if name != None {
		return nil, TypeErrorf("For 'Parameter', the 'name' must be a str, but got '%s'.", TypeName(name))
	}
	return th.trackParam(&Tensor{t: t, param: p}), nil
}

// Abs is abs(t).
func (x *Tensor) Abs(th *Thread) (Value, error) {
	z, err := th.apply1(ops.Abs, nil, x.t)
	if err != nil {
		return nil, err
	}
	return NewTensor(z), nil
}
