package interp

import (
	"fmt"
	"math"
	"math/big"
	"msrepl/ops"
	"strconv"
	"strings"
	"unicode/utf8"

	"msrepl/internal/pyfmt"
	"msrepl/lang/syntax"
)

// builtinFuncs are the builtin functions; classes (int, list, ...) are
// added by newBuiltins.
var builtinFuncs = map[string]BuiltinFunc{
	"print":      builtinPrint,
	"len":        builtinLen,
	"repr":       builtinRepr,
	"ascii":      builtinASCII,
	"abs":        builtinAbs,
	"min":        func(th *Thread, a []Value, kw []string) (Value, error) { return th.minMax("min", a, kw, false) },
	"max":        func(th *Thread, a []Value, kw []string) (Value, error) { return th.minMax("max", a, kw, true) },
	"sum":        builtinSum,
	"round":      builtinRound,
	"pow":        builtinPow,
	"divmod":     builtinDivmod,
	"isinstance": builtinIsinstance,
	"issubclass": builtinIssubclass,
	"getattr":    builtinGetattr,
	"setattr":    builtinSetattr,
	"hasattr":    builtinHasattr,
	"delattr":    builtinDelattr,
	"sorted":     builtinSorted,
	"any":        func(th *Thread, a []Value, kw []string) (Value, error) { return th.anyAll("any", a, kw, true) },
	"all":        func(th *Thread, a []Value, kw []string) (Value, error) { return th.anyAll("all", a, kw, false) },
	"iter":       builtinIter,
	"next":       builtinNext,
	"hash":       builtinHash,
	"id":         builtinID,
	"callable":   builtinCallable,
	"chr":        builtinChr,
	"ord":        builtinOrd,
	"hex":        func(th *Thread, a []Value, kw []string) (Value, error) { return intToBase("hex", a, kw, 16, "0x") },
	"oct":        func(th *Thread, a []Value, kw []string) (Value, error) { return intToBase("oct", a, kw, 8, "0o") },
	"bin":        func(th *Thread, a []Value, kw []string) (Value, error) { return intToBase("bin", a, kw, 2, "0b") },
	"format":     builtinFormat,
	"input":      builtinInput,
	"dir":        builtinDir,
	"vars":       builtinVars,
	"help":       builtinHelp,
	"exit":       builtinExit,
	"quit":       builtinExit,
}

// iterator classes, for the builtins that are types in Python.
var (
	enumerateClass = NewBuiltinClass("enumerate", ObjectClass, nil)
	zipClass       = NewBuiltinClass("zip", ObjectClass, nil)
	mapClass       = NewBuiltinClass("map", ObjectClass, nil)
	filterClass    = NewBuiltinClass("filter", ObjectClass, nil)
	reversedClass  = NewBuiltinClass("reversed", ObjectClass, nil)
)

// newBuiltins returns the builtins namespace of a session.
func newBuiltins() *Attrs {
	b := NewAttrs()
	for name, fn := range builtinFuncs {
		b.Set(name, &Builtin{Name: name, Fn: fn, Doc: builtinDocs[name].doc, Sig: builtinDocs[name].sig})
	}
	for _, c := range []*Class{ObjectClass, TypeClass, BoolClass, IntClass, FloatClass, StrClass, ListClass,
		TupleClass, DictClass, SetClass, FrozenSetClass, RangeClass, SliceClass, PropertyClass,
		StaticMethodClass, ClassMethodClass, SuperClass, enumerateClass, zipClass, mapClass, filterClass,
		reversedClass} {
		b.Set(c.Name, c)
	}
	for _, c := range builtinExceptions {
		b.Set(c.Name, c)
	}
	b.Set("None", None)
	b.Set("True", True)
	b.Set("False", False)
	b.Set("Ellipsis", Ellipsis)
	b.Set("NotImplemented", NotImplemented)
	return b
}

func builtinPrint(th *Thread, args []Value, kwnames []string) (Value, error) {
	npos := len(args) - len(kwnames)
	sep, end := " ", "\n"
	var file Value = None
	for i, k := range kwnames {
		v := args[npos+i]
		switch k {
		case "sep", "end":
			s := ""
			switch x := v.(type) {
			case NoneType:
				if k == "sep" {
					s = " "
				} else {
					s = "\n"
				}
			case Str:
				s = string(x)
			default:
				return nil, TypeErrorf("%s must be None or a string, not %s", k, TypeName(v))
			}
			if k == "sep" {
				sep = s
			} else {
				end = s
			}
		case "file":
			file = v
		case "flush":
		default:
			return nil, TypeErrorf("'%s' is an invalid keyword argument for print()", k)
		}
	}
	if file == None {
		if th.bytecodeCapturing() {
			return nil, graphBreak("print")
		}
		if printed, err := th.printInGraph(args[:npos], sep, end); printed || err != nil {
			return None, err
		}
	}
	var b strings.Builder
	for i, a := range args[:npos] {
		if i > 0 {
			b.WriteString(sep)
		}
		s, err := th.Str(a)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
	}
	b.WriteString(end)
	if file != None {
		w, err := th.GetAttr(file, "write")
		if err != nil {
			return nil, err
		}
		_, err = th.Call(w, []Value{Str(b.String())}, nil)
		return None, err
	}
	_, err := th.stdout.Write([]byte(b.String()))
	return None, err
}

func builtinLen(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("len", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	n, err := th.Len(args[0])
	return MakeInt(int64(n)), err
}

func builtinRepr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("repr", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	s, err := th.Repr(args[0])
	return Str(s), err
}

func builtinASCII(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("ascii", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	s, err := th.Repr(args[0])
	return Str(pyfmt.EscapeNonASCII(s)), err
}

func builtinAbs(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("abs", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	switch x := args[0].(type) {
	case Int, Bool, *BigInt:
		if compareIntLike(x, MakeInt(0)) < 0 {
			return intUnary(syntax.MINUS, x), nil
		}
		return intUnary(syntax.PLUS, x), nil
	case Float:
		return Float(math.Abs(float64(x))), nil
	}
	if m, ok := dunder(args[0], "__abs__"); ok {
		return th.callMethod(m, args[0], nil, nil)
	}
	if h, ok := args[0].(interface {
		Abs(th *Thread) (Value, error)
	}); ok {
		return h.Abs(th)
	}
	return nil, TypeErrorf("bad operand type for abs(): '%s'", TypeName(args[0]))
}

// minMax is min() and max(): over one iterable or several arguments, with
// key= and default=.
// graphScalars says whether items are numbers and one-element Tensors, at
// least one of them computed by a graph being captured: their order is
// known only when the graph runs.
func graphScalars(items []Value) bool {
	abstract := false
	for _, it := range items {
		switch it := it.(type) {
		case Int, Float, Bool:
		case *Tensor:
			if it.t.Size() != 1 {
				return false
			}
			abstract = abstract || it.t.Abstract()
		default:
			return false
		}
	}
	return abstract
}

// graphMinMax is max or min of graphScalars as Maximum or Minimum nodes, as
// MindSpore's graph mode computes the builtins on Tensors.
func (th *Thread) graphMinMax(items []Value, isMax bool) (Value, error) {
	p := ops.Minimum
	if isMax {
		p = ops.Maximum
	}
	best := items[0]
	for _, it := range items[1:] {
		a, b, err := th.operandPair(p.Name, best, it)
		if err != nil {
			return nil, err
		}
		z, err := th.apply1(p, nil, a, b)
		if err != nil {
			return nil, err
		}
		best = NewTensor(z)
	}
	return best, nil
}

func (th *Thread) minMax(name string, args []Value, kwnames []string, isMax bool) (Value, error) {
	npos := len(args) - len(kwnames)
	var key, def Value
	for i, k := range kwnames {
		switch k {
		case "key":
			key = args[npos+i]
		case "default":
			def = args[npos+i]
		default:
			return nil, TypeErrorf("%s() got an unexpected keyword argument '%s'", name, k)
		}
	}
	var items []Value
	switch {
	case npos == 0:
		return nil, TypeErrorf("%s expected at least 1 argument, got 0", name)
	case npos == 1:
		var err error
		if items, err = th.iterateAll(args[0]); err != nil {
			return nil, err
		}
		if len(items) == 0 {
			if def != nil {
				return def, nil
			}
			return nil, ValueErrorf("%s() arg is an empty sequence", name)
		}
	default:
		if def != nil {
			return nil, TypeErrorf("Cannot specify a default for %s() with multiple positional arguments", name)
		}
		items = args[:npos]
	}
	if (key == nil || key == None) && graphScalars(items) {
		return th.graphMinMax(items, isMax)
	}
	best := items[0]
	bestKey := best
	if key != nil && key != None {
		var err error
		if bestKey, err = th.Call(key, []Value{best}, nil); err != nil {
			return nil, err
		}
	}
	for _, it := range items[1:] {
		k := it
		if key != nil && key != None {
			var err error
			if k, err = th.Call(key, []Value{it}, nil); err != nil {
				return nil, err
			}
		}
		var better bool
		var err error
		if isMax {
			better, err = th.Less(bestKey, k)
		} else {
			better, err = th.Less(k, bestKey)
		}
		if err != nil {
			return nil, err
		}
		if better {
			best, bestKey = it, k
		}
	}
	return best, nil
}

func builtinSum(th *Thread, args []Value, kwnames []string) (Value, error) {
	var iterable Value
	var start Value = MakeInt(0)
	if err := UnpackArgs("sum", args, kwnames, "iterable", &iterable, "start?", &start); err != nil {
		return nil, err
	}
	if _, ok := start.(Str); ok {
		return nil, TypeErrorf("sum() can't sum strings [use ''.join(seq) instead]")
	}
	acc := start
	err := th.forEach(iterable, func(x Value) error {
		if a, ok := acc.(Int); ok {
			if b, ok := x.(Int); ok {
				if v, ok := smallIntBinary(syntax.PLUS, a, b); ok {
					acc = v
					return nil
				}
			}
		}
		v, err := th.Binary(syntax.PLUS, acc, x)
		acc = v
		return err
	})
	return acc, err
}

func builtinRound(th *Thread, args []Value, kwnames []string) (Value, error) {
	var x Value
	var nd Value = None
	if err := UnpackArgs("round", args, kwnames, "number", &x, "ndigits?", &nd); err != nil {
		return nil, err
	}
	switch v := x.(type) {
	case Float:
		f := float64(v)
		if nd == None {
			if math.IsInf(f, 0) {
				return nil, OverflowErrorf("cannot convert float infinity to integer")
			}
			if math.IsNaN(f) {
				return nil, ValueErrorf("cannot convert float NaN to integer")
			}
			return floatToInt(math.RoundToEven(f)), nil
		}
		n, err := toIndex(nd)
		if err != nil {
			return nil, err
		}
		return Float(roundFloat(f, n)), nil
	case Int, Bool, *BigInt:
		if nd == None {
			return intUnary(syntax.PLUS, v), nil
		}
		n, err := toIndex(nd)
		if err != nil {
			return nil, err
		}
		if n >= 0 {
			return intUnary(syntax.PLUS, v), nil
		}
		return roundInt(v, -n), nil
	}
	if m, ok := dunder(x, "__round__"); ok {
		if nd == None {
			return th.callMethod(m, x, nil, nil)
		}
		return th.callMethod(m, x, []Value{nd}, nil)
	}
	if h, ok := x.(interface {
		Round(th *Thread, ndigits Value) (Value, error)
	}); ok {
		return h.Round(th, nd)
	}
	return nil, TypeErrorf("type %s doesn't define __round__ method", TypeName(x))
}

// roundFloat rounds to n decimal digits, correctly (half to even on the
// exact binary value), as CPython does.
func roundFloat(f float64, n int) float64 {
	if math.IsInf(f, 0) || math.IsNaN(f) || f == 0 {
		return f
	}
	if n > 330 {
		return f
	}
	if n >= 0 {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', n, 64), 64)
		return r
	}
	if n < -330 {
		return math.Copysign(0, f)
	}
	p := new(big.Float).SetPrec(2000).SetFloat64(f)
	scale := new(big.Float).SetPrec(2000).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-n)), nil))
	q := new(big.Float).SetPrec(2000).Quo(p, scale)
	qi, _ := q.Int(nil)
	rem := new(big.Float).SetPrec(2000).Sub(q, new(big.Float).SetInt(qi))
	half := big.NewFloat(0.5)
	absRem := new(big.Float).Abs(rem)
	switch absRem.Cmp(half) {
	case 1:
		qi.Add(qi, big.NewInt(int64(rem.Sign())))
	case 0:
		if qi.Bit(0) == 1 {
			qi.Add(qi, big.NewInt(int64(rem.Sign())))
		}
	}
	r, _ := new(big.Float).SetInt(new(big.Int).Mul(qi, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-n)), nil))).Float64()
	return math.Copysign(r, f)
}

// roundInt rounds an int to a multiple of 10**n, half to even.
func roundInt(v Value, n int) Value {
	b, _ := asBig(v)
	pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	q, m := floorDivMod(b, pow)
	twice := new(big.Int).Lsh(m, 1)
	if c := twice.Cmp(pow); c > 0 || c == 0 && q.Bit(0) == 1 {
		q.Add(q, big.NewInt(1))
	}
	return MakeBigInt(q.Mul(q, pow))
}

// floatToInt converts an integral float to an int.
func floatToInt(f float64) Value {
	if f >= -(1<<63) && f < 1<<63 {
		return MakeInt(int64(f))
	}
	b, _ := new(big.Float).SetFloat64(f).Int(nil)
	return MakeBigInt(b)
}

func builtinPow(th *Thread, args []Value, kwnames []string) (Value, error) {
	var base, exp Value
	var mod Value = None
	if err := UnpackArgs("pow", args, kwnames, "base", &base, "exp", &exp, "mod?", &mod); err != nil {
		return nil, err
	}
	if mod == None {
		return th.Binary(syntax.STARSTAR, base, exp)
	}
	b, ok1 := asBig(base)
	e, ok2 := asBig(exp)
	m, ok3 := asBig(mod)
	if !ok1 || !ok2 || !ok3 {
		return nil, TypeErrorf("pow() 3rd argument not allowed unless all arguments are integers")
	}
	if m.Sign() == 0 {
		return nil, ValueErrorf("pow() 3rd argument cannot be 0")
	}
	bb := new(big.Int).Set(b)
	if e.Sign() < 0 {
		inv := new(big.Int).ModInverse(new(big.Int).Mod(bb, new(big.Int).Abs(m)), new(big.Int).Abs(m))
		if inv == nil {
			return nil, ValueErrorf("base is not invertible for the given modulus")
		}
		bb = inv
		e = new(big.Int).Neg(e)
	}
	r := new(big.Int).Exp(bb, e, new(big.Int).Abs(m))
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, m)
	}
	return MakeBigInt(r), nil
}

func builtinDivmod(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("divmod", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	q, err := th.Binary(syntax.SLASHSLASH, args[0], args[1])
	if err != nil {
		return nil, err
	}
	m, err := th.Binary(syntax.PERCENT, args[0], args[1])
	if err != nil {
		return nil, err
	}
	return Tuple{q, m}, nil
}

// isInstance is isinstance(v, classinfo).
func isInstance(v, classinfo Value) (bool, error) {
	switch c := classinfo.(type) {
	case *Class:
		return v.Type().IsSubclass(c), nil
	case Tuple:
		for _, x := range c {
			ok, err := isInstance(v, x)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	return false, TypeErrorf("isinstance() arg 2 must be a type, a tuple of types, or a union")
}

func builtinIsinstance(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("isinstance", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	ok, err := isInstance(args[0], args[1])
	return MakeBool(ok), err
}

func builtinIssubclass(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("issubclass", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	c, ok := args[0].(*Class)
	if !ok {
		return nil, TypeErrorf("issubclass() arg 1 must be a class")
	}
	var check func(Value) (bool, error)
	check = func(info Value) (bool, error) {
		switch b := info.(type) {
		case *Class:
			return c.IsSubclass(b), nil
		case Tuple:
			for _, x := range b {
				ok, err := check(x)
				if err != nil || ok {
					return ok, err
				}
			}
			return false, nil
		}
		return false, TypeErrorf("issubclass() arg 2 must be a class, a tuple of classes, or a union")
	}
	r, err := check(args[1])
	return MakeBool(r), err
}

func builtinGetattr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("getattr", args, kwnames, 2, 3); err != nil {
		return nil, err
	}
	name, ok := args[1].(Str)
	if !ok {
		return nil, TypeErrorf("attribute name must be string, not '%s'", TypeName(args[1]))
	}
	v, err := th.GetAttr(args[0], string(name))
	if err != nil && len(args) == 3 && IsInstanceOf(err, AttributeErrorClass) {
		return args[2], nil
	}
	return v, err
}

func builtinSetattr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("setattr", args, kwnames, 3, 3); err != nil {
		return nil, err
	}
	name, ok := args[1].(Str)
	if !ok {
		return nil, TypeErrorf("attribute name must be string, not '%s'", TypeName(args[1]))
	}
	return None, th.SetAttr(args[0], string(name), args[2])
}

func builtinHasattr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("hasattr", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	name, ok := args[1].(Str)
	if !ok {
		return nil, TypeErrorf("attribute name must be string, not '%s'", TypeName(args[1]))
	}
	_, err := th.GetAttr(args[0], string(name))
	if err != nil {
		if IsInstanceOf(err, AttributeErrorClass) {
			return False, nil
		}
		return nil, err
	}
	return True, nil
}

func builtinDelattr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("delattr", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	name, ok := args[1].(Str)
	if !ok {
		return nil, TypeErrorf("attribute name must be string, not '%s'", TypeName(args[1]))
	}
	return None, th.DelAttr(args[0], string(name))
}

func builtinSorted(th *Thread, args []Value, kwnames []string) (Value, error) {
	if len(args)-len(kwnames) != 1 {
		return nil, TypeErrorf("sorted expected 1 argument, got %d", len(args)-len(kwnames))
	}
	var key Value = None
	reverse := false
	if err := UnpackArgs("sorted", args[1:], kwnames, "*key?", &key, "*reverse?", &reverse); err != nil {
		return nil, err
	}
	items, err := th.iterateAll(args[0])
	if err != nil {
		return nil, err
	}
	elems := append([]Value(nil), items...)
	if err := th.sortValues(elems, key, reverse); err != nil {
		return nil, err
	}
	return NewList(elems), nil
}

func (th *Thread) anyAll(name string, args []Value, kwnames []string, isAny bool) (Value, error) {
	if err := checkArity(name, args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	result := !isAny
	err := th.forEach(args[0], func(x Value) error {
		t, err := th.Truth(x)
		if err != nil {
			return err
		}
		if t == isAny {
			result = isAny
			return errStopIteration
		}
		return nil
	})
	if err == errStopIteration {
		err = nil
	}
	return MakeBool(result), err
}

func builtinIter(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("iter", args, kwnames, 1, 2); err != nil {
		return nil, err
	}
	if len(args) == 2 {
		return &callIterator{fn: args[0], sentinel: args[1]}, nil
	}
	return th.Iterate(args[0])
}

// callIterator is iter(callable, sentinel).
type callIterator struct {
	fn, sentinel Value
	done         bool
}

func (*callIterator) Type() *Class { return callableIteratorClass }

func (it *callIterator) Next(th *Thread) (Value, bool, error) {
	if it.done {
		return nil, false, nil
	}
	v, err := th.Call(it.fn, nil, nil)
	if err != nil {
		return nil, false, err
	}
	eq, err := th.Equal(v, it.sentinel)
	if err != nil || eq {
		it.done = true
		return nil, false, err
	}
	return v, true, nil
}

func builtinNext(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("next", args, kwnames, 1, 2); err != nil {
		return nil, err
	}
	var it Iterator
	switch x := args[0].(type) {
	case Iterator:
		it = x
	case *Instance:
		if m, ok := dunder(x, "__next__"); ok {
			v, err := th.callMethod(m, x, nil, nil)
			if err != nil && len(args) == 2 && IsInstanceOf(err, StopIterationClass) {
				return args[1], nil
			}
			return v, err
		}
	}
	if it == nil {
		return nil, TypeErrorf("'%s' object is not an iterator", TypeName(args[0]))
	}
	if g, ok := it.(*Generator); ok && len(args) == 1 {
		v, done, err := th.resume(g, None, nil)
		if err != nil {
			return nil, err
		}
		if done {
			return nil, stopIteration(v)
		}
		return v, nil
	}
	v, ok, err := it.Next(th)
	if err != nil {
		return nil, err
	}
	if !ok {
		if len(args) == 2 {
			return args[1], nil
		}
		return nil, NewException(StopIterationClass)
	}
	return v, nil
}

func builtinHash(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("hash", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	h, err := th.Hash(args[0])
	return MakeInt(h), err
}

func builtinID(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("id", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	return MakeInt(int64(identity(args[0]))), nil
}

func isCallable(v Value) bool {
	switch v.(type) {
	case *Function, *Builtin, *Class, *BoundMethod, Callable:
		return true
	}
	_, ok := dunder(v, "__call__")
	return ok
}

func builtinCallable(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("callable", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	return MakeBool(isCallable(args[0])), nil
}

func builtinChr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("chr", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	i, ok := asInt64(args[0])
	if !ok {
		if _, big := args[0].(*BigInt); big {
			return nil, OverflowErrorf("Python int too large to convert to C int")
		}
		return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(args[0]))
	}
	if i < 0 || i > 0x10ffff {
		return nil, ValueErrorf("chr() arg not in range(0x110000)")
	}
	return charStr(rune(i)), nil
}

func builtinOrd(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("ord", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	s, ok := args[0].(Str)
	if !ok {
		return nil, TypeErrorf("ord() expected string of length 1, but %s found", TypeName(args[0]))
	}
	if n := utf8.RuneCountInString(string(s)); n != 1 {
		return nil, TypeErrorf("ord() expected a character, but string of length %d found", n)
	}
	r, _ := utf8.DecodeRuneInString(string(s))
	return MakeInt(int64(r)), nil
}

func intToBase(name string, args []Value, kwnames []string, base int, prefix string) (Value, error) {
	if err := checkArity(name, args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	b, ok := asBig(args[0])
	if !ok {
		return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(args[0]))
	}
	if b.Sign() < 0 {
		return Str("-" + prefix + new(big.Int).Neg(b).Text(base)), nil
	}
	return Str(prefix + b.Text(base)), nil
}

func builtinFormat(th *Thread, args []Value, kwnames []string) (Value, error) {
	var v Value
	spec := ""
	if err := UnpackArgs("format", args, kwnames, "value", &v, "format_spec?", &spec); err != nil {
		return nil, err
	}
	s, err := th.Format(v, spec)
	return Str(s), err
}

func builtinInput(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("input", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	prompt := ""
	if len(args) == 1 {
		s, err := th.Str(args[0])
		if err != nil {
			return nil, err
		}
		prompt = s
	}
	if th.input == nil {
		return nil, Errorf(EOFErrorClass, "EOF when reading a line")
	}
	line, err := th.input(prompt, false)
	if err != nil {
		return nil, err
	}
	return Str(line), nil
}

func builtinDir(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("dir", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	var names []string
	if len(args) == 0 {
		if th.session != nil {
			names = th.session.globals.Names()
		}
	} else {
		names = th.attrNames(args[0])
	}
	return strList(names), nil
}

func builtinVars(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("vars", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		d := NewDict(0)
		if th.session != nil {
			for _, n := range th.session.globals.Names() {
				v, _ := th.session.globals.Get(n)
				if err := d.SetItem(th, Str(n), v); err != nil {
					return nil, err
				}
			}
		}
		return d, nil
	}
	v, err := th.GetAttr(args[0], "__dict__")
	if err != nil {
		return nil, TypeErrorf("vars() argument must have __dict__ attribute")
	}
	return v, nil
}

func builtinHelp(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("help", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		_, err := fmt.Fprintln(th.stdout, "Type help(obj) or obj? for the signature and documentation of obj.")
		return None, err
	}
	text, err := th.describe(args[0], false)
	if err != nil {
		return nil, err
	}
	_, err = fmt.Fprintln(th.stdout, text)
	return None, err
}

func builtinExit(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("exit", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	return nil, NewException(SystemExitClass, args...)
}

// ---- constructors of the built-in types ----

func init() {
	IntClass.New = newInt
	FloatClass.New = newFloat
	StrClass.New = newStr
	BoolClass.New = newBool
	ListClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("list", args, kwnames, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return NewList(nil), nil
		}
		items, err := th.iterateAll(args[0])
		return NewList(append([]Value(nil), items...)), err
	}
	TupleClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("tuple", args, kwnames, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return Tuple{}, nil
		}
		items, err := th.iterateAll(args[0])
		return Tuple(append([]Value(nil), items...)), err
	}
	DictClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		npos := len(args) - len(kwnames)
		if npos > 1 {
			return nil, TypeErrorf("dict expected at most 1 argument, got %d", npos)
		}
		d := NewDict(0)
		if npos == 1 {
			if err := d.update(th, args[0]); err != nil {
				return nil, err
			}
		}
		for i, k := range kwnames {
			if err := d.SetItem(th, Str(k), args[npos+i]); err != nil {
				return nil, err
			}
		}
		return d, nil
	}
	SetClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("set", args, kwnames, 0, 1); err != nil {
			return nil, err
		}
		s := NewSet(0)
		if len(args) == 1 {
			if err := s.update(th, args[0]); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	FrozenSetClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("frozenset", args, kwnames, 0, 1); err != nil {
			return nil, err
		}
		s := NewSet(0)
		if len(args) == 1 {
			if err := s.update(th, args[0]); err != nil {
				return nil, err
			}
		}
		s.frozen = true
		return s, nil
	}
	TypeClass.New = newType
	SuperClass.New = newSuper
	enumerateClass.New = newEnumerate
	zipClass.New = newZip
	mapClass.New = newMap
	filterClass.New = newFilter
	reversedClass.New = newReversed
}

func newInt(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var x Value = MakeInt(0)
	var base Value = None
	if err := UnpackArgs("int", args, kwnames, "x?", &x, "base?", &base); err != nil {
		return nil, err
	}
	if base != None {
		b, err := toIndex(base)
		if err != nil {
			return nil, err
		}
		s, ok := x.(Str)
		if !ok {
			return nil, TypeErrorf("int() can't convert non-string with explicit base")
		}
		return parseIntValue(string(s), b)
	}
	switch v := x.(type) {
	case Int, *BigInt:
		return v, nil
	case Bool:
		return intUnary(syntax.PLUS, v), nil
	case Float:
		f := float64(v)
		if math.IsInf(f, 0) {
			return nil, OverflowErrorf("cannot convert float infinity to integer")
		}
		if math.IsNaN(f) {
			return nil, ValueErrorf("cannot convert float NaN to integer")
		}
		return floatToInt(math.Trunc(f)), nil
	case Str:
		return parseIntValue(string(v), 10)
	}
	for _, name := range []string{"__int__", "__index__", "__trunc__"} {
		if m, ok := dunder(x, name); ok {
			r, err := th.callMethod(m, x, nil, nil)
			if err != nil {
				return nil, err
			}
			if !isIntLike(r) {
				return nil, TypeErrorf("%s returned non-int (type %s)", name, TypeName(r))
			}
			return r, nil
		}
	}
	if h, ok := x.(interface {
		Int(th *Thread) (Value, error)
	}); ok {
		return h.Int(th)
	}
	return nil, TypeErrorf("int() argument must be a string, a bytes-like object or a real number, not '%s'", TypeName(x))
}

func parseIntValue(s string, base int) (Value, error) {
	if len(s) > maxIntDigits+100 && base == 10 {
		return nil, ValueErrorf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxIntDigits, len(s))
	}
	b, err := pyfmt.ParseInt(s, base)
	if err != nil {
		return nil, pyfmtError(err)
	}
	return MakeBigInt(b), nil
}

func newFloat(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("float", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return Float(0), nil
	}
	x := args[0]
	switch v := x.(type) {
	case Float:
		return v, nil
	case Int, Bool, *BigInt:
		f, err := intToFloat(v)
		return Float(f), err
	case Str:
		f, err := pyfmt.ParseFloat(string(v))
		if err != nil {
			return nil, pyfmtError(err)
		}
		return Float(f), nil
	}
	if m, ok := dunder(x, "__float__"); ok {
		r, err := th.callMethod(m, x, nil, nil)
		if err != nil {
			return nil, err
		}
		if _, ok := r.(Float); !ok {
			return nil, TypeErrorf("%s.__float__ returned non-float (type %s)", TypeName(x), TypeName(r))
		}
		return r, nil
	}
	if h, ok := x.(interface {
		Float(th *Thread) (Value, error)
	}); ok {
		return h.Float(th)
	}
	return nil, TypeErrorf("float() argument must be a string or a real number, not '%s'", TypeName(x))
}

func newStr(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var x Value = Str("")
	if err := UnpackArgs("str", args, kwnames, "object?", &x); err != nil {
		return nil, err
	}
	s, err := th.Str(x)
	return Str(s), err
}

func newBool(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("bool", args, kwnames, 0, 1); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return False, nil
	}
	t, err := th.Truth(args[0])
	return MakeBool(t), err
}

// newType is type(x) and type(name, bases, dict).
func newType(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if len(args) == 1 && len(kwnames) == 0 {
		return args[0].Type(), nil
	}
	if len(args) != 3 || len(kwnames) != 0 {
		return nil, TypeErrorf("type() takes 1 or 3 arguments")
	}
	name, ok := args[0].(Str)
	if !ok {
		return nil, TypeErrorf("type.__new__() argument 1 must be str, not %s", TypeName(args[0]))
	}
	basesT, ok := args[1].(Tuple)
	if !ok {
		return nil, TypeErrorf("type.__new__() argument 2 must be tuple, not %s", TypeName(args[1]))
	}
	d, ok := args[2].(*Dict)
	if !ok {
		return nil, TypeErrorf("type.__new__() argument 3 must be dict, not %s", TypeName(args[2]))
	}
	bases := make([]*Class, len(basesT))
	for i, b := range basesT {
		c, ok := b.(*Class)
		if !ok {
			return nil, TypeErrorf("bases must be types")
		}
		bases[i] = c
	}
	ns := NewAttrs()
	ns.Set("__module__", Str("__main__"))
	for _, kv := range d.Items() {
		k, ok := kv[0].(Str)
		if !ok {
			return nil, TypeErrorf("type.__new__(): namespace keys must be strings")
		}
		ns.Set(string(k), kv[1])
	}
	return NewClass(th, string(name), string(name), bases, ns)
}

// ---- iterator builtins ----

// funcIterator is an iterator whose next step is a Go function.
type funcIterator struct {
	class *Class
	next  func(th *Thread) (Value, bool, error)
	// inner are the iterators it draws from, which a loop that ends early
	// over it ends early too: enumerate(progress(...)) closes the bar.
	inner []Iterator
}

func (it *funcIterator) Type() *Class { return it.class }

func (it *funcIterator) Next(th *Thread) (Value, bool, error) { return it.next(th) }

func (it *funcIterator) closeLoop(th *Thread, raised bool) {
	for _, in := range it.inner {
		if c, ok := in.(loopCloser); ok {
			c.closeLoop(th, raised)
		}
	}
}

func newEnumerate(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var iterable Value
	var start Value = MakeInt(0)
	if err := UnpackArgs("enumerate", args, kwnames, "iterable", &iterable, "start?", &start); err != nil {
		return nil, err
	}
	if !isIntLike(start) {
		return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(start))
	}
	it, err := th.Iterate(iterable)
	if err != nil {
		return nil, err
	}
	n := start
	return &funcIterator{class: enumerateClass, inner: []Iterator{it}, next: func(th *Thread) (Value, bool, error) {
		v, ok, err := it.Next(th)
		if !ok || err != nil {
			return nil, false, err
		}
		i := n
		if n, err = th.Binary(syntax.PLUS, n, MakeInt(1)); err != nil {
			return nil, false, err
		}
		return Tuple{i, v}, true, nil
	}}, nil
}

func newZip(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	npos := len(args) - len(kwnames)
	strict := false
	for i, k := range kwnames {
		if k != "strict" {
			return nil, TypeErrorf("zip() got an unexpected keyword argument '%s'", k)
		}
		t, err := th.Truth(args[npos+i])
		if err != nil {
			return nil, err
		}
		strict = t
	}
	its := make([]Iterator, npos)
	for i, a := range args[:npos] {
		it, err := th.Iterate(a)
		if err != nil {
			return nil, TypeErrorf("zip argument #%d must support iteration", i+1)
		}
		its[i] = it
	}
	done := false
	return &funcIterator{class: zipClass, inner: its, next: func(th *Thread) (Value, bool, error) {
		if done || len(its) == 0 {
			return nil, false, nil
		}
		t := make(Tuple, len(its))
		for i, it := range its {
			v, ok, err := it.Next(th)
			if err != nil {
				return nil, false, err
			}
			if !ok {
				done = true
				if strict {
					if i > 0 {
						return nil, false, ValueErrorf("zip() argument %d is shorter than argument%s 1%s", i+1, plural(i), zipRange(i))
					}
					for j := 1; j < len(its); j++ {
						if _, more, err := its[j].Next(th); err != nil || more {
							if err != nil {
								return nil, false, err
							}
							return nil, false, ValueErrorf("zip() argument %d is longer than argument%s 1%s", j+1, plural(j), zipRange(j))
						}
					}
				}
				return nil, false, nil
			}
			t[i] = v
		}
		return t, true, nil
	}}, nil
}

func zipRange(i int) string {
	if i <= 1 {
		return ""
	}
	return "-" + itoa(i)
}

func newMap(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := noKwargs("map", kwnames); err != nil {
		return nil, err
	}
	if len(args) < 2 {
		return nil, TypeErrorf("map() must have at least two arguments.")
	}
	fn := args[0]
	its := make([]Iterator, len(args)-1)
	for i, a := range args[1:] {
		it, err := th.Iterate(a)
		if err != nil {
			return nil, err
		}
		its[i] = it
	}
	return &funcIterator{class: mapClass, inner: its, next: func(th *Thread) (Value, bool, error) {
		vals := make([]Value, len(its))
		for i, it := range its {
			v, ok, err := it.Next(th)
			if !ok || err != nil {
				return nil, false, err
			}
			vals[i] = v
		}
		r, err := th.Call(fn, vals, nil)
		return r, err == nil, err
	}}, nil
}

func newFilter(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("filter", args, kwnames, 2, 2); err != nil {
		return nil, err
	}
	fn := args[0]
	it, err := th.Iterate(args[1])
	if err != nil {
		return nil, err
	}
	return &funcIterator{class: filterClass, inner: []Iterator{it}, next: func(th *Thread) (Value, bool, error) {
		for {
			v, ok, err := it.Next(th)
			if !ok || err != nil {
				return nil, false, err
			}
			keep := v
			if fn != None {
				if keep, err = th.Call(fn, []Value{v}, nil); err != nil {
					return nil, false, err
				}
			}
			t, err := th.Truth(keep)
			if err != nil {
				return nil, false, err
			}
			if t {
				return v, true, nil
			}
		}
	}}, nil
}

func newReversed(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("reversed", args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	seq := args[0]
	if m, ok := dunder(seq, "__reversed__"); ok {
		r, err := th.callMethod(m, seq, nil, nil)
		if err != nil {
			return nil, err
		}
		return th.asIterator(r)
	}
	var n int
	switch x := seq.(type) {
	case *Dict:
		return reversedDict(x, dictKeysKind), nil
	case *dictView:
		return reversedDict(x.d, x.kind), nil
	case *List, Tuple, Str, *Range:
		var err error
		if n, err = th.Len(x); err != nil {
			return nil, err
		}
	case *Instance:
		if _, ok := dunder(x, "__getitem__"); !ok {
			return nil, TypeErrorf("'%s' object is not reversible", TypeName(seq))
		}
		var err error
		if n, err = th.Len(x); err != nil {
			return nil, err
		}
	default:
		return nil, TypeErrorf("'%s' object is not reversible", TypeName(seq))
	}
	itClass := reversedClass
	if _, ok := seq.(*List); ok {
		itClass = listReverseIteratorClass
	}
	i := n
	return &funcIterator{class: itClass, next: func(th *Thread) (Value, bool, error) {
		if i <= 0 {
			return nil, false, nil
		}
		i--
		v, err := th.GetItem(seq, MakeInt(int64(i)))
		return v, err == nil, err
	}}, nil
}

// reversedDict iterates a dict's keys, values or items from the last
// inserted.
func reversedDict(d *Dict, kind dictViewKind) Iterator {
	i := len(d.entries)
	used := d.used
	return &funcIterator{class: dictReverseIteratorClass, next: func(th *Thread) (Value, bool, error) {
		if d.used != used {
			return nil, false, RuntimeErrorf("dictionary changed size during iteration")
		}
		for i > 0 {
			i--
			e := d.entries[i]
			if e.key == nil {
				continue
			}
			switch kind {
			case dictValuesKind:
				return e.value, true, nil
			case dictItemsKind:
				return Tuple{e.key, e.value}, true, nil
			}
			return e.key, true, nil
		}
		return nil, false, nil
	}}
}

// ---- super ----

// Super is the object super() returns.
type Super struct {
	class *Class // look for attributes after this class in self's MRO
	self  Value
}

func (*Super) Type() *Class { return SuperClass }

func (s *Super) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<super: <class '%s'>, <%s object>>", s.class.Name, TypeName(s.self)), nil
}

// Attr finds the attribute in the MRO after the class.
func (s *Super) Attr(th *Thread, name string) (Value, bool, error) {
	selfType, isClass := s.self.(*Class)
	if !isClass {
		selfType = s.self.Type()
	}
	mro := selfType.MRO
	i := 0
	for i < len(mro) && mro[i] != s.class {
		i++
	}
	for _, k := range mro[min(i+1, len(mro)):] {
		if m, ok := k.Dict.Get(name); ok {
			if isClass {
				if cm, ok := m.(*ClassMethod); ok {
					return &BoundMethod{Self: s.self, Fn: cm.Fn}, true, nil
				}
				return m, true, nil
			}
			v, err := th.bindDescriptor(m, s.self, selfType)
			return v, true, err
		}
	}
	return nil, false, AttributeErrorf("'super' object has no attribute '%s'", name)
}

func newSuper(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := noKwargs("super", kwnames); err != nil {
		return nil, err
	}
	switch len(args) {
	case 2:
		c, ok := args[0].(*Class)
		if !ok {
			return nil, TypeErrorf("super() argument 1 must be a type, not %s", TypeName(args[0]))
		}
		if !args[1].Type().IsSubclass(c) {
			if sc, ok := args[1].(*Class); !ok || !sc.IsSubclass(c) {
				return nil, TypeErrorf("super(type, obj): obj must be an instance or subtype of type")
			}
		}
		return &Super{class: c, self: args[1]}, nil
	case 0:
		return th.zeroArgSuper()
	}
	return nil, TypeErrorf("super() takes 0 or 2 arguments (%d given)", len(args))
}

// zeroArgSuper finds the class and the receiver of the calling method: its
// __class__ cell and its first argument.
func (th *Thread) zeroArgSuper() (Value, error) {
	fr := th.frame
	if fr == nil || fr.code.fc.NumParams == 0 {
		return nil, RuntimeErrorf("super(): no arguments")
	}
	fc := fr.code.fc
	self := fr.slots[0]
	if c, ok := self.(*Cell); ok {
		self = c.V
	}
	if self == nil {
		return nil, RuntimeErrorf("super(): arg[0] deleted")
	}
	for i, name := range fc.FreeVars {
		if name == "__class__" {
			cell := fr.slots[len(fc.Locals)+i].(*Cell)
			c, ok := cell.V.(*Class)
			if !ok {
				return nil, RuntimeErrorf("super(): empty __class__ cell")
			}
			return &Super{class: c, self: self}, nil
		}
	}
	return nil, RuntimeErrorf("super(): __class__ cell not found")
}
