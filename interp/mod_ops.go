package interp

import (
	"sort"
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The mindspore.ops module: functional forms (ops.add) and primitive
// classes (ops.Add()), each a thin layer that converts Python arguments
// and applies primitives of package ops.

func init() {
	RegisterModule("mindspore.ops", newOpsModule)
}

// PrimitiveClass is mindspore.ops.Primitive, the base of the primitive
// classes.
var PrimitiveClass = newMSClass("Primitive", "mindspore.ops.primitive", ObjectClass, nil)

// PrimValue is a constructed primitive object, such as ops.Mul() or
// ops.MatMul(transpose_b=True): its attributes are fixed at construction
// and its call applies the operation.
type PrimValue struct {
	cls   *Class
	attrs ops.Attrs
	// init holds the constructor's arguments by name, for repr.
	init []primInitArg
	call func(th *Thread, p *PrimValue, args []Value, kwnames []string) (Value, error)
}

type primInitArg struct {
	name string
	v    Value
}

func (p *PrimValue) Type() *Class { return p.cls }

func (p *PrimValue) Repr(th *Thread) (string, error) {
	var b strings.Builder
	b.WriteString("Prim[" + p.cls.Name + "]")
	if len(p.init) > 0 {
		b.WriteByte('<')
		for i, a := range p.init {
			if i > 0 {
				b.WriteString(", ")
			}
			r, err := th.Repr(a.v)
			if err != nil {
				return "", err
			}
			b.WriteString(a.name + "=" + r)
		}
		b.WriteByte('>')
	}
	return b.String(), nil
}

func (p *PrimValue) Call(th *Thread, args []Value, kwnames []string) (Value, error) {
	return p.call(th, p, args, kwnames)
}

// A primDef defines a primitive class: its constructor's parameters (as
// UnpackArgs pairs take them, with defaults) and what a call does.
type primDef struct {
	name   string
	params []primParam
	call   func(th *Thread, p *PrimValue, args []Value, kwnames []string) (Value, error)
	// attrs turns the constructor's arguments into the primitive's
	// attributes; nil keeps none.
	attrs func(th *Thread, init map[string]Value) (ops.Attrs, error)
}

// A primParam is a constructor parameter; a nil default makes it
// required.
type primParam struct {
	name string
	def  Value
}

func (d *primDef) class() *Class {
	c := newMSClass(d.name, "mindspore.ops.operations", PrimitiveClass, nil)
	c.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		vals := make([]Value, len(d.params))
		pairs := make([]any, 0, 2*len(d.params))
		for i, prm := range d.params {
			vals[i] = prm.def
			name := prm.name + "?"
			if prm.def == nil {
				name = prm.name // no default: required
			}
			pairs = append(pairs, name, &vals[i])
		}
		if err := UnpackArgs(d.name, args, kwnames, pairs...); err != nil {
			return nil, err
		}
		p := &PrimValue{cls: cls, call: d.call}
		named := map[string]Value{}
		for i, prm := range d.params {
			p.init = append(p.init, primInitArg{prm.name, vals[i]})
			named[prm.name] = vals[i]
		}
		if d.attrs != nil {
			a, err := d.attrs(th, named)
			if err != nil {
				return nil, err
			}
			p.attrs = a
		}
		return p, nil
	}
	return c
}

// tensorArg reads a required tensor argument of op.
func tensorArg(op, name string, v Value) (*tensor.Tensor, error) {
	switch v := v.(type) {
	case *Tensor:
		return v.t, nil
	}
	return nil, TypeErrorf("For '%s', the '%s' must be a Tensor, but got %s.", op, name, TypeName(v))
}

// operandPair converts a binary op's two arguments: at least one is a
// tensor, and a Python scalar takes the tensor's dtype.
func (th *Thread) operandPair(op string, x, y Value) (*tensor.Tensor, *tensor.Tensor, error) {
	if xt, ok := x.(*Tensor); ok {
		yt, ok, err := th.tensorOperand(xt.t.DType(), y)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, TypeErrorf("For '%s', the 'y' must be a Tensor, number or bool, but got %s.", op, TypeName(y))
		}
		return xt.t, yt, nil
	}
	if yt, ok := y.(*Tensor); ok {
		xt, ok, err := th.tensorOperand(yt.t.DType(), x)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, TypeErrorf("For '%s', the 'x' must be a Tensor, number or bool, but got %s.", op, TypeName(x))
		}
		return xt, yt.t, nil
	}
	return nil, nil, TypeErrorf("For '%s', at least one of the inputs must be a Tensor, but got %s and %s.", op, TypeName(x), TypeName(y))
}

// binaryFunc is the functional form of a binary primitive: f(input, other).
func binaryFunc(p *ops.Primitive, params ...string) BuiltinFunc {
	if len(params) == 0 {
		params = []string{"input", "other"}
	}
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, y Value
		if err := UnpackArgs(p.Name, args, kwnames, params[0], &x, params[1], &y); err != nil {
			return nil, err
		}
		a, b, err := th.operandPair(p.Name, x, y)
		if err != nil {
			return nil, err
		}
		z, err := th.apply1(p, nil, a, b)
		if err != nil {
			return nil, err
		}
		return NewTensor(z), nil
	}
}

// unaryFunc is the functional form of a unary primitive: f(input).
func unaryFunc(p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		// One positional argument, the common call, needs no unpacking,
		// which was 4% of an operation on a small tensor.
		var x Value
		if len(args) == 1 && len(kwnames) == 0 {
			x = args[0]
		} else if err := UnpackArgs(p.Name, args, kwnames, "input", &x); err != nil {
			return nil, err
		}
		t, err := tensorArg(p.Name, "input", x)
		if err != nil {
			return nil, err
		}
		z, err := th.apply1(p, nil, t)
		if err != nil {
			return nil, err
		}
		return NewTensor(z), nil
	}
}

// callPrimFunc makes a primitive class whose call is a functional form.
func callPrimFunc(name string, fn BuiltinFunc) *primDef {
	return &primDef{name: name, call: func(th *Thread, p *PrimValue, args []Value, kwnames []string) (Value, error) {
		return fn(th, args, kwnames)
	}}
}

// elementwiseOps are the functional names of the elementwise primitives,
// with their primitive class names where MindSpore's differ.
var (
	unaryOps = map[string]*ops.Primitive{
		"neg": ops.Neg, "negative": ops.Neg, "abs": ops.Abs, "absolute": ops.Abs, "square": ops.Square,
		"sign": ops.Sign, "relu": ops.ReLU, "floor": ops.Floor, "ceil": ops.Ceil, "round": ops.Round,
		"exp": ops.Exp, "log": ops.Log, "sqrt": ops.Sqrt, "rsqrt": ops.Rsqrt, "reciprocal": ops.Reciprocal,
		"sin": ops.Sin, "cos": ops.Cos, "tan": ops.Tan, "tanh": ops.Tanh, "sigmoid": ops.Sigmoid,
		"erf": ops.Erf, "log1p": ops.Log1p, "expm1": ops.Expm1, "softplus": ops.Softplus,
		"logical_not": ops.LogicalNot, "invert": ops.Invert, "bitwise_not": ops.Invert,
	}
	binaryOps = map[string]*ops.Primitive{
		"add": ops.Add, "sub": ops.Sub, "subtract": ops.Sub, "mul": ops.Mul, "multiply": ops.Mul,
		"div": ops.Div, "divide": ops.Div, "true_divide": ops.Div, "floor_div": ops.FloorDiv,
		"floor_divide": ops.FloorDiv, "floor_mod": ops.FloorMod, "remainder": ops.FloorMod,
		"pow": ops.Pow, "maximum": ops.Maximum, "minimum": ops.Minimum,
		"equal": ops.Equal, "eq": ops.Equal, "not_equal": ops.NotEqual, "ne": ops.NotEqual,
		"less": ops.Less, "lt": ops.Less, "less_equal": ops.LessEqual, "le": ops.LessEqual,
		"greater": ops.Greater, "gt": ops.Greater, "greater_equal": ops.GreaterEqual, "ge": ops.GreaterEqual,
		"logical_and": ops.LogicalAnd, "logical_or": ops.LogicalOr, "logical_xor": ops.LogicalXor,
		"bitwise_and": ops.BitwiseAnd, "bitwise_or": ops.BitwiseOr, "bitwise_xor": ops.BitwiseXor,
		"atan2": ops.Atan2,
	}
	// primClassNames are MindSpore's class names of primitives whose Go
	// name differs.
	primClassNames = map[string]string{"Div": "RealDiv", "GeLU": "GeLU"}
)

func newOpsModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.ops", "Operators: functional forms and primitive classes.")
	importSubmodules(m)
	m.Members.Set("Primitive", PrimitiveClass)
	for name, p := range unaryOps {
		m.AddFunc(name, name+"(input)", "Elementwise "+p.Name+".", unaryFunc(p))
	}
	m.AddFunc("gelu", "gelu(input, approximate='tanh')", "GeLU activation.", unaryFunc(ops.GeLU))
	for name, f := range opsFuncs {
		m.AddFunc(name, f.sig, "", f.fn)
	}
	for name, p := range binaryOps {
		m.AddFunc(name, name+"(input, other)", "Elementwise "+p.Name+" with broadcasting.", binaryFunc(p))
	}
	var defs []*primDef
	seen := map[string]bool{}
	for _, table := range []map[string]*ops.Primitive{unaryOps, binaryOps} {
		for _, p := range table {
			if seen[p.Name] {
				continue
			}
			seen[p.Name] = true
			fn := unaryFunc(p)
			if _, ok := table["add"]; ok {
				fn = binaryFunc(p, "x", "y")
			}
			defs = append(defs, callPrimFunc(p.Name, fn))
			if alias, ok := primClassNames[p.Name]; ok && alias != p.Name {
				defs = append(defs, callPrimFunc(alias, fn))
			}
		}
	}
	defs = append(defs, callPrimFunc("GeLU", unaryFunc(ops.GeLU)))
	defs = append(defs, opsClassDefs()...)
	sort.Slice(defs, func(i, j int) bool { return defs[i].name < defs[j].name })
	for _, d := range defs {
		m.Members.Set(d.name, d.class())
	}
	return m, nil
}
