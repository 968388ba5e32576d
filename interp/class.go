package interp

import (
	"strings"
)

// Attrs is an insertion-ordered map from names to values: a class namespace,
// an instance's __dict__ or a module's members.
type Attrs struct {
	m     map[string]Value
	order []string
}

// NewAttrs returns an empty Attrs.
func NewAttrs() *Attrs { return &Attrs{m: make(map[string]Value)} }

// Get returns the value of name.
func (a *Attrs) Get(name string) (Value, bool) {
	if a == nil {
		return nil, false
	}
	v, ok := a.m[name]
	return v, ok
}

// Set binds name to v, keeping the name's first position in the order.
func (a *Attrs) Set(name string, v Value) {
	if _, ok := a.m[name]; !ok {
		a.order = append(a.order, name)
	}
	a.m[name] = v
}

// Delete removes name and reports whether it was present.
func (a *Attrs) Delete(name string) bool {
	if _, ok := a.m[name]; !ok {
		return false
	}
	delete(a.m, name)
	for i, k := range a.order {
		if k == name {
			a.order = append(a.order[:i], a.order[i+1:]...)
			break
		}
	}
	return true
}

// Keys returns the names in insertion order.
func (a *Attrs) Keys() []string {
	if a == nil {
		return nil
	}
	return a.order
}

// Len returns the number of names.
func (a *Attrs) Len() int {
	if a == nil {
		return 0
	}
	return len(a.order)
}

// NewFunc builds the instance for a call of a class, before __init__.
type NewFunc func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error)

// A Class is a type: a built-in one (int, list, ...) or one defined by a
// class statement.
type Class struct {
	Name     string
	QualName string
	Module   string
	Doc      string
	Bases    []*Class
	MRO      []*Class // this class first, object last
	Dict     *Attrs

	// New builds instances. Built-in types set it; a user class uses the
	// first New along its MRO. When InitAfterNew is set, __init__ is then
	// called with the same arguments.
	New          NewFunc
	InitAfterNew bool
	// Final classes cannot be subclassed.
	Final bool
	// TypeName, when set, is how error messages name the type, where
	// that is not Name: an extension type's C name, as "numpy.float64".
	TypeName string
}

func (c *Class) Type() *Class { return TypeClass }

// Lookup finds name along the MRO.
func (c *Class) Lookup(name string) (Value, bool) {
	for _, k := range c.MRO {
		if v, ok := k.Dict.m[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// IsSubclass reports whether c is base or derives from it.
func (c *Class) IsSubclass(base *Class) bool {
	if c == base {
		return true
	}
	for _, k := range c.MRO {
		if k == base {
			return true
		}
	}
	return false
}

// newFunc returns the constructor c uses and whether __init__ follows it.
func (c *Class) newFunc() (NewFunc, bool) {
	for _, k := range c.MRO {
		if k.New != nil {
			return k.New, k.InitAfterNew
		}
	}
	return nil, false
}

// NewBuiltinClass creates a class implemented in Go. Its methods are added
// to Dict by the caller.
func NewBuiltinClass(name string, base *Class, newFn NewFunc) *Class {
	c := &Class{Name: name, QualName: name, Module: "builtins", Dict: NewAttrs(), New: newFn}
	if base != nil {
		c.Bases = []*Class{base}
		c.MRO = append([]*Class{c}, base.MRO...)
	} else {
		c.MRO = []*Class{c}
	}
	return c
}

// NewClass creates a class from a class statement or type(name, bases, ns).
func NewClass(th *Thread, name, qualname string, bases []*Class, ns *Attrs) (*Class, error) {
	if len(bases) == 0 {
		bases = []*Class{ObjectClass}
	}
	for _, b := range bases {
		if b.Final {
			return nil, TypeErrorf("type '%s' is not an acceptable base type", b.Name)
		}
	}
	c := &Class{Name: name, QualName: qualname, Module: "__main__", Bases: bases, Dict: ns}
	mro, err := c3(c, bases)
	if err != nil {
		return nil, TypeErrorf("%s", err.Error())
	}
	c.MRO = mro
	if err := checkLayout(th, c); err != nil {
		return nil, err
	}
	if m, ok := ns.Get("__module__"); ok {
		if s, ok := m.(Str); ok {
			c.Module = string(s)
		}
	}
	if d, ok := ns.Get("__doc__"); ok {
		if s, ok := d.(Str); ok {
			c.Doc = string(s)
		}
	}
	return c, nil
}

// checkLayout rejects bases whose instances are different Go types, such as
// an exception class and another built-in type that builds its own instances.
func checkLayout(th *Thread, c *Class) error {
	var owner *Class
	for _, k := range c.MRO {
		if k.New == nil || k == ObjectClass {
			continue
		}
		if owner == nil {
			owner = k
			continue
		}
		if !owner.IsSubclass(k) {
			return TypeErrorf("multiple bases have instance lay-out conflict")
		}
	}
	return nil
}

type mroError struct{ bases []*Class }

func (e *mroError) Error() string {
	names := make([]string, len(e.bases))
	for i, b := range e.bases {
		names[i] = b.Name
	}
	return "Cannot create a consistent method resolution order (MRO) for bases " + strings.Join(names, ", ")
}

// c3 computes Python's C3 linearization of a class with the given bases.
func c3(c *Class, bases []*Class) ([]*Class, error) {
	var seqs [][]*Class
	for _, b := range bases {
		seqs = append(seqs, append([]*Class(nil), b.MRO...))
	}
	seqs = append(seqs, append([]*Class(nil), bases...))
	result := []*Class{c}
	for {
		nonEmpty := seqs[:0]
		for _, s := range seqs {
			if len(s) > 0 {
				nonEmpty = append(nonEmpty, s)
			}
		}
		seqs = nonEmpty
		if len(seqs) == 0 {
			return result, nil
		}
		var next *Class
		for _, s := range seqs {
			cand := s[0]
			inTail := false
			for _, t := range seqs {
				for _, x := range t[1:] {
					if x == cand {
						inTail = true
					}
				}
			}
			if !inTail {
				next = cand
				break
			}
		}
		if next == nil {
			return nil, &mroError{bases: bases}
		}
		result = append(result, next)
		for i, s := range seqs {
			if s[0] == next {
				seqs[i] = s[1:]
			}
		}
	}
}

// The built-in classes. Their methods are installed by init functions next
// to each type's implementation.
var (
	ObjectClass         = newRootClass()
	TypeClass           = NewBuiltinClass("type", ObjectClass, nil)
	NoneTypeClass       = finalClass("NoneType")
	BoolClass           = NewBuiltinClass("bool", IntClass, nil)
	IntClass            = NewBuiltinClass("int", ObjectClass, nil)
	FloatClass          = NewBuiltinClass("float", ObjectClass, nil)
	StrClass            = NewBuiltinClass("str", ObjectClass, nil)
	ListClass           = NewBuiltinClass("list", ObjectClass, nil)
	TupleClass          = NewBuiltinClass("tuple", ObjectClass, nil)
	DictClass           = NewBuiltinClass("dict", ObjectClass, nil)
	SetClass            = NewBuiltinClass("set", ObjectClass, nil)
	FrozenSetClass      = NewBuiltinClass("frozenset", ObjectClass, nil)
	RangeClass          = finalClass("range")
	SliceClass          = finalClass("slice")
	EllipsisClass       = finalClass("ellipsis")
	NotImplementedClass = finalClass("NotImplementedType")
	FunctionClass       = finalClass("function")
	BuiltinClass        = finalClass("builtin_function_or_method")
	MethodClass         = finalClass("method")
	ModuleClass         = finalClass("module")
	GeneratorClass      = finalClass("generator")
	CellClass           = finalClass("cell")
	PropertyClass       = NewBuiltinClass("property", ObjectClass, nil)
	StaticMethodClass   = NewBuiltinClass("staticmethod", ObjectClass, nil)
	ClassMethodClass    = NewBuiltinClass("classmethod", ObjectClass, nil)
	SuperClass          = finalClass("super")
	IteratorClass       = finalClass("iterator")
)

// The iterator classes, named as CPython names them.
var (
	listIteratorClass        = finalClass("list_iterator")
	tupleIteratorClass       = finalClass("tuple_iterator")
	strASCIIIteratorClass    = finalClass("str_ascii_iterator")
	strIteratorClass         = finalClass("str_iterator")
	rangeIteratorClass       = finalClass("range_iterator")
	setIteratorClass         = finalClass("set_iterator")
	callableIteratorClass    = finalClass("callable_iterator")
	dictKeyIteratorClass     = finalClass("dict_keyiterator")
	dictValueIteratorClass   = finalClass("dict_valueiterator")
	dictItemIteratorClass    = finalClass("dict_itemiterator")
	dictReverseIteratorClass = finalClass("dict_reversekeyiterator")
	listReverseIteratorClass = finalClass("list_reverseiterator")
)

func finalClass(name string) *Class {
	c := NewBuiltinClass(name, ObjectClass, nil)
	c.Final = true
	return c
}

func newRootClass() *Class {
	c := &Class{Name: "object", QualName: "object", Module: "builtins", Dict: NewAttrs()}
	c.MRO = []*Class{c}
	return c
}

func init() {
	// Built-in value types cannot be subclassed: their instances are Go
	// values that carry no class pointer.
	for _, c := range []*Class{BoolClass, IntClass, FloatClass, StrClass, ListClass, TupleClass, DictClass,
		SetClass, FrozenSetClass, TypeClass} {
		c.Final = true
	}
}
