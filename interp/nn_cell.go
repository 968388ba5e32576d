package interp

import (
	"fmt"
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The machinery of the built-in cells of mindspore.nn. A built-in cell is
// an ordinary Cell instance of a class whose __init__, construct and
// extend_repr are Go: its configuration and Parameters are attributes, set
// through Cell.__setattr__ as MindSpore's Python sets them, and construct
// reads them back, so that a user may subclass a layer, read its
// attributes or replace them. Every computation applies primitives through
// the session's builder.

// A cellDef defines a built-in Cell class.
type cellDef struct {
	name   string
	module string // MindSpore's module of the class, for repr(type)
	doc    string
	base   *Class // NNCellClass when nil
	// params are __init__'s parameters after self, with their defaults
	// (nil for a required one); init receives the bound arguments by name.
	params []primParam
	init   func(th *Thread, self *Instance, a cellArgs) error
	// inputs are construct's parameters after self; construct receives
	// the bound arguments in order.
	inputs     []primParam
	construct  func(th *Thread, self *Instance, in []Value) (Value, error)
	extendRepr func(th *Thread, self *Instance) (string, error)
	methods    map[string]BuiltinFunc
	// class is the class register made.
	class *Class
}

// cellArgs are __init__'s bound arguments by name.
type cellArgs map[string]Value

// cellDefs finds the definition of a built-in Cell class.
var cellDefs = map[*Class]*cellDef{}

// register creates the class, d.class, and adds it to mindspore.nn.
func (d *cellDef) register() {
	base := d.base
	if base == nil {
		base = NNCellClass
	}
	c := newMSClass(d.name, d.module, base, nil)
	c.Doc = d.doc
	d.class = c
	cellDefs[c] = d
	methods := map[string]BuiltinFunc{}
	if d.init != nil {
		methods["__init__"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			self, err := cellSelf("__init__", args[0])
			if err != nil {
				return nil, err
			}
			vals, err := bindArgs(d.name+".__init__", d.params, args[1:], kwnames)
			if err != nil {
				return nil, err
			}
			a := make(cellArgs, len(vals))
			for i, p := range d.params {
				a[p.name] = vals[i]
			}
			if _, err := cellInit(th, []Value{self}, nil); err != nil {
				return nil, err
			}
			return None, d.init(th, self, a)
		}
	}
	if d.construct != nil {
		methods["construct"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			self, err := cellSelf("construct", args[0])
			if err != nil {
				return nil, err
			}
			in, err := bindArgs(d.name+".construct", d.inputs, args[1:], kwnames)
			if err != nil {
				return nil, err
			}
			return d.construct(th, self, in)
		}
	}
	if d.extendRepr != nil {
		methods["extend_repr"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("extend_repr", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			self, err := cellSelf("extend_repr", args[0])
			if err != nil {
				return nil, err
			}
			s, err := d.extendRepr(th, self)
			return Str(s), err
		}
	}
	for name, fn := range d.methods {
		methods[name] = fn
	}
	defMethods(c, methods)
	nnLayers = append(nnLayers, c)
}

// bindArgs binds a call's arguments to params as a Python method binds
// them, with CPython's messages (which count self); a parameter whose
// default is nil is required, and a last parameter named "*args" takes
// the remaining positional arguments as a tuple.
func bindArgs(qualname string, params []primParam, args []Value, kwnames []string) ([]Value, error) {
	npos := len(args) - len(kwnames)
	if n := len(params); n > 0 && strings.HasPrefix(params[n-1].name, "*") {
		if len(kwnames) > 0 {
			return nil, TypeErrorf("%s() got an unexpected keyword argument '%s'", qualname, kwnames[0])
		}
		out, err := bindArgs(qualname, params[:n-1], args[:min(npos, n-1)], nil)
		if err != nil {
			return nil, err
		}
		return append(out, Tuple(append([]Value(nil), args[min(npos, n-1):]...))), nil
	}
	if npos > len(params) {
		required := 0
		for _, p := range params {
			if p.def == nil {
				required++
			}
		}
		takes := fmt.Sprintf("takes %d positional argument%s", len(params)+1, plural(len(params)+1))
		if required < len(params) {
			takes = fmt.Sprintf("takes from %d to %d positional arguments", required+1, len(params)+1)
		}
		return nil, TypeErrorf("%s() %s but %d were given", qualname, takes, npos+1)
	}
	out := make([]Value, len(params))
	copy(out, args[:npos])
	for k, kw := range kwnames {
		i := 0
		for i < len(params) && params[i].name != kw {
			i++
		}
		if i == len(params) {
			return nil, TypeErrorf("%s() got an unexpected keyword argument '%s'", qualname, kw)
		}
		if out[i] != nil {
			return nil, TypeErrorf("%s() got multiple values for argument '%s'", qualname, kw)
		}
		out[i] = args[npos+k]
	}
	var missing []string
	for i, p := range params {
		if out[i] == nil {
			if p.def == nil {
				missing = append(missing, p.name)
			}
			out[i] = p.def
		}
	}
	if len(missing) > 0 {
		return nil, TypeErrorf("%s() missing %d required positional argument%s: %s",
			qualname, len(missing), plural(len(missing)), quotedList(missing))
	}
	return out, nil
}

// The construct methods read a cell's configuration back through the
// attribute protocol, so that a user's override or replacement is seen.

// attrTruth reads self.name as a bool.
func (th *Thread) attrTruth(self *Instance, name string) (bool, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return false, err
	}
	return th.Truth(v)
}

// attrInt reads self.name as an int.
func (th *Thread) attrInt(self *Instance, name string) (int, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return 0, err
	}
	return toIndex(v)
}

// attrFloat reads self.name as a float.
func (th *Thread) attrFloat(self *Instance, name string) (float64, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return 0, err
	}
	f, ok, err := asFloat(v)
	if err == nil && !ok {
		err = TypeErrorf("For '%s', the '%s' must be a number, but got %s.", self.class.Name, name, TypeName(v))
	}
	return f, err
}

// attrTensor reads self.name, which must be a Tensor (a Parameter, as a
// rule).
func (th *Thread) attrTensor(self *Instance, name string) (*Tensor, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return nil, err
	}
	t, ok := v.(*Tensor)
	if !ok {
		return nil, TypeErrorf("For '%s', the '%s' must be a Parameter or Tensor, but got %s.", self.class.Name, name, TypeName(v))
	}
	return t, nil
}

// setAttrs sets self's attributes in order, through Cell.__setattr__.
func (th *Thread) setAttrs(self *Instance, kv ...any) error {
	for i := 0; i < len(kv); i += 2 {
		if err := th.SetAttr(self, kv[i].(string), kv[i+1].(Value)); err != nil {
			return err
		}
	}
	return nil
}

// cellInput reads an input of a built-in cell, which must be a Tensor.
func cellInput(cell, name string, v Value) (*tensor.Tensor, error) {
	if t, ok := v.(*Tensor); ok {
		return t.t, nil
	}
	return nil, TypeErrorf("For '%s', the input '%s' must be a Tensor, but got %s.", cell, name, TypeName(v))
}

// newParam makes a Parameter as MindSpore's layers do,
// Parameter(initializer(init, shape, dtype), name=name, requires_grad=rg).
func (th *Thread) newParam(init Value, shape tensor.Shape, dt tensor.DType, name string, requiresGrad bool) (*Tensor, error) {
	t, err := th.initializer(init, shapeTuple(shape), dtypeValue(dt))
	if err != nil {
		return nil, err
	}
	return th.trackParam(&Tensor{t: t.t, param: &paramInfo{name: name, requiresGrad: requiresGrad}}), nil
}

// reprs formats values as str() does, for extend_repr's format strings;
// a Parameter shows as MindSpore's str shows it, by name, shape and dtype.
func (th *Thread) reprs(format string, vals ...Value) (string, error) {
	args := make([]any, len(vals))
	for i, v := range vals {
		str := th.Str
		if t, ok := v.(*Tensor); ok && t.param != nil {
			str = th.Repr
		}
		s, err := str(v)
		if err != nil {
			return "", err
		}
		args[i] = s
	}
	return fmt.Sprintf(format, args...), nil
}

// scalarLike makes a 0-d tensor of t's dtype holding f.
func (th *Thread) scalarLike(t *tensor.Tensor, f float64) (*tensor.Tensor, error) {
	return th.scalarTensor(t.DType(), f, int64(f))
}

// binop applies a binary primitive to tensors.
func (th *Thread) binop(p *ops.Primitive, a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return th.apply1(p, nil, a, b)
}

// scaled is t * f, f taking t's dtype.
func (th *Thread) scaled(t *tensor.Tensor, f float64) (*tensor.Tensor, error) {
	s, err := th.scalarLike(t, f)
	if err != nil {
		return nil, err
	}
	return th.binop(ops.Mul, t, s)
}

// reshaped is t with another shape.
func (th *Thread) reshaped(t *tensor.Tensor, shape ...int) (*tensor.Tensor, error) {
	return th.apply1(ops.Reshape, ops.Attrs{"shape": shape}, t)
}

// checkPositiveInt is MindSpore's Validator.check_positive_int.
func checkPositiveInt(cls, name string, v Value) (int, error) {
	n, ok := v.(Int)
	if !ok {
		return 0, TypeErrorf("For '%s', the '%s' must be int, but got '%s'.", cls, name, TypeName(v))
	}
	if n <= 0 {
		return 0, ValueErrorf("For '%s', the '%s' must be int and must > 0, but got '%d' with type 'int'.", cls, name, n)
	}
	return int(n), nil
}

// checkBool is MindSpore's Validator.check_bool.
func checkBool(cls, name string, v Value) (bool, error) {
	b, ok := v.(Bool)
	if !ok {
		return false, TypeErrorf("For '%s', the type of '%s' should be 'bool', but got type '%s'.", cls, name, TypeName(v))
	}
	return bool(b), nil
}

// checkFloat is Validator.check_value_type(name, v, [float, int]) followed
// by a conversion to float.
func checkFloat(cls, name string, v Value) (float64, error) {
	switch n := v.(type) {
	case Float:
		return float64(n), nil
	case Int:
		return float64(n), nil
	}
	return 0, TypeErrorf("For '%s', the type of '%s' should be one of '['float', 'int']', but got type '%s'.", cls, name, TypeName(v))
}
