// Package interp owns the msrepl runtime: values, the bytecode interpreter,
// builtins, the module registry and the built-in modules, and Session, the
// engine that the terminal REPL and the Jupyter kernel both drive.
//
// Values are Go types that implement Value; optional interfaces (HasBinary,
// HasAttrs, Indexable, Callable, ...) give them operators, attributes,
// indexing and calls, so that a new kind of value (a Tensor) plugs into the
// language without changes to the interpreter. interp does no parsing
// (package lang does) and never prints to the process's stdout or stderr: all
// output goes to the Session's sink.
package interp

import (
	"msrepl/lang/syntax"
)

// A Value is a value of the language. Type returns its class: what type(v)
// gives.
type Value interface {
	Type() *Class
}

// Optional capabilities. The interpreter tries them, in addition to its fast
// paths for the built-in types and the dunder methods of user classes.
type (
	// Reprer gives repr(v).
	Reprer interface {
		Repr(th *Thread) (string, error)
	}
	// Stringer gives str(v) when it differs from repr(v).
	Stringer interface {
		Str(th *Thread) (string, error)
	}
	// Truther gives bool(v); values without it are true.
	Truther interface {
		Truth(th *Thread) (bool, error)
	}
	// Hasher gives hash(v). Values without it hash by identity if they are
	// pointers, and are unhashable otherwise.
	Hasher interface {
		Hash(th *Thread) (int64, error)
	}
	// Lener gives len(v).
	Lener interface {
		Len(th *Thread) (int, error)
	}
	// Iterable gives iter(v).
	Iterable interface {
		Iterate(th *Thread) (Iterator, error)
	}
	// Indexable gives v[key].
	Indexable interface {
		GetItem(th *Thread, key Value) (Value, error)
	}
	// SetIndexable gives v[key] = x.
	SetIndexable interface {
		SetItem(th *Thread, key, x Value) error
	}
	// DelIndexable gives del v[key].
	DelIndexable interface {
		DelItem(th *Thread, key Value) error
	}
	// Container gives x in v.
	Container interface {
		Contains(th *Thread, x Value) (bool, error)
	}
	// HasAttrs gives v.name. It reports found=false for a missing attribute;
	// the interpreter then looks in the class and raises AttributeError.
	HasAttrs interface {
		Attr(th *Thread, name string) (v Value, found bool, err error)
	}
	// AttrNamer lists the attributes that HasAttrs provides, for dir() and
	// completion.
	AttrNamer interface {
		AttrNames() []string
	}
	// HasSetAttr gives v.name = x.
	HasSetAttr interface {
		SetAttr(th *Thread, name string, x Value) error
	}
	// Callable gives v(args). The last len(kwnames) of args are keyword
	// arguments with those names. args may alias the interpreter's stack: a
	// callee that keeps it must copy it.
	Callable interface {
		Call(th *Thread, args []Value, kwnames []string) (Value, error)
	}
	// HasBinary gives x op y. The receiver is x, or y when right is set. A
	// result of (nil, nil) means NotImplemented: the other operand is asked.
	HasBinary interface {
		Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error)
	}
	// HasUnary gives -x, +x and ~x; (nil, nil) means unsupported.
	HasUnary interface {
		Unary(th *Thread, op syntax.Token) (Value, error)
	}
	// Comparer gives x op y for ==, !=, <, <=, >, >=. The receiver is x, or
	// y when right is set (and op is already reflected). (nil, nil) means
	// NotImplemented.
	Comparer interface {
		Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error)
	}
)

// An Iterator produces the values of an iteration. Next returns ok=false at
// the end.
type Iterator interface {
	Value
	Next(th *Thread) (v Value, ok bool, err error)
}

// ---- singletons ----

// NoneType is the type of None.
type NoneType struct{}

// None is the value None.
var None Value = NoneType{}

func (NoneType) Type() *Class { return NoneTypeClass }

// Bool is True or False.
type Bool bool

// True and False as Values, to avoid boxing.
var (
	True  Value = Bool(true)
	False Value = Bool(false)
)

// MakeBool returns True or False.
func MakeBool(b bool) Value {
	if b {
		return True
	}
	return False
}

func (Bool) Type() *Class { return BoolClass }

// EllipsisType is the type of ... .
type EllipsisType struct{}

// Ellipsis is the value ... .
var Ellipsis Value = EllipsisType{}

func (EllipsisType) Type() *Class { return EllipsisClass }

// NotImplementedType is the type of NotImplemented, which a binary dunder
// method returns to let the other operand try.
type NotImplementedType struct{}

// NotImplemented is the value NotImplemented.
var NotImplemented Value = NotImplementedType{}

func (NotImplementedType) Type() *Class { return NotImplementedClass }

// TypeName returns the name of v's type, as error messages show it.
func TypeName(v Value) string {
	if v == nil {
		return "NULL"
	}
	if c := v.Type(); c.TypeName != "" {
		return c.TypeName
	}
	return v.Type().Name
}
