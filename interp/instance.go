package interp

import (
	"fmt"
	"math"
	"unsafe"

	"msrepl/lang/syntax"
)

// An Instance is an object of a user-defined class.
type Instance struct {
	class *Class
	dict  *Dict
}

func (x *Instance) Type() *Class { return x.class }

// Dict returns the instance's attributes, its __dict__.
func (x *Instance) Dict() *Dict {
	if x.dict == nil {
		x.dict = NewDict(0)
	}
	return x.dict
}

func newObject(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	return &Instance{class: cls}, nil
}

// identity returns an address that identifies v for id() and the default
// hash: the object's address for reference types.
func identity(v Value) uintptr {
	return (*[2]uintptr)(unsafe.Pointer(&v))[1]
}

// identical is Python's "is". Values are the same object when they are the
// same pointer; immutable values have no identity of their own here, so
// equal representations are the same object (floats by their bits, so that
// a NaN is itself, as a float object is in CPython).
func identical(x, y Value) bool {
	switch a := x.(type) {
	case Tuple:
		b, ok := y.(Tuple)
		return ok && len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
	case Float:
		b, ok := y.(Float)
		return ok && math.Float64bits(float64(a)) == math.Float64bits(float64(b))
	case kwNames:
		return false
	}
	if _, ok := y.(Tuple); ok {
		return false
	}
	return x == y
}

// objectDefault reports whether m is one of object's builtin methods, which
// a user class has not overridden.
func objectDefault(m Value) bool {
	b, ok := m.(*Builtin)
	return ok && b.Owner == ObjectClass
}

// getAttrInstance looks an attribute up on an instance or an exception:
// data descriptors on the class, then the instance dict, then the class,
// then __getattr__.
func (th *Thread) getAttrObject(obj Value, dict *Dict, name string) (Value, error) {
	cls := obj.Type()
	m, inClass := cls.Lookup(name)
	if inClass {
		if p, ok := m.(*Property); ok {
			return th.propertyGet(p, obj, name)
		}
	}
	if v, ok := dict.GetStr(name); ok {
		return v, nil
	}
	if inClass {
		return th.bindDescriptor(m, obj, cls)
	}
	switch name {
	case "__class__":
		return cls, nil
	case "__dict__":
		if x, ok := obj.(*Instance); ok {
			return x.Dict(), nil
		}
	case "__doc__":
		return docValue(cls.Doc), nil
	case "__module__":
		return Str(cls.Module), nil
	}
	if ga, ok := cls.Lookup("__getattr__"); ok {
		return th.callMethod(ga, obj, []Value{Str(name)}, nil)
	}
	return nil, th.attributeError(obj, name)
}

func (th *Thread) propertyGet(p *Property, obj Value, name string) (Value, error) {
	if p.Get == None || p.Get == nil {
		return nil, AttributeErrorf("property '%s' of '%s' object has no getter", name, TypeName(obj))
	}
	return th.Call(p.Get, []Value{obj}, nil)
}

// bindDescriptor turns a class attribute into what obj.name gives: functions
// become bound methods, properties run their getter, and so on.
func (th *Thread) bindDescriptor(m, obj Value, cls *Class) (Value, error) {
	switch f := m.(type) {
	case *Function, *jitFunction:
		return &BoundMethod{Self: obj, Fn: f}, nil
	case *Builtin:
		if f.Owner != nil {
			return f.bind(obj), nil
		}
	case *Property:
		return th.propertyGet(f, obj, "?")
	case *StaticMethod:
		return f.Fn, nil
	case *ClassMethod:
		return &BoundMethod{Self: cls, Fn: f.Fn}, nil
	}
	return m, nil
}

// classGetAttr gives Class.name.
func (th *Thread) classGetAttr(c *Class, name string) (Value, error) {
	if m, ok := c.Lookup(name); ok {
		switch f := m.(type) {
		case *StaticMethod:
			return f.Fn, nil
		case *ClassMethod:
			return &BoundMethod{Self: c, Fn: f.Fn}, nil
		}
		return m, nil
	}
	switch name {
	case "__name__":
		return Str(c.Name), nil
	case "__qualname__":
		return Str(c.QualName), nil
	case "__module__":
		return Str(c.Module), nil
	case "__doc__":
		return docValue(c.Doc), nil
	case "__bases__":
		t := make(Tuple, len(c.Bases))
		for i, b := range c.Bases {
			t[i] = b
		}
		return t, nil
	case "__mro__":
		t := make(Tuple, len(c.MRO))
		for i, b := range c.MRO {
			t[i] = b
		}
		return t, nil
	case "__dict__":
		return attrsDict(c.Dict), nil
	case "__class__":
		return TypeClass, nil
	}
	// Methods of type itself, such as mro().
	if m, ok := TypeClass.Dict.Get(name); ok {
		return th.bindDescriptor(m, c, TypeClass)
	}
	return nil, th.attributeError(c, name)
}

func docValue(doc string) Value {
	if doc == "" {
		return None
	}
	return Str(doc)
}

// setAttrObject sets obj.name on an instance or exception: a property's
// setter, a user __setattr__, or the instance dict.
func (th *Thread) setAttrObject(obj Value, name string, v Value, dict func() *Dict) error {
	cls := obj.Type()
	if sa, ok := cls.Lookup("__setattr__"); ok && !objectDefault(sa) {
		_, err := th.callMethod(sa, obj, []Value{Str(name), v}, nil)
		return err
	}
	return th.genericSetAttr(obj, name, v, dict)
}

// genericSetAttr is object.__setattr__.
func (th *Thread) genericSetAttr(obj Value, name string, v Value, dict func() *Dict) error {
	if m, ok := obj.Type().Lookup(name); ok {
		if p, ok := m.(*Property); ok {
			if p.Set == None || p.Set == nil {
				return AttributeErrorf("property '%s' of '%s' object has no setter", name, TypeName(obj))
			}
			_, err := th.Call(p.Set, []Value{obj, v}, nil)
			return err
		}
	}
	if e, ok := obj.(*Exception); ok {
		return e.SetAttr(th, name, v)
	}
	if obj.Type() == ObjectClass {
		return th.attributeError(obj, name)
	}
	dict().SetStr(name, v)
	return nil
}

func (th *Thread) delAttrObject(obj Value, name string, dict *Dict) error {
	cls := obj.Type()
	if da, ok := cls.Lookup("__delattr__"); ok && !objectDefault(da) {
		_, err := th.callMethod(da, obj, []Value{Str(name)}, nil)
		return err
	}
	if m, ok := cls.Lookup(name); ok {
		if p, ok := m.(*Property); ok {
			if p.Del == None || p.Del == nil {
				return AttributeErrorf("property '%s' of '%s' object has no deleter", name, TypeName(obj))
			}
			_, err := th.Call(p.Del, []Value{obj}, nil)
			return err
		}
	}
	if !dict.DeleteStr(name) {
		return th.attributeError(obj, name)
	}
	return nil
}

// dunder looks up a special method on v's class, skipping object's
// defaults. It is how operators and builtins reach user classes.
func dunder(v Value, name string) (Value, bool) {
	switch v.(type) {
	case *Instance, *Exception:
		m, ok := v.Type().Lookup(name)
		if !ok || objectDefault(m) {
			return nil, false
		}
		if m == None {
			return nil, false
		}
		return m, true
	}
	return nil, false
}

func defaultRepr(v Value) string {
	cls := v.Type()
	if cls.Module == "builtins" {
		return fmt.Sprintf("<%s object at %#x>", cls.QualName, identity(v))
	}
	return fmt.Sprintf("<%s.%s object at %#x>", cls.Module, cls.QualName, identity(v))
}

func init() {
	ObjectClass.New = newObject
	ObjectClass.InitAfterNew = true
	ObjectClass.Doc = "The base class of the class hierarchy."
	defMethods(ObjectClass, map[string]BuiltinFunc{
		"__init__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return None, nil
		},
		"__repr__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return Str(defaultRepr(args[0])), nil
		},
		"__str__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			s, err := th.Repr(args[0])
			return Str(s), err
		},
		"__eq__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__eq__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			if identical(args[0], args[1]) {
				return True, nil
			}
			return NotImplemented, nil
		},
		"__ne__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__ne__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			eq, err := th.CompareOp(syntax.EQL, args[0], args[1])
			if err != nil {
				return nil, err
			}
			t, err := th.Truth(eq)
			return MakeBool(!t), err
		},
		"__hash__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return MakeInt(int64(identity(args[0]) >> 4)), nil
		},
		"__setattr__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__setattr__", args[1:], kwnames, 2, 2); err != nil {
				return nil, err
			}
			name, err := strArg("__setattr__", args[1])
			if err != nil {
				return nil, err
			}
			switch x := args[0].(type) {
			case *Instance:
				return None, th.genericSetAttr(x, name, args[2], x.Dict)
			case *Exception:
				return None, th.genericSetAttr(x, name, args[2], x.instanceDict)
			}
			return None, th.SetAttr(args[0], name, args[2])
		},
		"__getattribute__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__getattribute__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			name, err := strArg("__getattribute__", args[1])
			if err != nil {
				return nil, err
			}
			return th.GetAttr(args[0], name)
		},
		"__delattr__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__delattr__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			name, err := strArg("__delattr__", args[1])
			if err != nil {
				return nil, err
			}
			if x, ok := args[0].(*Instance); ok {
				if !x.Dict().DeleteStr(name) {
					return nil, th.attributeError(x, name)
				}
				return None, nil
			}
			return None, th.DelAttr(args[0], name)
		},
		"__format__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__format__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			spec, err := strArg("__format__", args[1])
			if err != nil {
				return nil, err
			}
			if spec != "" {
				return nil, TypeErrorf("unsupported format string passed to %s.__format__", TypeName(args[0]))
			}
			s, err := th.Str(args[0])
			return Str(s), err
		},
	})
	defMethods(TypeClass, map[string]BuiltinFunc{
		"mro": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			c, ok := args[0].(*Class)
			if !ok {
				return nil, TypeErrorf("descriptor 'mro' requires a 'type' object")
			}
			elems := make([]Value, len(c.MRO))
			for i, k := range c.MRO {
				elems[i] = k
			}
			return NewList(elems), nil
		},
	})
}
