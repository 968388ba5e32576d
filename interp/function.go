package interp

import (
	"fmt"

	"msrepl/lang/compile"
)

// BuiltinFunc is the Go implementation of a builtin function or method. For
// a method, args[0] is the receiver. The last len(kwnames) of args are
// keyword arguments.
type BuiltinFunc func(th *Thread, args []Value, kwnames []string) (Value, error)

// A Builtin is a function implemented in Go.
type Builtin struct {
	Name string
	Fn   BuiltinFunc
	Doc  string
	// Sig is the parameter list shown by help, e.g. "(iterable, /, start=0)".
	Sig string
	// Owner is the class a method belongs to; nil for a plain function.
	Owner *Class
	// Self, if set, is the bound receiver, passed as args[0].
	Self Value
	// KeepsMutable is set for a builtin that receives mutable() values as
	// they are (Cell.__call__, which may compile a graph); the others
	// receive the values inside.
	KeepsMutable bool
}

func (b *Builtin) Type() *Class { return BuiltinClass }

// Call runs the builtin.
func (b *Builtin) Call(th *Thread, args []Value, kwnames []string) (Value, error) {
	if !b.KeepsMutable {
		args = th.plainArgs(args)
	}
	if b.Self != nil {
		full := make([]Value, 0, len(args)+1)
		full = append(append(full, b.Self), args...)
		return b.Fn(th, full, kwnames)
	}
	if b.Owner != nil && len(args)-len(kwnames) == 0 {
		return nil, TypeErrorf("unbound method %s.%s() needs an argument", b.Owner.Name, b.Name)
	}
	return b.Fn(th, args, kwnames)
}

func (b *Builtin) Repr(th *Thread) (string, error) {
	switch {
	case b.Self != nil:
		return fmt.Sprintf("<built-in method %s of %s object at %#x>", b.Name, TypeName(b.Self), identity(b.Self)), nil
	case b.Owner != nil:
		return fmt.Sprintf("<method '%s' of '%s' objects>", b.Name, b.Owner.Name), nil
	}
	return fmt.Sprintf("<built-in function %s>", b.Name), nil
}

// Attr gives a builtin's attributes.
func (b *Builtin) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "__name__":
		return Str(b.Name), true, nil
	case "__qualname__":
		if b.Owner != nil {
			return Str(b.Owner.Name + "." + b.Name), true, nil
		}
		return Str(b.Name), true, nil
	case "__doc__":
		return docValue(b.Doc), true, nil
	case "__self__":
		if b.Self == nil {
			return None, true, nil
		}
		return b.Self, true, nil
	case "__module__":
		if b.Owner == nil {
			return Str("builtins"), true, nil
		}
		return None, true, nil
	}
	return nil, false, nil
}

// AttrNames lists a builtin's attributes.
func (b *Builtin) AttrNames() []string {
	return []string{"__name__", "__qualname__", "__doc__", "__self__", "__module__"}
}

// bind returns the builtin method bound to self.
func (b *Builtin) bind(self Value) *Builtin {
	nb := *b
	nb.Self = self
	return &nb
}

// defMethods installs builtin methods in a class.
func defMethods(c *Class, methods map[string]BuiltinFunc) {
	for name, fn := range methods {
		c.Dict.Set(name, &Builtin{Name: name, Fn: fn, Owner: c})
	}
}

// A Cell holds a variable captured by a closure.
type Cell struct {
	V Value // nil while unbound
}

func (*Cell) Type() *Class { return CellClass }

// code is a compiled block linked into a session: its constants as values
// and its globals resolved to slots of the session's globals table.
type code struct {
	fc     *compile.Funcode
	consts []Value
	funcs  []*code
	link   *linkedProgram
	// simple code takes only positional parameters and has no cells, free
	// variables or yield: a call that passes exactly its parameters needs
	// no binding beyond a copy.
	simple bool
	// source is the digest of the function's text and where it stands,
	// made on first use by the compile cache's fingerprinter.
	source string
}

// A Function is a function defined by def or lambda.
type Function struct {
	code       *code
	Name       string
	QualName   string
	Doc        Value
	Defaults   Tuple
	KwDefaults *Dict
	Closure    []*Cell
	dict       *Dict
}

func (*Function) Type() *Class { return FunctionClass }

func (f *Function) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<function %s at %#x>", f.QualName, identity(f)), nil
}

// Call runs the function.
func (f *Function) Call(th *Thread, args []Value, kwnames []string) (Value, error) {
	return th.callFunction(f, nil, args, kwnames)
}

// Attr gives function attributes.
func (f *Function) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "__name__":
		return Str(f.Name), true, nil
	case "__qualname__":
		return Str(f.QualName), true, nil
	case "__doc__":
		return f.Doc, true, nil
	case "__module__":
		return Str("__main__"), true, nil
	case "__defaults__":
		if f.Defaults == nil {
			return None, true, nil
		}
		return f.Defaults, true, nil
	case "__kwdefaults__":
		if f.KwDefaults == nil {
			return None, true, nil
		}
		return f.KwDefaults, true, nil
	case "__dict__":
		return f.attrs(), true, nil
	}
	if v, ok := f.dict.GetStr(name); ok {
		return v, true, nil
	}
	return nil, false, nil
}

// AttrNames lists function attributes.
func (f *Function) AttrNames() []string {
	return append([]string{"__name__", "__qualname__", "__doc__", "__module__", "__defaults__", "__kwdefaults__", "__dict__"}, f.dict.StrKeys()...)
}

// SetAttr sets a function attribute.
func (f *Function) SetAttr(th *Thread, name string, v Value) error {
	switch name {
	case "__name__", "__qualname__":
		s, ok := v.(Str)
		if !ok {
			return TypeErrorf("%s must be set to a string object", name)
		}
		if name == "__name__" {
			f.Name = string(s)
		} else {
			f.QualName = string(s)
		}
		return nil
	case "__doc__":
		f.Doc = v
		return nil
	}
	f.attrs().SetStr(name, v)
	return nil
}

func (f *Function) attrs() *Dict {
	if f.dict == nil {
		f.dict = NewDict(0)
	}
	return f.dict
}

// A BoundMethod is a function bound to its receiver (obj.method).
type BoundMethod struct {
	Self Value
	Fn   Value
}

func (*BoundMethod) Type() *Class { return MethodClass }

// Call calls the function with the receiver first.
func (m *BoundMethod) Call(th *Thread, args []Value, kwnames []string) (Value, error) {
	if f, ok := m.Fn.(*Function); ok {
		return th.callFunction(f, m.Self, args, kwnames)
	}
	full := make([]Value, 0, len(args)+1)
	full = append(append(full, m.Self), args...)
	return th.Call(m.Fn, full, kwnames)
}

func (m *BoundMethod) Repr(th *Thread) (string, error) {
	self, err := th.Repr(m.Self)
	if err != nil {
		return "", err
	}
	name := "?"
	if f, ok := m.Fn.(*Function); ok {
		name = f.QualName
	}
	return fmt.Sprintf("<bound method %s of %s>", name, self), nil
}

// Attr gives the attributes of the bound function and the method's own.
func (m *BoundMethod) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "__self__":
		return m.Self, true, nil
	case "__func__":
		return m.Fn, true, nil
	}
	v, err := th.GetAttr(m.Fn, name)
	if err != nil {
		return nil, false, nil
	}
	return v, true, nil
}

// Property is the property descriptor.
type Property struct {
	Get, Set, Del Value // None when absent
	Doc           Value
}

func (*Property) Type() *Class { return PropertyClass }

// StaticMethod wraps a function so that it binds to nothing.
type StaticMethod struct{ Fn Value }

func (*StaticMethod) Type() *Class { return StaticMethodClass }

// ClassMethod wraps a function so that it binds to the class.
type ClassMethod struct{ Fn Value }

func (*ClassMethod) Type() *Class { return ClassMethodClass }

func init() {
	PropertyClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var fget, fset, fdel, doc Value = None, None, None, None
		if err := UnpackArgs("property", args, kwnames, "fget?", &fget, "fset?", &fset, "fdel?", &fdel, "doc?", &doc); err != nil {
			return nil, err
		}
		if doc == None && fget != None {
			if d, err := th.GetAttr(fget, "__doc__"); err == nil {
				doc = d
			}
		}
		return &Property{Get: fget, Set: fset, Del: fdel, Doc: doc}, nil
	}
	propertyWith := func(which string) BuiltinFunc {
		return func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var fn Value
			if err := UnpackArgs(which, args[1:], kwnames, "func", &fn); err != nil {
				return nil, err
			}
			p := *args[0].(*Property)
			switch which {
			case "getter":
				p.Get = fn
			case "setter":
				p.Set = fn
			case "deleter":
				p.Del = fn
			}
			return &p, nil
		}
	}
	defMethods(PropertyClass, map[string]BuiltinFunc{
		"getter":  propertyWith("getter"),
		"setter":  propertyWith("setter"),
		"deleter": propertyWith("deleter"),
	})
	StaticMethodClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var fn Value
		if err := UnpackArgs("staticmethod", args, kwnames, "function", &fn); err != nil {
			return nil, err
		}
		return &StaticMethod{Fn: fn}, nil
	}
	ClassMethodClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var fn Value
		if err := UnpackArgs("classmethod", args, kwnames, "function", &fn); err != nil {
			return nil, err
		}
		return &ClassMethod{Fn: fn}, nil
	}
}
