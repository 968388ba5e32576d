package interp

import (
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

// Mutable is the value of mindspore.mutable(x): x marked as a variable for
// graph mode. A jit function or a GRAPH_MODE Cell takes the numbers in it
// as graph inputs (0-d Tensors, as the variable scalars a branch makes)
// instead of folding them, so that a new value runs the same graph rather
// than compiling another. Everywhere else it is x: operators, attributes,
// iteration and indexing go to x, and Go builtins receive x itself
// (plainArgs), as MindSpore's mutable returns a subclass of x's type.
type Mutable struct {
	v Value
	// dynamicLen is mutable(seq, dynamic_len=True): the sequence's length
	// would be a graph input too.
	dynamicLen bool
}

// Type is x's class, so that isinstance and type() see x.
func (m *Mutable) Type() *Class { return m.v.Type() }

func (m *Mutable) Repr(th *Thread) (string, error) { return th.Repr(m.v) }
func (m *Mutable) Str(th *Thread) (string, error)  { return th.Str(m.v) }
func (m *Mutable) Truth(th *Thread) (bool, error)  { return th.Truth(m.v) }
func (m *Mutable) Hash(th *Thread) (int64, error)  { return th.Hash(m.v) }
func (m *Mutable) Len(th *Thread) (int, error)     { return th.Len(m.v) }

func (m *Mutable) Iterate(th *Thread) (Iterator, error)             { return th.Iterate(m.v) }
func (m *Mutable) GetItem(th *Thread, key Value) (Value, error)     { return th.GetItem(m.v, key) }
func (m *Mutable) SetItem(th *Thread, key, x Value) error           { return th.SetItem(m.v, key, x) }
func (m *Mutable) DelItem(th *Thread, key Value) error              { return th.DelItem(m.v, key) }
func (m *Mutable) Contains(th *Thread, x Value) (bool, error)       { return th.Contains(m.v, x) }
func (m *Mutable) Unary(th *Thread, op syntax.Token) (Value, error) { return th.Unary(op, m.v) }

func (m *Mutable) Attr(th *Thread, name string) (Value, bool, error) {
	v, err := th.GetAttr(m.v, name)
	return v, err == nil, err
}

func (m *Mutable) Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	if right {
		return th.Binary(op, plain(other), m.v)
	}
	return th.Binary(op, m.v, plain(other))
}

func (m *Mutable) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	if right {
		return th.CompareOp(op, plain(other), m.v)
	}
	return th.CompareOp(op, m.v, plain(other))
}

// plain is v without a mutable() mark.
func plain(v Value) Value {
	if m, ok := v.(*Mutable); ok {
		return m.v
	}
	return v
}

// plainArgs is args with the mutable() marks removed, for a Go builtin;
// args itself when it has none, as it has unless the session ever called
// mutable().
func (th *Thread) plainArgs(args []Value) []Value {
	if th.session == nil || !th.session.sawMutable {
		return args
	}
	for i, a := range args {
		if _, ok := a.(*Mutable); ok {
			out := append([]Value(nil), args[:i]...)
			for _, b := range args[i:] {
				out = append(out, plain(b))
			}
			return out
		}
	}
	return args
}

// msMutable is mindspore.mutable(input_data, dynamic_len=False). Called
// while a graph is captured, it makes the numbers in input_data variables
// of the graph, 0-d Tensors.
func msMutable(th *Thread, args []Value, kwnames []string) (Value, error) {
	var data Value
	dynamicLen := false
	if err := UnpackArgs("mutable", args, kwnames, "input_data", &data, "dynamic_len?", &dynamicLen); err != nil {
		return nil, err
	}
	data = plain(data)
	if bad := notMutable(data, 0); bad != nil {
		what := TypeName(data)
		if bad != data {
			r, _ := th.Repr(bad)
			what = fmt.Sprintf("%s holding %s %s", what, TypeName(bad), r)
		}
		return nil, TypeErrorf("For 'mutable', the 'input_data' should be one of (int, float, bool, Tensor, tuple, list, dict) "+
			"or their nested structures, but got %s.", what)
	}
	if dynamicLen {
		if err := sameElements(th, data); err != nil {
			return nil, err
		}
	}
	if _, ok := data.(*Tensor); ok {
		return data, nil
	}
	if _, capturing := th.ms().tracer(); capturing {
		if dynamicLen {
			return nil, dynamicLenUnsupported()
		}
		return graphLeaves(data, true, func(leaf Value) Value {
			if x, ok := leaf.(*Tensor); ok {
				return x
			}
			t, err := th.variableScalar(leaf)
			if err != nil {
				return leaf
			}
			return NewTensor(t)
		}), nil
	}
	th.session.sawMutable = true
	return &Mutable{v: data, dynamicLen: dynamicLen}, nil
}

// notMutable is the first value in v that mutable does not accept, or
// nil: it takes numbers, Tensors, and tuples, lists and dicts of them,
// nested.
func notMutable(v Value, depth int) Value {
	var elems []Value
	switch v := v.(type) {
	case Int, Float, Bool, *Tensor:
		return nil
	case Tuple:
		elems = v
	case *List:
		elems = v.elems
	case *Dict:
		for _, kv := range v.Items() {
			elems = append(elems, kv[1])
		}
	default:
		return v
	}
	if depth > 64 {
		return v
	}
	for _, e := range elems {
		if bad := notMutable(e, depth+1); bad != nil {
			return bad
		}
	}
	return nil
}

// sameElements checks what dynamic_len=True needs: a tuple or list whose
// elements have one type (and one dtype and shape, for Tensors).
func sameElements(th *Thread, v Value) error {
	var elems []Value
	switch v := v.(type) {
	case Tuple:
		elems = v
	case *List:
		elems = v.elems
	default:
		return TypeErrorf("For 'mutable', when the 'dynamic_len' is True, the 'input_data' should be list or tuple, but got %s.", TypeName(v))
	}
	if len(elems) == 0 {
		return nil
	}
	a, errA := jitArgAbstract(elems[0])
	for _, e := range elems[1:] {
		b, errB := jitArgAbstract(e)
		if errA != nil || errB != nil || e.Type() != elems[0].Type() || (isTensorAbs(a) && a.String() != b.String()) {
			return Errorf(ValueErrorClass, "For 'mutable', when the 'dynamic_len' is True, the elements of 'input_data' "+
				"should have the same type and shape, but got %s and %s.", th.typeShape(elems[0]), th.typeShape(e))
		}
	}
	return nil
}

func isTensorAbs(a ir.Abstract) bool {
	_, ok := a.(ir.TensorAbs)
	return ok
}

// typeShape names a value's type, with a Tensor's dtype and shape.
func (th *Thread) typeShape(v Value) string {
	if x, ok := v.(*Tensor); ok {
		return fmt.Sprintf("Tensor[%v]%s", x.t.DType(), x.t.Shape().String())
	}
	return TypeName(v)
}

func dynamicLenUnsupported() error {
	return Errorf(NotImplementedErrorClass, "mutable(..., dynamic_len=True): graph mode compiles a sequence's length into the graph; "+
		"pass the elements as one Tensor, whose first dim can be dynamic")
}

// variableScalar is a number as a graph input: a 0-d Tensor, Int64 for an
// int, Float32 for a float and Bool for a bool, the dtypes of the
// variable scalars a branch on a Tensor makes.
func (th *Thread) variableScalar(v Value) (*tensor.Tensor, error) {
	switch v := v.(type) {
	case Bool:
		i := int64(0)
		if v {
			i = 1
		}
		return th.scalarTensor(tensor.Bool, float64(i), i)
	case Int:
		return th.scalarTensor(tensor.Int64, float64(v), int64(v))
	case Float:
		return th.scalarTensor(tensor.Float32, float64(v), int64(v))
	}
	return nil, TypeErrorf("a %s cannot be a graph input", TypeName(v))
}

// graphLeaves is v with each of its graph inputs replaced by f's result,
// in order: its Tensors, through tuples, lists and dict values, and, inside
// a mutable() (or with variable set), its numbers.
func graphLeaves(v Value, variable bool, f func(Value) Value) Value {
	return mapLeaves(v, variable, true, f)
}

// mapTensors is v with each Tensor in it, through tuples, lists and dict
// values, replaced by f's result, in order.
func mapTensors(v Value, f func(*Tensor) Value) Value {
	return mapLeaves(v, false, false, func(x Value) Value { return f(x.(*Tensor)) })
}

// mapLeaves maps v's Tensors, and its numbers where variable; marks says
// whether a mutable() makes the numbers inside it variable.
func mapLeaves(v Value, variable, marks bool, f func(Value) Value) Value {
	switch x := v.(type) {
	case *Mutable:
		if marks {
			return mapLeaves(x.v, true, marks, f)
		}
	case *Tensor:
		return f(x)
	case Int, Float, Bool:
		if variable {
			return f(x)
		}
	case Tuple:
		out := make(Tuple, len(x))
		for i, e := range x {
			out[i] = mapLeaves(e, variable, marks, f)
		}
		return out
	case *List:
		out := make([]Value, len(x.elems))
		for i, e := range x.elems {
			out[i] = mapLeaves(e, variable, marks, f)
		}
		return NewList(out)
	case *Dict:
		out := x.Copy()
		for i := range out.entries {
			if e := &out.entries[i]; e.key != nil {
				e.value = mapLeaves(e.value, variable, marks, f)
			}
		}
		return out
	}
	return v
}

// variableMark stands, in a cache key, for a number a graph takes as an
// input: only its type is known.
type variableMark struct{ class *Class }

func (m variableMark) Type() *Class { return m.class }

// graphInputMeta is the dtype and shape of a graph input: a Tensor's, or a
// number's as variableScalar makes it.
func graphInputMeta(v Value) tensor.Meta {
	switch v := v.(type) {
	case *Tensor:
		return v.t.Meta()
	case Bool:
		return tensor.Meta{DType: tensor.Bool}
	case Int:
		return tensor.Meta{DType: tensor.Int64}
	}
	return tensor.Meta{DType: tensor.Float32}
}
