// Package ir owns the static-graph IR: FuncGraphs of nodes in
// administrative normal form, the abstract values inference gives them,
// the graph builder through which primitives are emitted, the verifier the
// passes are checked with, and the printers (MindIR's layout and a compact
// one). It must not capture source, run graphs, or import the rest of
// graphmode; ops is the only package of primitives it knows.
package ir

import (
	"fmt"
	"strings"

	"msrepl/tensor"
)

// An Abstract is what inference knows of a value: a tensor's dtype and
// shape, or a host value's type, and for constants the value itself.
type Abstract interface {
	// String is the value as MindIR's type lines write it:
	// "<Tensor[Float32], (2, 3)>", "<Int64, NoShape>".
	String() string
	isAbstract()
}

// TensorAbs is a tensor of known dtype and shape.
type TensorAbs struct{ tensor.Meta }

// ScalarKind is the type of a host scalar.
type ScalarKind uint8

// The host scalar types, named as MindIR names them.
const (
	Bool ScalarKind = iota
	Int64
	Float64
	String
)

var scalarNames = [...]string{"Bool", "Int64", "Float64", "String"}

func (k ScalarKind) String() string { return scalarNames[k] }

// Valid reports whether k is one of the kinds above.
func (k ScalarKind) Valid() bool { return int(k) < len(scalarNames) }

// ScalarAbs is a host scalar: a Python bool, int, float or str. Value holds
// the constant (bool, int64, float64 or string), or nil for a variable
// (a mutable() input).
type ScalarAbs struct {
	Kind  ScalarKind
	Value any
}

// NoneAbs is None.
type NoneAbs struct{}

// TupleAbs and ListAbs are sequences of known length.
type (
	TupleAbs struct{ Elems []Abstract }
	ListAbs  struct{ Elems []Abstract }
)

// DictAbs is a dict with string keys, in insertion order.
type DictAbs struct {
	Keys   []string
	Values []Abstract
}

// FuncAbs is a function value: one of Graphs.
type FuncAbs struct{ Graphs []*FuncGraph }

// AnyAbs is a value only the host knows, such as the result of a JIT
// Fallback node run by the interpreter.
type AnyAbs struct{}

func (TensorAbs) isAbstract() {}
func (ScalarAbs) isAbstract() {}
func (NoneAbs) isAbstract()   {}
func (TupleAbs) isAbstract()  {}
func (ListAbs) isAbstract()   {}
func (DictAbs) isAbstract()   {}
func (FuncAbs) isAbstract()   {}
func (AnyAbs) isAbstract()    {}

func (a TensorAbs) String() string {
	return fmt.Sprintf("<Tensor[%v], %v>", a.DType, a.Shape)
}

func (a ScalarAbs) String() string { return "<" + a.Kind.String() + ", NoShape>" }

func (NoneAbs) String() string { return "<None, NoShape>" }

func (a TupleAbs) String() string { return seqString("Tuple", a.Elems) }

func (a ListAbs) String() string { return seqString("List", a.Elems) }

func (a DictAbs) String() string {
	return fmt.Sprintf("<Dictionary[[%s,],[%s]], NoShape>", strings.Join(a.Keys, ","), typeNames(a.Values))
}

func (FuncAbs) String() string { return "<Func, NoShape>" }

func (AnyAbs) String() string { return "<Any, NoShape>" }

// seqString writes a tuple or list as MindIR does:
// "<Tuple[Tensor[Float32],Int64], TupleShape((2), NoShape)>".
func seqString(kind string, elems []Abstract) string {
	shapes := make([]string, len(elems))
	for i, e := range elems {
		shapes[i] = shapeName(e)
	}
	return fmt.Sprintf("<%s[%s], %sShape(%s)>", kind, typeNames(elems), kind, strings.Join(shapes, ", "))
}

// typeNames lists the element types without their shapes.
func typeNames(elems []Abstract) string {
	names := make([]string, len(elems))
	for i, e := range elems {
		names[i] = typeName(e)
	}
	return strings.Join(names, ",")
}

func typeName(a Abstract) string {
	switch a := a.(type) {
	case TensorAbs:
		return fmt.Sprintf("Tensor[%v]", a.DType)
	case ScalarAbs:
		return a.Kind.String()
	case TupleAbs:
		return "Tuple[" + typeNames(a.Elems) + "]"
	case ListAbs:
		return "List[" + typeNames(a.Elems) + "]"
	case NoneAbs:
		return "None"
	case FuncAbs:
		return "Func"
	case DictAbs:
		return "Dictionary"
	}
	return "Any"
}

func shapeName(a Abstract) string {
	if t, ok := a.(TensorAbs); ok {
		return t.Shape.String()
	}
	return "NoShape"
}

// Equal reports whether two abstract values describe the same type, shape
// and, for constants, value.
func Equal(a, b Abstract) bool {
	switch x := a.(type) {
	case TensorAbs:
		y, ok := b.(TensorAbs)
		return ok && x.DType == y.DType && x.Shape.Equal(y.Shape)
	case ScalarAbs:
		y, ok := b.(ScalarAbs)
		return ok && x.Kind == y.Kind && x.Value == y.Value
	case TupleAbs:
		y, ok := b.(TupleAbs)
		return ok && allEqual(x.Elems, y.Elems)
	case ListAbs:
		y, ok := b.(ListAbs)
		return ok && allEqual(x.Elems, y.Elems)
	case DictAbs:
		y, ok := b.(DictAbs)
		if !ok || len(x.Keys) != len(y.Keys) {
			return false
		}
		for i, k := range x.Keys {
			if y.Keys[i] != k {
				return false
			}
		}
		return allEqual(x.Values, y.Values)
	case FuncAbs:
		y, ok := b.(FuncAbs)
		if !ok || len(x.Graphs) != len(y.Graphs) {
			return false
		}
		for i, g := range x.Graphs {
			if y.Graphs[i] != g {
				return false
			}
		}
		return true
	case NoneAbs:
		_, ok := b.(NoneAbs)
		return ok
	case AnyAbs:
		_, ok := b.(AnyAbs)
		return ok
	}
	return false
}

func allEqual(a, b []Abstract) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}
