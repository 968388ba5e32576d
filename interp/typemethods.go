package interp

import (
	"math"
	"math/big"
	"math/bits"

	"msrepl/lang/syntax"
)

// The special methods of the built-in types (int.__add__, list.__len__,
// ...) and the attributes of numbers. Operators never go through them, the
// interpreter has fast paths for built-in values, but programs may call
// them explicitly, as in (3).__add__(4) or super().__eq__(other).

// binaryDunderMethod is the method for one binary operator: forward, or
// reflected (other op self). It returns NotImplemented for operand types
// the class does not handle.
func binaryDunderMethod(op syntax.Token, reflected bool, accepts func(Value) bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("method", args[1:], kwnames, 1, 1); err != nil {
			return nil, err
		}
		self, other := args[0], args[1]
		if !accepts(other) {
			return NotImplemented, nil
		}
		x, y := self, other
		if reflected {
			x, y = other, self
		}
		v, err := th.builtinBinary(op, x, y)
		if v == nil && err == nil {
			return NotImplemented, nil
		}
		return v, err
	}
}

func compareDunderMethod(op syntax.Token) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("method", args[1:], kwnames, 1, 1); err != nil {
			return nil, err
		}
		r, handled, err := th.builtinCompare(op, args[0], args[1])
		if err != nil {
			return nil, err
		}
		if !handled {
			return NotImplemented, nil
		}
		return MakeBool(r), nil
	}
}

func unaryDunderMethod(fn func(th *Thread, x Value) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("method", args[1:], kwnames, 0, 0); err != nil {
			return nil, err
		}
		return fn(th, args[0])
	}
}

func unaryOpMethod(op syntax.Token) BuiltinFunc {
	return unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return th.Unary(op, x) })
}

// getter makes a read-only attribute, as a property whose getter is Go.
func getter(name string, fn func(x Value) Value) *Property {
	return &Property{Get: &Builtin{Name: name, Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
		return fn(args[0]), nil
	}}, Set: None, Del: None, Doc: None}
}

// installOperators adds the binary and comparison dunders that a built-in
// class supports.
func installOperators(c *Class, ops []syntax.Token, accepts func(Value) bool) {
	m := map[string]BuiltinFunc{}
	for _, op := range ops {
		names := binaryDunders[op]
		m[names[0]] = binaryDunderMethod(op, false, accepts)
		m[names[1]] = binaryDunderMethod(op, true, accepts)
	}
	for op, names := range compareDunders {
		m[names[0]] = compareDunderMethod(op)
	}
	m["__hash__"] = unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
		h, err := th.Hash(x)
		return MakeInt(h), err
	})
	m["__repr__"] = unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
		s, err := th.Repr(x)
		return Str(s), err
	})
	m["__str__"] = unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
		s, err := th.Str(x)
		return Str(s), err
	})
	m["__bool__"] = unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
		t, err := th.Truth(x)
		return MakeBool(t), err
	})
	m["__format__"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var spec string
		if err := UnpackArgs("__format__", args[1:], kwnames, "format_spec", &spec); err != nil {
			return nil, err
		}
		s, err := th.Format(args[0], spec)
		return Str(s), err
	}
	defMethods(c, m)
}

// installContainer adds the dunders of a container class.
func installContainer(c *Class, mutable bool) {
	m := map[string]BuiltinFunc{
		"__len__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			n, err := th.Len(x)
			return MakeInt(int64(n)), err
		}),
		"__iter__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return th.Iterate(x) }),
		"__getitem__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__getitem__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			return th.GetItem(args[0], args[1])
		},
		"__contains__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__contains__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			in, err := th.Contains(args[0], args[1])
			return MakeBool(in), err
		},
	}
	if mutable {
		m["__setitem__"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__setitem__", args[1:], kwnames, 2, 2); err != nil {
				return nil, err
			}
			return None, th.SetItem(args[0], args[1], args[2])
		}
		m["__delitem__"] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__delitem__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			return None, th.DelItem(args[0], args[1])
		}
	}
	defMethods(c, m)
}

var arithmeticOps = []syntax.Token{syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.SLASH, syntax.SLASHSLASH,
	syntax.PERCENT, syntax.STARSTAR}

func init() {
	numeric := func(v Value) bool { return isNumber(v) }
	intLike := func(v Value) bool { return isIntLike(v) }
	any := func(Value) bool { return true }

	installOperators(IntClass, append(arithmeticOps, syntax.AMP, syntax.PIPE, syntax.CIRCUMFLEX, syntax.LTLT, syntax.GTGT), intLike)
	installOperators(FloatClass, arithmeticOps, numeric)
	installOperators(StrClass, []syntax.Token{syntax.PLUS, syntax.STAR, syntax.PERCENT}, any)
	installOperators(ListClass, []syntax.Token{syntax.PLUS, syntax.STAR}, any)
	installOperators(TupleClass, []syntax.Token{syntax.PLUS, syntax.STAR}, any)
	installOperators(SetClass, []syntax.Token{syntax.PIPE, syntax.AMP, syntax.MINUS, syntax.CIRCUMFLEX}, any)
	installOperators(FrozenSetClass, []syntax.Token{syntax.PIPE, syntax.AMP, syntax.MINUS, syntax.CIRCUMFLEX}, any)
	installOperators(DictClass, []syntax.Token{syntax.PIPE}, any)
	for _, c := range []*Class{StrClass, TupleClass, RangeClass, FrozenSetClass} {
		installContainer(c, false)
	}
	for _, c := range []*Class{ListClass, DictClass, SetClass} {
		installContainer(c, true)
	}
	for _, c := range []*Class{IntClass, FloatClass} {
		defMethods(c, map[string]BuiltinFunc{
			"__neg__":   unaryOpMethod(syntax.MINUS),
			"__pos__":   unaryOpMethod(syntax.PLUS),
			"__abs__":   unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return builtinAbs(th, []Value{x}, nil) }),
			"__int__":   unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return newInt(th, IntClass, []Value{x}, nil) }),
			"__float__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return newFloat(th, FloatClass, []Value{x}, nil) }),
			"conjugate": unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return x, nil }),
		})
	}
	defMethods(IntClass, map[string]BuiltinFunc{
		"__invert__": unaryOpMethod(syntax.TILDE),
		"__index__":  unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return intUnary(syntax.PLUS, x), nil }),
		"bit_length": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			b, _ := asBig(x)
			return MakeInt(int64(b.BitLen())), nil
		}),
		"bit_count": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			b, _ := asBig(x)
			n := 0
			for _, w := range new(big.Int).Abs(b).Bits() {
				n += bits.OnesCount(uint(w))
			}
			return MakeInt(int64(n)), nil
		}),
		"as_integer_ratio": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			return Tuple{intUnary(syntax.PLUS, x), MakeInt(1)}, nil
		}),
	})
	IntClass.Dict.Set("real", getter("real", func(x Value) Value { return intUnary(syntax.PLUS, x) }))
	IntClass.Dict.Set("imag", getter("imag", func(x Value) Value { return MakeInt(0) }))
	IntClass.Dict.Set("numerator", getter("numerator", func(x Value) Value { return intUnary(syntax.PLUS, x) }))
	IntClass.Dict.Set("denominator", getter("denominator", func(x Value) Value { return MakeInt(1) }))
	defMethods(FloatClass, map[string]BuiltinFunc{
		"is_integer": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			f := float64(x.(Float))
			return MakeBool(!math.IsInf(f, 0) && f == math.Trunc(f)), nil
		}),
		"as_integer_ratio": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			f := float64(x.(Float))
			if math.IsInf(f, 0) {
				return nil, OverflowErrorf("cannot convert Infinity to integer ratio")
			}
			if math.IsNaN(f) {
				return nil, ValueErrorf("cannot convert NaN to integer ratio")
			}
			r, _ := new(big.Rat).SetString(new(big.Float).SetFloat64(f).Text('g', -1))
			if r == nil {
				r = new(big.Rat).SetFloat64(f)
			}
			r.SetFloat64(f)
			return Tuple{MakeBigInt(new(big.Int).Set(r.Num())), MakeBigInt(new(big.Int).Set(r.Denom()))}, nil
		}),
		"__trunc__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return newInt(th, IntClass, []Value{x}, nil) }),
	})
	FloatClass.Dict.Set("real", getter("real", func(x Value) Value { return x }))
	FloatClass.Dict.Set("imag", getter("imag", func(x Value) Value { return Float(0) }))
}

// installIterator gives an iterator class the iterator protocol's methods.
func installIterator(c *Class) {
	defMethods(c, map[string]BuiltinFunc{
		"__iter__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) { return x, nil }),
		"__next__": unaryDunderMethod(func(th *Thread, x Value) (Value, error) {
			if g, ok := x.(*Generator); ok {
				v, done, err := th.resume(g, None, nil)
				if err == nil && done {
					err = stopIteration(v)
				}
				return v, err
			}
			it, ok := x.(Iterator)
			if !ok {
				return nil, TypeErrorf("'%s' object is not an iterator", TypeName(x))
			}
			v, ok, err := it.Next(th)
			if err == nil && !ok {
				err = NewException(StopIterationClass)
			}
			return v, err
		}),
	})
}

func init() {
	for _, c := range []*Class{IteratorClass, GeneratorClass, listIteratorClass, tupleIteratorClass,
		strASCIIIteratorClass, strIteratorClass, rangeIteratorClass, setIteratorClass, callableIteratorClass,
		dictKeyIteratorClass, dictValueIteratorClass, dictItemIteratorClass, dictReverseIteratorClass,
		listReverseIteratorClass, enumerateClass, zipClass, mapClass, filterClass, reversedClass} {
		installIterator(c)
	}
}
