package interp

import (
	"strings"

	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// numpy's ufuncs over the primitives: each resolves its computation dtype
// by numpy's rules, casts its operands to it (through the Cast primitive)
// and applies the primitive, which then computes in that dtype.

// An npArg is an operand of a numpy operation: a tensor, or a Python
// scalar whose tensor is made only once the operation's dtype is known,
// so that it is never rounded through a dtype it does not end in.
type npArg struct {
	npOperand
	t *tensor.Tensor // nil for a Python scalar
}

// npArgOf converts an operand: an ndarray, a numpy scalar, a Tensor, a
// Python number or nested lists and tuples. ok is false for values that are
// not array-like.
func (th *Thread) npArgOf(v Value) (arg npArg, ok bool, err error) {
	switch x := v.(type) {
	case Bool:
		n := int64(0)
		if x {
			n = 1
		}
		return npArg{npOperand: npOperand{typ: npTypeOf[tensor.Bool], scalar: true, n: n, f: float64(n)}}, true, nil
	case Int:
		return npArg{npOperand: npOperand{typ: npTypeOf[tensor.Int64], scalar: true, n: int64(x), f: float64(x)}}, true, nil
	case Float:
		return npArg{npOperand: npOperand{typ: npTypeOf[tensor.Float64], scalar: true, n: int64(x), f: float64(x)}}, true, nil
	case *BigInt:
		return npArg{}, true, OverflowErrorf("Python int too large to convert to C long")
	case *NDArray:
		return npTensorArg(x.t), true, nil
	case *Tensor:
		return npTensorArg(x.t), true, nil
	case *List, Tuple:
		t, err := th.npAsArray(v)
		if err != nil {
			return npArg{}, true, err
		}
		return npTensorArg(t), true, nil
	}
	return npArg{}, false, nil
}

// npTensorArg is a tensor operand. A 0-d one is a scalar to promotion,
// which reads its value.
func npTensorArg(t *tensor.Tensor) npArg {
	a := npArg{npOperand: npOperand{typ: npTypeOf[t.DType()], scalar: t.Rank() == 0}, t: t}
	if a.scalar {
		a.f, a.n = t.Float(0), t.Int(0)
	}
	return a
}

// npArgs converts the operands of a numpy function, which must all be
// array-like.
func (th *Thread) npArgs(fname string, vals ...Value) ([]npArg, error) {
	args := make([]npArg, len(vals))
	for i, v := range vals {
		a, ok, err := th.npArgOf(v)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, TypeErrorf("%s() argument %d must be array-like, not %s", fname, i+1, TypeName(v))
		}
		args[i] = a
	}
	return args, nil
}

// dtype is the operand's dtype: its tensor's, or a Python scalar's
// default (int64, float64, bool).
func (a npArg) dtype() tensor.DType {
	if a.t != nil {
		return a.t.DType()
	}
	d, _ := a.typ.dtype()
	return d
}

func (a npArg) shape() tensor.Shape {
	if a.t != nil {
		return a.t.Shape()
	}
	return nil
}

// npIn returns the operand as a tensor of dtype dt.
func (th *Thread) npIn(a npArg, dt tensor.DType) (*tensor.Tensor, error) {
	if a.t == nil {
		return th.scalarTensor(dt, a.f, a.n)
	}
	if a.t.DType() == dt {
		return a.t, nil
	}
	return th.apply1(ops.Cast, ops.Attrs{"dtype": dt}, a.t)
}

// npCast returns t as dtype dt, through the Cast primitive when it
// differs.
func (th *Thread) npCast(t *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if t.DType() == dt {
		return t, nil
	}
	return th.apply1(ops.Cast, ops.Attrs{"dtype": dt}, t)
}

func npOperands(args []npArg) []npOperand {
	o := make([]npOperand, len(args))
	for i, a := range args {
		o[i] = a.npOperand
	}
	return o
}

// npShapeString is a shape as numpy's messages print it: "(2,3)", "(3,)".
func npShapeString(s tensor.Shape) string {
	return strings.ReplaceAll(s.String(), " ", "")
}

// npBroadcast is the broadcast shape of the operands, or numpy's error.
func npBroadcast(shapes ...tensor.Shape) (tensor.Shape, error) {
	rank := 0
	for _, s := range shapes {
		rank = max(rank, len(s))
	}
	out := make(tensor.Shape, rank)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		off := len(out) - len(s)
		for i, d := range s {
			switch o := out[off+i]; {
			case o == d || d == 1:
			case o == 1:
				out[off+i] = d
			default:
				var b strings.Builder
				for _, s := range shapes {
					b.WriteString(npShapeString(s) + " ")
				}
				return nil, ValueErrorf("operands could not be broadcast together with shapes %s", b.String())
			}
		}
	}
	return out, nil
}

// ufuncKind says how a binary ufunc treats dtypes besides promotion.
type ufuncKind uint8

const (
	ufArith    ufuncKind = iota // every dtype; bool computes as bool (add is or)
	ufNoBool                    // bool computes in int8
	ufSubtract                  // bool is an error
	ufTrueDiv                   // integers and bool compute in float64
	ufBitwise                   // integers, and bool through logical ops
	ufShift                     // integers; bool computes in int8
	ufCompare                   // every dtype; the result is bool
)

// An npUfunc is a binary ufunc of numpy.
type npUfunc struct {
	name string // numpy's name, for errors
	prim *ops.Primitive
	kind ufuncKind
	// logical is the primitive of bool operands of a bitwise ufunc.
	logical *ops.Primitive
}

// The binary ufuncs.
var (
	npAdd          = &npUfunc{name: "add", prim: ops.Add, kind: ufArith}
	npSubtract     = &npUfunc{name: "subtract", prim: ops.Sub, kind: ufSubtract}
	npMultiply     = &npUfunc{name: "multiply", prim: ops.Mul, kind: ufArith}
	npTrueDivide   = &npUfunc{name: "true_divide", prim: ops.Div, kind: ufTrueDiv}
	npFloorDivide  = &npUfunc{name: "floor_divide", prim: ops.FloorDiv, kind: ufNoBool}
	npRemainder    = &npUfunc{name: "remainder", prim: ops.FloorMod, kind: ufNoBool}
	npPower        = &npUfunc{name: "power", prim: ops.Pow, kind: ufNoBool}
	npMaximum      = &npUfunc{name: "maximum", prim: ops.Maximum, kind: ufArith}
	npMinimum      = &npUfunc{name: "minimum", prim: ops.Minimum, kind: ufArith}
	npBitwiseAnd   = &npUfunc{name: "bitwise_and", prim: ops.BitwiseAnd, kind: ufBitwise, logical: ops.LogicalAnd}
	npBitwiseOr    = &npUfunc{name: "bitwise_or", prim: ops.BitwiseOr, kind: ufBitwise, logical: ops.LogicalOr}
	npBitwiseXor   = &npUfunc{name: "bitwise_xor", prim: ops.BitwiseXor, kind: ufBitwise, logical: ops.LogicalXor}
	npLeftShift    = &npUfunc{name: "left_shift", prim: ops.LeftShift, kind: ufShift}
	npRightShift   = &npUfunc{name: "right_shift", prim: ops.RightShift, kind: ufShift}
	npEqual        = &npUfunc{name: "equal", prim: ops.Equal, kind: ufCompare}
	npNotEqual     = &npUfunc{name: "not_equal", prim: ops.NotEqual, kind: ufCompare}
	npLess         = &npUfunc{name: "less", prim: ops.Less, kind: ufCompare}
	npLessEqual    = &npUfunc{name: "less_equal", prim: ops.LessEqual, kind: ufCompare}
	npGreater      = &npUfunc{name: "greater", prim: ops.Greater, kind: ufCompare}
	npGreaterEqual = &npUfunc{name: "greater_equal", prim: ops.GreaterEqual, kind: ufCompare}
)

// npOperators are the ufuncs of Python's binary operators.
var npOperators = map[syntax.Token]*npUfunc{
	syntax.PLUS: npAdd, syntax.MINUS: npSubtract, syntax.STAR: npMultiply, syntax.SLASH: npTrueDivide,
	syntax.SLASHSLASH: npFloorDivide, syntax.PERCENT: npRemainder, syntax.STARSTAR: npPower,
	syntax.AMP: npBitwiseAnd, syntax.PIPE: npBitwiseOr, syntax.CIRCUMFLEX: npBitwiseXor,
	syntax.LTLT: npLeftShift, syntax.GTGT: npRightShift,
}

// npComparisons are the ufuncs of the comparison operators.
var npComparisons = map[syntax.Token]*npUfunc{
	syntax.EQL: npEqual, syntax.NEQ: npNotEqual, syntax.LT: npLess, syntax.LE: npLessEqual,
	syntax.GT: npGreater, syntax.GE: npGreaterEqual,
}

// notSupported is numpy's error for a ufunc without a loop for its
// operands' dtypes.
func (u *npUfunc) notSupported() error {
	return TypeErrorf("ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", u.name)
}

// loop resolves the dtype the ufunc computes in and the primitive it
// applies.
func (u *npUfunc) loop(x, y npArg) (tensor.DType, *ops.Primitive, error) {
	if u.kind == ufTrueDiv && !x.dtype().IsFloat() && !y.dtype().IsFloat() {
		return tensor.Float64, u.prim, nil
	}
	dt, err := resultType([]npOperand{x.npOperand, y.npOperand})
	if err != nil {
		return 0, nil, err
	}
	switch u.kind {
	case ufNoBool, ufShift:
		if u.kind == ufShift && dt.IsFloat() {
			return 0, nil, u.notSupported()
		}
		if dt == tensor.Bool {
			dt = tensor.Int8
		}
	case ufSubtract:
		if dt == tensor.Bool {
			return 0, nil, TypeErrorf("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
		}
	case ufBitwise:
		if dt.IsFloat() {
			return 0, nil, u.notSupported()
		}
		if dt == tensor.Bool {
			return dt, u.logical, nil
		}
	}
	return dt, u.prim, nil
}

// npBinary applies a binary ufunc.
func (th *Thread) npBinary(u *npUfunc, x, y npArg) (*NDArray, error) {
	if _, err := npBroadcast(x.shape(), y.shape()); err != nil {
		return nil, err
	}
	dt, prim, err := u.loop(x, y)
	if err != nil {
		return nil, err
	}
	if u == npPower && !dt.IsFloat() {
		if err := th.npCheckIntPower(y); err != nil {
			return nil, err
		}
	}
	a, err := th.npIn(x, dt)
	if err != nil {
		return nil, err
	}
	b, err := th.npIn(y, dt)
	if err != nil {
		return nil, err
	}
	z, err := th.apply1(prim, nil, a, b)
	if err != nil {
		return nil, err
	}
	return npResult(z), nil
}

// npCheckIntPower is numpy's refusal of negative integer exponents of
// integers.
func (th *Thread) npCheckIntPower(y npArg) error {
	neg := y.scalar && y.n < 0
	if y.t != nil && !y.scalar && y.t.Size() > 0 && y.t.DType().IsSigned() {
		m, err := th.apply1(ops.ReduceMin, nil, y.t)
		if err != nil {
			return err
		}
		neg = m.Int(0) < 0
	}
	if neg {
		return ValueErrorf("Integers to negative integer powers are not allowed.")
	}
	return nil
}

// self is the receiver as an operand.
func (a *NDArray) self() npArg { return npTensorArg(a.t) }

func (a *NDArray) Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	if _, ok := other.(*Tensor); ok {
		// A Tensor's operators take ndarrays and give Tensors, as
		// MindSpore's do.
		return nil, nil
	}
	y, ok, err := th.npArgOf(other)
	if !ok || err != nil {
		return nil, err
	}
	x := a.self()
	if right {
		x, y = y, x
	}
	if op == syntax.AT {
		return th.npMatmul(x, y)
	}
	u, ok := npOperators[op]
	if !ok {
		return nil, nil
	}
	return th.npBinary(u, x, y)
}

func (a *NDArray) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	u, ok := npComparisons[op]
	if !ok {
		return nil, nil
	}
	if _, ok := other.(*Tensor); ok {
		return nil, nil
	}
	if other == None && (op == syntax.EQL || op == syntax.NEQ) {
		// numpy compares each element with None, as objects.
		t, err := th.apply1(ops.Fill, ops.Attrs{"shape": []int(a.t.Shape()), "dtype": tensor.Bool, "value": op == syntax.NEQ})
		if err != nil {
			return nil, err
		}
		return a.wrap(t), nil
	}
	y, ok, err := th.npArgOf(other)
	if !ok || err != nil {
		return nil, err
	}
	// op is already reflected when right is set, so a stays on the left.
	return th.npBinary(u, a.self(), y)
}

func (a *NDArray) Unary(th *Thread, op syntax.Token) (Value, error) {
	switch op {
	case syntax.MINUS:
		return th.npUnary(npNegative, a)
	case syntax.PLUS:
		return th.npUnary(npPositive, a)
	case syntax.TILDE:
		return th.npUnary(npInvert, a)
	}
	return nil, nil
}

// An npUnaryFunc is a unary ufunc of numpy.
type npUnaryFunc struct {
	name string
	prim *ops.Primitive
	// float: integers and bool compute in the smallest float that holds
	// them (exp, sqrt, ...).
	float bool
	// onBool is what bool input does: nil is numpy's error boolErr, a
	// primitive applies it, and copyBool keeps the input.
	onBool   *ops.Primitive
	copyBool bool
	boolErr  string
	// intBool: bool computes in int8, numpy's first loop that takes it.
	intBool bool
	// noFloat: floats are an error.
	noFloat bool
}

// The unary ufuncs.
var (
	npNegative = &npUnaryFunc{name: "negative", prim: ops.Neg,
		boolErr: "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead."}
	npPositive = &npUnaryFunc{name: "positive", prim: ops.Cast, copyBool: true}
	npInvert   = &npUnaryFunc{name: "invert", prim: ops.Invert, onBool: ops.LogicalNot, noFloat: true}
	npAbsolute = &npUnaryFunc{name: "absolute", prim: ops.Abs, copyBool: true}
	npSquare   = &npUnaryFunc{name: "square", prim: ops.Square, intBool: true}
	npExp      = &npUnaryFunc{name: "exp", prim: ops.Exp, float: true}
	npLog      = &npUnaryFunc{name: "log", prim: ops.Log, float: true}
	npSqrt     = &npUnaryFunc{name: "sqrt", prim: ops.Sqrt, float: true}
	npSin      = &npUnaryFunc{name: "sin", prim: ops.Sin, float: true}
	npCos      = &npUnaryFunc{name: "cos", prim: ops.Cos, float: true}
	npTanh     = &npUnaryFunc{name: "tanh", prim: ops.Tanh, float: true}
)

// npUnary applies a unary ufunc to an array.
func (th *Thread) npUnary(u *npUnaryFunc, a *NDArray) (*NDArray, error) {
	return th.npUnaryArg(u, a.self())
}

func (th *Thread) npUnaryArg(u *npUnaryFunc, x npArg) (*NDArray, error) {
	dt := x.dtype()
	prim := u.prim
	switch {
	case u.float:
		dt = minFloat(dt)
	case dt.IsFloat() && u.noFloat:
		return nil, TypeErrorf("ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", u.name)
	case dt != tensor.Bool:
	case u.onBool != nil:
		prim = u.onBool
	case u.copyBool:
		prim = ops.Cast
	case u.intBool:
		dt = tensor.Int8
	default:
		return nil, TypeErrorf("%s", u.boolErr)
	}
	t, err := th.npIn(x, dt)
	if err != nil {
		return nil, err
	}
	var attrs ops.Attrs
	if prim == ops.Cast {
		attrs = ops.Attrs{"dtype": dt}
	}
	z, err := th.apply1(prim, attrs, t)
	if err != nil {
		return nil, err
	}
	return npResult(z), nil
}
