package interp

import (
	"math"
	"strconv"
	"strings"

	"msrepl/internal/pyfmt"
	"msrepl/lang/syntax"
)

// ---- attributes ----

// GetAttr is v.name.
func (th *Thread) GetAttr(v Value, name string) (Value, error) {
	switch x := v.(type) {
	case *Instance:
		return th.getAttrObject(x, x.dict, name)
	case *Exception:
		if val, found, err := x.Attr(th, name); err != nil || found {
			return val, err
		}
		return th.getAttrObject(x, nil, name)
	case *Class:
		return th.classGetAttr(x, name)
	case *Module:
		if val, ok := x.Members.Get(name); ok {
			return val, nil
		}
		switch name {
		case "__name__":
			return Str(x.Name), nil
		case "__doc__":
			return docValue(x.Doc), nil
		case "__dict__":
			return attrsDict(x.Members), nil
		}
		if x.getattr != nil {
			if val, found, err := x.getattr(th, name); err != nil || found {
				return val, err
			}
		}
		return nil, th.attributeError(x, name)
	}
	if ha, ok := v.(HasAttrs); ok {
		val, found, err := ha.Attr(th, name)
		if err != nil || found {
			return val, err
		}
	}
	cls := v.Type()
	if m, ok := cls.Lookup(name); ok {
		return th.bindDescriptor(m, v, cls)
	}
	switch name {
	case "__class__":
		return cls, nil
	case "__doc__":
		return docValue(cls.Doc), nil
	}
	return nil, th.attributeError(v, name)
}

// loadMethod is the method-call fast path: for a method found on the class
// it returns the function and the receiver separately, so that no bound
// method is allocated. Otherwise self is nil and m is the attribute.
func (th *Thread) loadMethod(v Value, name string) (m, self Value, err error) {
	switch x := v.(type) {
	case *Instance:
		if f, ok := x.class.Lookup(name); ok {
			switch f.(type) {
			case *Function, *Builtin:
				if _, shadowed := x.dict.GetStr(name); !shadowed {
					if b, ok := f.(*Builtin); !ok || b.Owner != nil {
						return f, x, nil
					}
				}
			}
		}
	case *Module, *Class:
	default:
		if _, ok := v.(HasAttrs); !ok {
			if f, ok := v.Type().Lookup(name); ok {
				if b, ok := f.(*Builtin); ok && b.Owner != nil {
					return b, v, nil
				}
			}
		}
	}
	a, err := th.GetAttr(v, name)
	return a, nil, err
}

// SetAttr is v.name = x.
func (th *Thread) SetAttr(v Value, name string, x Value) error {
	switch o := v.(type) {
	case *Instance:
		return th.setAttrObject(o, name, x, o.Dict)
	case *Exception:
		return th.setAttrObject(o, name, x, o.instanceDict)
	case *Class:
		if o.Module == "builtins" {
			return TypeErrorf("cannot set '%s' attribute of immutable type '%s'", name, o.Name)
		}
		switch name {
		case "__name__":
			if s, ok := x.(Str); ok {
				o.Name = string(s)
				return nil
			}
		case "__doc__":
			if s, ok := x.(Str); ok {
				o.Doc = string(s)
			}
		}
		o.Dict.Set(name, x)
		return nil
	case *Module:
		o.Members.Set(name, x)
		return nil
	case HasSetAttr:
		return o.SetAttr(th, name, x)
	}
	if _, err := th.GetAttr(v, name); err == nil {
		return AttributeErrorf("'%s' object attribute '%s' is read-only", TypeName(v), name)
	}
	return AttributeErrorf("'%s' object has no attribute '%s'", TypeName(v), name)
}

// DelAttr is del v.name.
func (th *Thread) DelAttr(v Value, name string) error {
	switch o := v.(type) {
	case *Instance:
		return th.delAttrObject(o, name, o.Dict())
	case *Exception:
		return th.delAttrObject(o, name, o.instanceDict())
	case *Class:
		if o.Module == "builtins" || !o.Dict.Delete(name) {
			return th.attributeError(o, name)
		}
		return nil
	case *Module:
		if !o.Members.Delete(name) {
			return th.attributeError(o, name)
		}
		return nil
	}
	return AttributeErrorf("'%s' object has no attribute '%s'", TypeName(v), name)
}

// attributeError builds CPython's AttributeError. Its "Did you mean" hint
// is added when the traceback is printed.
func (th *Thread) attributeError(v Value, name string) error {
	var msg string
	switch x := v.(type) {
	case *Module:
		msg = "module '" + x.Name + "' has no attribute '" + name + "'"
	case *Class:
		msg = "type object '" + x.Name + "' has no attribute '" + name + "'"
	default:
		msg = "'" + TypeName(v) + "' object has no attribute '" + name + "'"
	}
	e := NewException(AttributeErrorClass, Str(msg))
	d := e.instanceDict()
	d.SetStr("name", Str(name))
	d.SetStr("obj", v)
	return e
}

// ---- truth, repr, str, hash ----

// Truth is bool(v).
func (th *Thread) Truth(v Value) (bool, error) {
	switch x := v.(type) {
	case Bool:
		return bool(x), nil
	case NoneType:
		return false, nil
	case Int:
		return x != 0, nil
	case Float:
		return x != 0, nil
	case Str:
		return x != "", nil
	case *BigInt:
		return true, nil
	case Truther:
		return x.Truth(th)
	case *Instance:
		if m, ok := dunder(x, "__bool__"); ok {
			r, err := th.callMethod(m, x, nil, nil)
			if err != nil {
				return false, err
			}
			b, ok := r.(Bool)
			if !ok {
				return false, TypeErrorf("__bool__ should return bool, returned %s", TypeName(r))
			}
			return bool(b), nil
		}
		if _, ok := dunder(x, "__len__"); ok {
			n, err := th.Len(x)
			return n > 0, err
		}
		return true, nil
	case Lener:
		n, err := x.Len(th)
		return n > 0, err
	}
	return true, nil
}

// truthNoThread is bool(v) for the built-in types, used where no thread is
// at hand; user objects are true unless they define __bool__ or __len__.
func truthNoThread(v Value) (bool, error) {
	if _, ok := v.(*Instance); ok {
		return true, nil
	}
	return (*Thread)(nil).Truth(v)
}

// Repr is repr(v).
func (th *Thread) Repr(v Value) (string, error) {
	switch x := v.(type) {
	case Str:
		return pyfmt.QuoteString(string(x)), nil
	case Int:
		return strconv.FormatInt(int64(x), 10), nil
	case *BigInt:
		return bigIntString(x.v)
	case Float:
		return pyfmt.FloatRepr(float64(x)), nil
	case Bool:
		if x {
			return "True", nil
		}
		return "False", nil
	case NoneType:
		return "None", nil
	case EllipsisType:
		return "Ellipsis", nil
	case NotImplementedType:
		return "NotImplemented", nil
	case *Instance, *Exception:
		m, _ := x.Type().Lookup("__repr__")
		if m == nil || objectDefault(m) {
			return defaultRepr(x), nil
		}
		return th.callStrMethod(m, x, "__repr__")
	case *Class:
		if x.Module == "builtins" {
			return "<class '" + x.QualName + "'>", nil
		}
		return "<class '" + x.Module + "." + x.QualName + "'>", nil
	case Reprer:
		return x.Repr(th)
	}
	return defaultRepr(v), nil
}

// callStrMethod calls __repr__ or __str__ and checks that it returned a str.
func (th *Thread) callStrMethod(m, self Value, name string) (string, error) {
	if err := th.enterRecursive(); err != nil {
		return "", err
	}
	defer func() { th.depth-- }()
	r, err := th.callMethod(m, self, nil, nil)
	if err != nil {
		return "", err
	}
	s, ok := r.(Str)
	if !ok {
		return "", TypeErrorf("%s returned non-string (type %s)", name, TypeName(r))
	}
	return string(s), nil
}

// Str is str(v).
func (th *Thread) Str(v Value) (string, error) {
	switch x := v.(type) {
	case Str:
		return string(x), nil
	case *Instance, *Exception:
		m, _ := x.Type().Lookup("__str__")
		if m == nil || objectDefault(m) {
			return th.Repr(x)
		}
		return th.callStrMethod(m, x, "__str__")
	case Stringer:
		return x.Str(th)
	}
	return th.Repr(v)
}

// reprNoThread and strNoThread format values where errors cannot be
// reported; th may be nil, in which case user methods are not called.
func reprNoThread(th *Thread, v Value) string {
	if th == nil {
		th = NewThread()
	}
	s, err := th.Repr(v)
	if err != nil {
		return defaultRepr(v)
	}
	return s
}

func strNoThread(th *Thread, v Value) string {
	if th == nil {
		th = NewThread()
	}
	s, err := th.Str(v)
	if err != nil {
		return defaultRepr(v)
	}
	return s
}

// maxIntDigits is CPython's limit on int/str conversion (sys.int_info).
const maxIntDigits = 4300

func bigIntString(b interface{ String() string }) (string, error) {
	s := b.String()
	if n := len(strings.TrimPrefix(s, "-")); n > maxIntDigits {
		return "", ValueErrorf("Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", maxIntDigits)
	}
	return s, nil
}

// Hash is hash(v).
func (th *Thread) Hash(v Value) (int64, error) {
	switch x := v.(type) {
	case Str:
		return hashString(string(x)), nil
	case Int:
		return hashInt64(int64(x)), nil
	case Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case Float:
		return hashFloat(float64(x)), nil
	case *BigInt:
		return hashBig(x.v), nil
	case NoneType:
		return 0x5f3759df, nil
	case *Instance, *Exception:
		m, ok := x.Type().Lookup("__hash__")
		if ok && m == None {
			return 0, TypeErrorf("unhashable type: '%s'", TypeName(x))
		}
		if !ok || objectDefault(m) {
			return int64(identity(x) >> 4), nil
		}
		r, err := th.callMethod(m, x, nil, nil)
		if err != nil {
			return 0, err
		}
		switch h := r.(type) {
		case Int:
			return hashInt64(int64(h)), nil
		case *BigInt:
			return hashBig(h.v), nil
		}
		return 0, TypeErrorf("__hash__ method should return an integer")
	case Hasher:
		return x.Hash(th)
	case *List, *Dict, *dictView:
		return 0, TypeErrorf("unhashable type: '%s'", TypeName(v))
	}
	return int64(identity(v) >> 4), nil
}

// ---- containers ----

// Len is len(v).
func (th *Thread) Len(v Value) (int, error) {
	switch x := v.(type) {
	case Str:
		return strLen(string(x)), nil
	case *List:
		return len(x.elems), nil
	case Tuple:
		return len(x), nil
	case *Instance:
		if m, ok := dunder(x, "__len__"); ok {
			r, err := th.callMethod(m, x, nil, nil)
			if err != nil {
				return 0, err
			}
			n, ok := asInt64(r)
			if !ok {
				return 0, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(r))
			}
			if n < 0 {
				return 0, ValueErrorf("__len__() should return >= 0")
			}
			return int(n), nil
		}
	case Lener:
		return x.Len(th)
	}
	return 0, TypeErrorf("object of type '%s' has no len()", TypeName(v))
}

// GetItem is x[key].
func (th *Thread) GetItem(x, key Value) (Value, error) {
	if _, ok := x.(*Instance); !ok {
		key = plain(key)
	}
	switch c := x.(type) {
	case *List:
		if i, ok := key.(Int); ok {
			n := Int(len(c.elems))
			if i < 0 {
				i += n
			}
			if i >= 0 && i < n {
				return c.elems[i], nil
			}
		}
		return c.GetItem(th, key)
	case *Dict:
		return c.GetItem(th, key)
	case *Instance:
		if m, ok := dunder(c, "__getitem__"); ok {
			return th.callMethod(m, c, []Value{key}, nil)
		}
	case Indexable:
		return c.GetItem(th, key)
	}
	return nil, TypeErrorf("'%s' object is not subscriptable", TypeName(x))
}

// SetItem is x[key] = v.
func (th *Thread) SetItem(x, key, v Value) error {
	if _, ok := x.(*Instance); !ok {
		key = plain(key)
	}
	switch c := x.(type) {
	case *Instance:
		if m, ok := dunder(c, "__setitem__"); ok {
			_, err := th.callMethod(m, c, []Value{key, v}, nil)
			return err
		}
	case SetIndexable:
		return c.SetItem(th, key, v)
	}
	return TypeErrorf("'%s' object does not support item assignment", TypeName(x))
}

// DelItem is del x[key].
func (th *Thread) DelItem(x, key Value) error {
	if _, ok := x.(*Instance); !ok {
		key = plain(key)
	}
	switch c := x.(type) {
	case *Instance:
		if m, ok := dunder(c, "__delitem__"); ok {
			_, err := th.callMethod(m, c, []Value{key}, nil)
			return err
		}
	case DelIndexable:
		return c.DelItem(th, key)
	}
	return TypeErrorf("'%s' object doesn't support item deletion", TypeName(x))
}

// Contains is x in container.
func (th *Thread) Contains(container, x Value) (bool, error) {
	if _, ok := container.(*Instance); !ok {
		x = plain(x)
	}
	switch c := container.(type) {
	case *Instance:
		if m, ok := dunder(c, "__contains__"); ok {
			r, err := th.callMethod(m, c, []Value{x}, nil)
			if err != nil {
				return false, err
			}
			return th.Truth(r)
		}
	case Container:
		return c.Contains(th, x)
	}
	found := false
	err := th.forEach(container, func(v Value) error {
		eq, err := th.Equal(v, x)
		if err != nil {
			return err
		}
		if eq {
			found = true
			return errStopIteration
		}
		return nil
	})
	if err == errStopIteration {
		return true, nil
	}
	if err != nil && IsInstanceOf(err, TypeErrorClass) && !found {
		if _, ok := container.(Iterable); !ok {
			if _, ok := dunder(container, "__iter__"); !ok {
				return false, TypeErrorf("argument of type '%s' is not iterable", TypeName(container))
			}
		}
	}
	return found, err
}

// errStopIteration stops forEach early without being an error.
var errStopIteration = &Exception{class: StopIterationClass}

// ---- iteration ----

// Iterate is iter(v).
func (th *Thread) Iterate(v Value) (Iterator, error) {
	switch x := v.(type) {
	case *List:
		return &listIterator{list: x}, nil
	case *Range:
		return x.Iterate(th)
	case Tuple:
		return &tupleIterator{t: x}, nil
	case *Instance:
		if m, ok := dunder(x, "__iter__"); ok {
			it, err := th.callMethod(m, x, nil, nil)
			if err != nil {
				return nil, err
			}
			return th.asIterator(it)
		}
		if m, ok := dunder(x, "__getitem__"); ok {
			return &seqIterator{obj: x, getitem: m}, nil
		}
	case Iterator:
		return x, nil
	case Iterable:
		return x.Iterate(th)
	}
	return nil, TypeErrorf("'%s' object is not iterable", TypeName(v))
}

// asIterator checks what __iter__ returned.
func (th *Thread) asIterator(it Value) (Iterator, error) {
	switch x := it.(type) {
	case Iterator:
		return x, nil
	case *Instance:
		if m, ok := dunder(x, "__next__"); ok {
			return &instanceIterator{obj: x, next: m}, nil
		}
	}
	return nil, TypeErrorf("iter() returned non-iterator of type '%s'", TypeName(it))
}

// instanceIterator adapts an object with __next__.
type instanceIterator struct {
	obj  *Instance
	next Value
}

func (it *instanceIterator) Type() *Class { return it.obj.class }

func (it *instanceIterator) Next(th *Thread) (Value, bool, error) {
	v, err := th.callMethod(it.next, it.obj, nil, nil)
	if err != nil {
		if IsInstanceOf(err, StopIterationClass) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return v, true, nil
}

func (it *instanceIterator) Repr(th *Thread) (string, error) { return th.Repr(it.obj) }

// seqIterator iterates an object with only __getitem__, until IndexError.
type seqIterator struct {
	obj     *Instance
	getitem Value
	i       int
}

func (*seqIterator) Type() *Class { return IteratorClass }

func (it *seqIterator) Next(th *Thread) (Value, bool, error) {
	v, err := th.callMethod(it.getitem, it.obj, []Value{MakeInt(int64(it.i))}, nil)
	if err != nil {
		if IsInstanceOf(err, IndexErrorClass) || IsInstanceOf(err, StopIterationClass) {
			return nil, false, nil
		}
		return nil, false, err
	}
	it.i++
	return v, true, nil
}

// forEach calls fn for each item of an iterable; fn returning
// errStopIteration ends the loop early.
func (th *Thread) forEach(v Value, fn func(Value) error) error {
	if l, ok := v.(*List); ok {
		for i := 0; i < len(l.elems); i++ {
			if err := fn(l.elems[i]); err != nil {
				return err
			}
		}
		return nil
	}
	it, err := th.Iterate(v)
	if err != nil {
		return err
	}
	for {
		if th.poll() {
			return th.stopError()
		}
		x, ok, err := it.Next(th)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := fn(x); err != nil {
			return err
		}
	}
}

// iterateAll returns every item of an iterable.
func (th *Thread) iterateAll(v Value) ([]Value, error) {
	switch x := v.(type) {
	case *List:
		return append([]Value(nil), x.elems...), nil
	case Tuple:
		return x, nil
	}
	var out []Value
	err := th.forEach(v, func(x Value) error {
		if len(out) >= th.MaxSize {
			return th.checkSize(len(out) + 1)
		}
		out = append(out, x)
		return nil
	})
	return out, err
}

// toTuple converts an iterable to a tuple.
func (th *Thread) toTuple(v Value) (Tuple, error) {
	if t, ok := v.(Tuple); ok {
		return t, nil
	}
	elems, err := th.iterateAll(v)
	return Tuple(elems), err
}

// unpackN unpacks exactly n values, for a, b = x.
func (th *Thread) unpackN(v Value, n int) ([]Value, error) {
	var elems []Value
	switch x := v.(type) {
	case Tuple:
		elems = x
	case *List:
		elems = x.elems
	default:
		it, err := th.Iterate(v)
		if err != nil {
			return nil, TypeErrorf("cannot unpack non-iterable %s object", TypeName(v))
		}
		for len(elems) <= n {
			x, ok, err := it.Next(th)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			elems = append(elems, x)
		}
		if len(elems) > n {
			return nil, ValueErrorf("too many values to unpack (expected %d)", n)
		}
	}
	if len(elems) < n {
		return nil, ValueErrorf("not enough values to unpack (expected %d, got %d)", n, len(elems))
	}
	if len(elems) > n {
		return nil, ValueErrorf("too many values to unpack (expected %d)", n)
	}
	return elems, nil
}

// unpackStar unpacks for a, *b, c = x: before values, a list, after values.
func (th *Thread) unpackStar(v Value, before, after int) ([]Value, error) {
	elems, err := th.iterateAll(v)
	if err != nil {
		if IsInstanceOf(err, TypeErrorClass) {
			return nil, TypeErrorf("cannot unpack non-iterable %s object", TypeName(v))
		}
		return nil, err
	}
	if len(elems) < before+after {
		return nil, ValueErrorf("not enough values to unpack (expected at least %d, got %d)", before+after, len(elems))
	}
	out := make([]Value, 0, before+after+1)
	out = append(out, elems[:before]...)
	out = append(out, NewList(append([]Value(nil), elems[before:len(elems)-after]...)))
	out = append(out, elems[len(elems)-after:]...)
	return out, nil
}

// ---- operators ----

// binaryDunders are each binary operator's methods, its own, its
// reflected one and its in-place one, by token: an array, where a map's
// lookup was 5% of an operation on a small tensor.
var binaryDunders = func() (t [128][3]string) {
	for op, names := range binaryDunderNames {
		t[op] = names
	}
	return t
}()

// dundersOf gives op's methods, and false for a token that is no binary
// operator.
func dundersOf(op syntax.Token) ([3]string, bool) {
	if op < 0 || int(op) >= len(binaryDunders) || binaryDunders[op][0] == "" {
		return [3]string{}, false
	}
	return binaryDunders[op], true
}

var binaryDunderNames = map[syntax.Token][3]string{
	syntax.PLUS:       {"__add__", "__radd__", "__iadd__"},
	syntax.MINUS:      {"__sub__", "__rsub__", "__isub__"},
	syntax.STAR:       {"__mul__", "__rmul__", "__imul__"},
	syntax.SLASH:      {"__truediv__", "__rtruediv__", "__itruediv__"},
	syntax.SLASHSLASH: {"__floordiv__", "__rfloordiv__", "__ifloordiv__"},
	syntax.PERCENT:    {"__mod__", "__rmod__", "__imod__"},
	syntax.STARSTAR:   {"__pow__", "__rpow__", "__ipow__"},
	syntax.AT:         {"__matmul__", "__rmatmul__", "__imatmul__"},
	syntax.AMP:        {"__and__", "__rand__", "__iand__"},
	syntax.PIPE:       {"__or__", "__ror__", "__ior__"},
	syntax.CIRCUMFLEX: {"__xor__", "__rxor__", "__ixor__"},
	syntax.LTLT:       {"__lshift__", "__rlshift__", "__ilshift__"},
	syntax.GTGT:       {"__rshift__", "__rrshift__", "__irshift__"},
}

// Binary is x op y.
func (th *Thread) Binary(op syntax.Token, x, y Value) (Value, error) {
	if v, err := th.builtinBinary(op, x, y); v != nil || err != nil {
		return v, err
	}
	return th.dispatchBinary(op, x, y)
}

// builtinBinary handles the built-in types; (nil, nil) means "not handled".
func (th *Thread) builtinBinary(op syntax.Token, x, y Value) (Value, error) {
	if isIntLike(x) && isIntLike(y) {
		return th.intBinary(op, x, y)
	}
	if a, ok, err := asFloat(x); ok {
		if b, ok2, err2 := asFloat(y); ok2 {
			if err != nil {
				return nil, err
			}
			if err2 != nil {
				return nil, err2
			}
			return floatBinary(op, a, b)
		}
	}
	switch a := x.(type) {
	case Str:
		switch op {
		case syntax.PLUS:
			if b, ok := y.(Str); ok {
				if err := th.checkSize(len(a) + len(b)); err != nil {
					return nil, err
				}
				return a + b, nil
			}
		case syntax.STAR:
			return th.repeatStr(a, y)
		case syntax.PERCENT:
			return th.percentFormat(string(a), y)
		}
	case *List:
		switch op {
		case syntax.PLUS:
			if b, ok := y.(*List); ok {
				if err := th.checkSize(len(a.elems) + len(b.elems)); err != nil {
					return nil, err
				}
				elems := make([]Value, 0, len(a.elems)+len(b.elems))
				return NewList(append(append(elems, a.elems...), b.elems...)), nil
			}
		case syntax.STAR:
			elems, err := th.repeatSeq(a.elems, y)
			if elems == nil && err == nil {
				return nil, nil
			}
			return NewList(elems), err
		}
	case Tuple:
		switch op {
		case syntax.PLUS:
			if b, ok := y.(Tuple); ok {
				if err := th.checkSize(len(a) + len(b)); err != nil {
					return nil, err
				}
				elems := make(Tuple, 0, len(a)+len(b))
				return append(append(elems, a...), b...), nil
			}
		case syntax.STAR:
			elems, err := th.repeatSeq(a, y)
			if elems == nil && err == nil {
				return nil, nil
			}
			return Tuple(elems), err
		}
	case *Set:
		if b, ok := y.(*Set); ok {
			switch op {
			case syntax.PIPE:
				return th.setOp("|", a, b)
			case syntax.AMP:
				return th.setOp("&", a, b)
			case syntax.MINUS:
				return th.setOp("-", a, b)
			case syntax.CIRCUMFLEX:
				return th.setOp("^", a, b)
			}
		}
	case *Dict:
		if b, ok := y.(*Dict); ok && op == syntax.PIPE {
			c := a.Copy()
			return c, c.update(th, b)
		}
	}
	if op == syntax.STAR && isIntLike(x) {
		switch b := y.(type) {
		case Str:
			return th.repeatStr(b, x)
		case *List:
			elems, err := th.repeatSeq(b.elems, x)
			return NewList(elems), err
		case Tuple:
			elems, err := th.repeatSeq(b, x)
			return Tuple(elems), err
		}
	}
	return nil, nil
}

func (th *Thread) repeatStr(s Str, n Value) (Value, error) {
	if !isIntLike(n) {
		return nil, nil
	}
	k, err := repeatCount(n)
	if err != nil {
		return nil, err
	}
	if k == 0 || s == "" {
		return Str(""), nil
	}
	if err := th.checkSize(len(s) * k); err != nil || len(s)*k/k != len(s) {
		if err == nil {
			err = Errorf(MemoryErrorClass, "repeated string is too large")
		}
		return nil, err
	}
	return Str(strings.Repeat(string(s), k)), nil
}

// repeatSeq is seq * n; (nil, nil) when n is not an int.
func (th *Thread) repeatSeq(elems []Value, n Value) ([]Value, error) {
	if !isIntLike(n) {
		return nil, nil
	}
	k, err := repeatCount(n)
	if err != nil {
		return nil, err
	}
	if k == 0 || len(elems) == 0 {
		return []Value{}, nil
	}
	if err := th.checkSize(len(elems) * k); err != nil || len(elems)*k/k != len(elems) {
		if err == nil {
			err = Errorf(MemoryErrorClass, "repeated sequence is too large")
		}
		return nil, err
	}
	out := make([]Value, 0, len(elems)*k)
	for i := 0; i < k; i++ {
		out = append(out, elems...)
	}
	return out, nil
}

func repeatCount(n Value) (int, error) {
	if b, ok := n.(*BigInt); ok {
		if b.v.Sign() < 0 {
			return 0, nil
		}
		return 0, OverflowErrorf("cannot fit 'int' into an index-sized integer")
	}
	k, _ := asInt64(n)
	if k < 0 {
		k = 0
	}
	if k > math.MaxInt32 {
		return 0, Errorf(MemoryErrorClass, "repeat count %d is too large", k)
	}
	return int(k), nil
}

// dispatchBinary tries the operands' dunder methods and HasBinary.
func (th *Thread) dispatchBinary(op syntax.Token, x, y Value) (Value, error) {
	names, ok := dundersOf(op)
	if !ok {
		return nil, SystemErrorf("bad binary operator %v", op)
	}
	tryLeft := func() (Value, error) {
		if m, ok := dunder(x, names[0]); ok {
			return notImplementedToNil(th.callMethod(m, x, []Value{y}, nil))
		}
		if h, ok := x.(HasBinary); ok {
			return h.Binary(th, op, y, false)
		}
		return nil, nil
	}
	tryRight := func() (Value, error) {
		if m, ok := dunder(y, names[1]); ok {
			return notImplementedToNil(th.callMethod(m, y, []Value{x}, nil))
		}
		if h, ok := y.(HasBinary); ok {
			return h.Binary(th, op, x, true)
		}
		return nil, nil
	}
	if v, err := eitherOperand(x, y, names[1], tryLeft, tryRight); v != nil || err != nil {
		return v, err
	}
	return nil, binaryTypeError(op, x, y)
}

// eitherOperand asks the left operand, then the right one, for the result
// of a binary operation or comparison, and returns the first answer that
// is not NotImplemented (nil). As in Python, a right operand whose class
// derives from the left one's and overrides the reflected method goes
// first.
func eitherOperand(x, y Value, reflected string, left, right func() (Value, error)) (Value, error) {
	first, second := left, right
	if xc, yc := x.Type(), y.Type(); xc != yc && yc.IsSubclass(xc) && hasDunder(y, reflected) {
		first, second = right, left
	}
	if v, err := first(); v != nil || err != nil {
		return v, err
	}
	return second()
}

func hasDunder(v Value, name string) bool {
	_, ok := dunder(v, name)
	return ok
}

func notImplementedToNil(v Value, err error) (Value, error) {
	if v == NotImplemented {
		return nil, err
	}
	return v, err
}

func binaryTypeError(op syntax.Token, x, y Value) error {
	if op == syntax.PLUS {
		switch x.(type) {
		case Str:
			return TypeErrorf("can only concatenate str (not \"%s\") to str", TypeName(y))
		case *List:
			return TypeErrorf("can only concatenate list (not \"%s\") to list", TypeName(y))
		case Tuple:
			return TypeErrorf("can only concatenate tuple (not \"%s\") to tuple", TypeName(y))
		}
	}
	if op == syntax.STAR {
		isSeq := func(v Value) bool {
			switch v.(type) {
			case Str, *List, Tuple:
				return true
			}
			return false
		}
		if isSeq(x) && !isIntLike(y) {
			return TypeErrorf("can't multiply sequence by non-int of type '%s'", TypeName(y))
		}
		if isSeq(y) && !isIntLike(x) {
			return TypeErrorf("can't multiply sequence by non-int of type '%s'", TypeName(x))
		}
	}
	sym := op.String()
	if op == syntax.STARSTAR {
		sym = "** or pow()"
	}
	return TypeErrorf("unsupported operand type(s) for %s: '%s' and '%s'", sym, TypeName(x), TypeName(y))
}

// SystemErrorf reports an interpreter bug as SystemError.
func SystemErrorf(format string, args ...any) *Exception {
	return Errorf(SystemErrorClass, format, args...)
}

// inplaceStep is the INPLACE instruction: small ints take a fast path.
func (th *Thread) inplaceStep(op syntax.Token, x, y Value) (Value, error) {
	if xi, ok := x.(Int); ok {
		if yi, ok := y.(Int); ok {
			if v, ok := smallIntBinary(op, xi, yi); ok {
				return v, nil
			}
		}
	}
	return th.Inplace(op, x, y)
}

// Inplace is x op= y.
func (th *Thread) Inplace(op syntax.Token, x, y Value) (Value, error) {
	switch a := x.(type) {
	case *List:
		switch op {
		case syntax.PLUS:
			return a, th.extendList(a, y)
		case syntax.STAR:
			elems, err := th.repeatSeq(a.elems, y)
			if err != nil {
				return nil, err
			}
			if elems != nil {
				a.elems = elems
				return a, nil
			}
		}
	case *Set:
		if b, ok := y.(*Set); ok && !a.frozen {
			r, err := th.Binary(op, a, b)
			if err != nil {
				return nil, err
			}
			if rs, ok := r.(*Set); ok {
				*a = *rs
				a.frozen = false
				return a, nil
			}
		}
	case *Dict:
		if op == syntax.PIPE {
			return a, a.update(th, y)
		}
	case *Instance:
		if m, ok := dunder(a, binaryDunders[op][2]); ok {
			v, err := notImplementedToNil(th.callMethod(m, a, []Value{y}, nil))
			if v != nil || err != nil {
				return v, err
			}
		}
	}
	v, err := th.Binary(op, x, y)
	if err != nil {
		if e, ok := err.(*Exception); ok && e.class == TypeErrorClass && len(e.Args) == 1 {
			if s, ok := e.Args[0].(Str); ok && strings.HasPrefix(string(s), "unsupported operand type(s) for ") {
				sym := op.String()
				if op == syntax.STARSTAR {
					sym = "**"
				}
				return nil, TypeErrorf("unsupported operand type(s) for %s=: '%s' and '%s'", sym, TypeName(x), TypeName(y))
			}
		}
	}
	return v, err
}

// Unary is op x for -, + and ~.
func (th *Thread) Unary(op syntax.Token, x Value) (Value, error) {
	switch v := x.(type) {
	case Int, Bool, *BigInt:
		return intUnary(op, x), nil
	case Float:
		switch op {
		case syntax.MINUS:
			return -v, nil
		case syntax.PLUS:
			return v, nil
		}
	case *Instance:
		name := map[syntax.Token]string{syntax.MINUS: "__neg__", syntax.PLUS: "__pos__", syntax.TILDE: "__invert__"}[op]
		if m, ok := dunder(v, name); ok {
			return th.callMethod(m, v, nil, nil)
		}
	case HasUnary:
		r, err := v.Unary(th, op)
		if r != nil || err != nil {
			return r, err
		}
	}
	return nil, TypeErrorf("bad operand type for unary %s: '%s'", op, TypeName(x))
}

// ---- comparison ----

var compareDunders = map[syntax.Token][2]string{
	syntax.EQL: {"__eq__", "__eq__"},
	syntax.NEQ: {"__ne__", "__ne__"},
	syntax.LT:  {"__lt__", "__gt__"},
	syntax.LE:  {"__le__", "__ge__"},
	syntax.GT:  {"__gt__", "__lt__"},
	syntax.GE:  {"__ge__", "__le__"},
}

var reflectedOp = map[syntax.Token]syntax.Token{
	syntax.EQL: syntax.EQL, syntax.NEQ: syntax.NEQ,
	syntax.LT: syntax.GT, syntax.GT: syntax.LT,
	syntax.LE: syntax.GE, syntax.GE: syntax.LE,
}

// CompareOp is x op y for the comparison operators, including in, is and
// their negations.
func (th *Thread) CompareOp(op syntax.Token, x, y Value) (Value, error) {
	switch op {
	case syntax.IS:
		return MakeBool(identical(x, y)), nil
	case syntax.IS_NOT:
		return MakeBool(!identical(x, y)), nil
	case syntax.IN, syntax.NOT_IN:
		in, err := th.Contains(y, x)
		return MakeBool(in == (op == syntax.IN)), err
	}
	if r, handled, err := th.builtinCompare(op, x, y); handled || err != nil {
		return MakeBool(r), err
	}
	return th.richCompare(op, x, y)
}

func orderResult(op syntax.Token, c int) bool {
	switch op {
	case syntax.EQL:
		return c == 0
	case syntax.NEQ:
		return c != 0
	case syntax.LT:
		return c < 0
	case syntax.LE:
		return c <= 0
	case syntax.GT:
		return c > 0
	}
	return c >= 0
}

func isNumber(v Value) bool {
	switch v.(type) {
	case Int, Bool, *BigInt, Float:
		return true
	}
	return false
}

// builtinCompare compares values of the built-in types.
func (th *Thread) builtinCompare(op syntax.Token, x, y Value) (result, handled bool, err error) {
	if isNumber(x) && isNumber(y) {
		c, ok := compareNumbers(x, y)
		if !ok {
			return op == syntax.NEQ, true, nil
		}
		return orderResult(op, c), true, nil
	}
	switch a := x.(type) {
	case Str:
		if b, ok := y.(Str); ok {
			return orderResult(op, strings.Compare(string(a), string(b))), true, nil
		}
	case *List:
		if b, ok := y.(*List); ok {
			r, err := th.compareSeq(op, a.elems, b.elems)
			return r, true, err
		}
	case Tuple:
		if b, ok := y.(Tuple); ok {
			r, err := th.compareSeq(op, a, b)
			return r, true, err
		}
	case NoneType:
		if _, ok := y.(NoneType); ok && (op == syntax.EQL || op == syntax.NEQ) {
			return op == syntax.EQL, true, nil
		}
	case *Dict:
		if b, ok := y.(*Dict); ok && (op == syntax.EQL || op == syntax.NEQ) {
			eq, err := th.dictEqual(a, b)
			return eq == (op == syntax.EQL), true, err
		}
	case *Set:
		if b, ok := y.(*Set); ok {
			r, err := th.compareSets(op, a, b)
			return r, true, err
		}
	case *Range:
		if b, ok := y.(*Range); ok && (op == syntax.EQL || op == syntax.NEQ) {
			an, bn := a.length(), b.length()
			eq := an == bn && (an == 0 || a.start == b.start && (an == 1 || a.step == b.step))
			return eq == (op == syntax.EQL), true, nil
		}
	}
	return false, false, nil
}

func (th *Thread) compareSeq(op syntax.Token, a, b []Value) (bool, error) {
	if err := th.enterRecursive(); err != nil {
		return false, err
	}
	defer func() { th.depth-- }()
	if (op == syntax.EQL || op == syntax.NEQ) && len(a) != len(b) {
		return op == syntax.NEQ, nil
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		if identical(a[i], b[i]) {
			continue
		}
		eq, err := th.Equal(a[i], b[i])
		if err != nil {
			return false, err
		}
		if !eq {
			if op == syntax.EQL {
				return false, nil
			}
			if op == syntax.NEQ {
				return true, nil
			}
			r, err := th.CompareOp(op, a[i], b[i])
			if err != nil {
				return false, err
			}
			return th.Truth(r)
		}
	}
	return orderResult(op, len(a)-len(b)), nil
}

func (th *Thread) dictEqual(a, b *Dict) (bool, error) {
	if a.used != b.used {
		return false, nil
	}
	for _, kv := range a.Items() {
		v, ok, err := b.Get(th, kv[0])
		if err != nil || !ok {
			return false, err
		}
		eq, err := th.Equal(kv[1], v)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

func (th *Thread) compareSets(op syntax.Token, a, b *Set) (bool, error) {
	switch op {
	case syntax.EQL, syntax.NEQ:
		eq := a.used == b.used
		if eq {
			var err error
			if eq, err = th.subset(a, b); err != nil {
				return false, err
			}
		}
		return eq == (op == syntax.EQL), nil
	case syntax.LE:
		return th.subset(a, b)
	case syntax.GE:
		return th.subset(b, a)
	case syntax.LT:
		s, err := th.subset(a, b)
		return s && a.used < b.used, err
	}
	s, err := th.subset(b, a)
	return s && b.used < a.used, err
}

// richCompare dispatches to __eq__ and friends, or to Comparer.
func (th *Thread) richCompare(op syntax.Token, x, y Value) (Value, error) {
	names := compareDunders[op]
	tryLeft := func() (Value, error) {
		if m, ok := dunder(x, names[0]); ok {
			return notImplementedToNil(th.callMethod(m, x, []Value{y}, nil))
		}
		if op == syntax.NEQ {
			return th.negatedEq(x, y)
		}
		if c, ok := x.(Comparer); ok {
			return c.Compare(th, op, y, false)
		}
		return nil, nil
	}
	tryRight := func() (Value, error) {
		if m, ok := dunder(y, names[1]); ok {
			return notImplementedToNil(th.callMethod(m, y, []Value{x}, nil))
		}
		if op == syntax.NEQ {
			return th.negatedEq(y, x)
		}
		if c, ok := y.(Comparer); ok {
			return c.Compare(th, reflectedOp[op], x, true)
		}
		return nil, nil
	}
	if v, err := eitherOperand(x, y, names[1], tryLeft, tryRight); v != nil || err != nil {
		return v, err
	}
	switch op {
	case syntax.EQL:
		return MakeBool(identical(x, y)), nil
	case syntax.NEQ:
		return MakeBool(!identical(x, y)), nil
	}
	return nil, TypeErrorf("'%s' not supported between instances of '%s' and '%s'", op, TypeName(x), TypeName(y))
}

// negatedEq is object.__ne__ for a receiver without its own __ne__: the
// negation of its __eq__, or nil (NotImplemented) if it has no answer.
func (th *Thread) negatedEq(x, y Value) (Value, error) {
	if m, ok := dunder(x, "__eq__"); ok {
		r, err := notImplementedToNil(th.callMethod(m, x, []Value{y}, nil))
		if r == nil || err != nil {
			return nil, err
		}
		t, err := th.Truth(r)
		return MakeBool(!t), err
	}
	if c, ok := x.(Comparer); ok {
		return c.Compare(th, syntax.NEQ, y, false)
	}
	return nil, nil
}

// Equal reports whether x == y, as containers compare their elements:
// an object is always equal to itself (so a NaN is found in a list).
func (th *Thread) Equal(x, y Value) (bool, error) {
	if identical(x, y) {
		return true, nil
	}
	if r, handled, err := th.builtinCompare(syntax.EQL, x, y); handled || err != nil {
		return r, err
	}
	r, err := th.richCompare(syntax.EQL, x, y)
	if err != nil {
		return false, err
	}
	return th.Truth(r)
}

// Less reports whether x < y, for sorting, min and max.
func (th *Thread) Less(x, y Value) (bool, error) {
	if r, handled, err := th.builtinCompare(syntax.LT, x, y); handled || err != nil {
		return r, err
	}
	r, err := th.richCompare(syntax.LT, x, y)
	if err != nil {
		return false, err
	}
	return th.Truth(r)
}
