package interp

import (
	"math"

	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// NDArray is a numpy.ndarray, the host array of the numpy module, or a
// numpy scalar (np.float32(1.5), what reductions return) when scalar is
// set. It shares tensor.Tensor with mindspore's Tensor but follows numpy:
// its printing, its promotion and its float64 default.
//
// Writes (a[i] = v) replace t with a new tensor rather than writing into
// it, so arrays that share storage (a reshape and its source) never see
// each other's writes.
type NDArray struct {
	t      *tensor.Tensor
	scalar bool
}

// npArray wraps t as an ndarray.
func npArray(t *tensor.Tensor) *NDArray { return &NDArray{t: t} }

// npResult wraps the result of a ufunc or reduction: as numpy does, a 0-d
// result is a numpy scalar, anything else an array.
func npResult(t *tensor.Tensor) *NDArray { return &NDArray{t: t, scalar: t.Rank() == 0} }

// NDArrayClass is numpy.ndarray.
var NDArrayClass = newMSClass("ndarray", "numpy", ObjectClass, nil)

// numpy's scalar class hierarchy: every scalar type derives from generic,
// the numbers from number, and so on, so that isinstance(x, np.floating)
// works.
var (
	npGenericClass         = newMSClass("generic", "numpy", ObjectClass, nil)
	npNumberClass          = newMSClass("number", "numpy", npGenericClass, nil)
	npIntegerClass         = newMSClass("integer", "numpy", npNumberClass, nil)
	npSignedIntegerClass   = newMSClass("signedinteger", "numpy", npIntegerClass, nil)
	npUnsignedIntegerClass = newMSClass("unsignedinteger", "numpy", npIntegerClass, nil)
	npInexactClass         = newMSClass("inexact", "numpy", npNumberClass, nil)
	npFloatingClass        = newMSClass("floating", "numpy", npInexactClass, nil)
)

// numpyScalarTypes are numpy's scalar types (np.float32, ...): classes
// whose call makes a numpy scalar, and which name dtypes.
var numpyScalarTypes = map[*Class]tensor.DType{}

// numpyScalarClasses are the same, by dtype.
var numpyScalarClasses = map[tensor.DType]*Class{}

func init() {
	// numpy's types are C types, which messages name by their C names.
	for _, c := range []*Class{NDArrayClass, npGenericClass, npNumberClass, npIntegerClass, npSignedIntegerClass,
		npUnsignedIntegerClass, npInexactClass, npFloatingClass} {
		c.TypeName = "numpy." + c.Name
	}
	for _, d := range tensor.DTypes {
		name, base := d.NumpyName(), npSignedIntegerClass
		switch {
		case d == tensor.Bool:
			name, base = "bool_", npGenericClass
		case d.IsFloat():
			base = npFloatingClass
		case !d.IsSigned():
			base = npUnsignedIntegerClass
		}
		c := newMSClass(name, "numpy", base, numpyScalarNew(d))
		c.Final = true
		c.TypeName = "numpy." + name
		numpyScalarTypes[c] = d
		numpyScalarClasses[d] = c
	}
}

// numpyScalarNew is the call of a scalar type: np.float32(x) converts x,
// and gives an array when x is a sequence, as numpy does.
func numpyScalarNew(d tensor.DType) NewFunc {
	return func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var x Value = MakeInt(0)
		if err := UnpackArgs(cls.Name, args, kwnames, "x?", &x); err != nil {
			return nil, err
		}
		t, err := th.npConvert(x, d, true)
		if err != nil {
			return nil, err
		}
		return npResult(t), nil
	}
}

// NumpyDType is a numpy dtype object (arr.dtype): it prints as "float32",
// reprs as dtype('float32') and equals its scalar type and its name.
type NumpyDType struct {
	DT tensor.DType
}

// NumpyDTypeClass is numpy.dtype.
var NumpyDTypeClass = newMSClass("dtype", "numpy", ObjectClass, func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var x Value
	if err := UnpackArgs("dtype", args, kwnames, "dtype", &x); err != nil {
		return nil, err
	}
	d, ok := asDType(x)
	if !ok {
		return nil, TypeErrorf("data type %s not understood", reprOrType(x))
	}
	return &NumpyDType{d}, nil
})

func (*NumpyDType) Type() *Class                     { return NumpyDTypeClass }
func (d *NumpyDType) Str(th *Thread) (string, error) { return d.DT.NumpyName(), nil }
func (d *NumpyDType) Hash(th *Thread) (int64, error) { return int64(d.DT) + 7919, nil }
func (d *NumpyDType) Repr(th *Thread) (string, error) {
	return "dtype('" + d.DT.NumpyName() + "')", nil
}

func (d *NumpyDType) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	o, ok := asDType(other)
	if !ok {
		return nil, nil
	}
	switch op {
	case syntax.EQL:
		return MakeBool(d.DT == o), nil
	case syntax.NEQ:
		return MakeBool(d.DT != o), nil
	}
	return nil, nil
}

// Attr gives a dtype's attributes: name, itemsize, kind and type.
func (d *NumpyDType) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "name":
		return Str(d.DT.NumpyName()), true, nil
	case "itemsize":
		return MakeInt(int64(d.DT.ItemSize())), true, nil
	case "kind":
		kind := "i"
		switch {
		case d.DT == tensor.Bool:
			kind = "b"
		case d.DT.IsFloat():
			kind = "f"
		case !d.DT.IsSigned():
			kind = "u"
		}
		return Str(kind), true, nil
	case "type":
		return numpyScalarClasses[d.DT], true, nil
	}
	return nil, false, nil
}

// AttrNames lists a dtype's attributes.
func (d *NumpyDType) AttrNames() []string { return []string{"itemsize", "kind", "name", "type"} }

// Type of a numpy scalar is its scalar type.
func (a *NDArray) Type() *Class {
	if a.scalar {
		return numpyScalarClasses[a.t.DType()]
	}
	return NDArrayClass
}

func (a *NDArray) Repr(th *Thread) (string, error) {
	if a.scalar {
		return tensor.FormatScalar(a.t.DType(), a.t.Float(0)), nil
	}
	return a.t.NumpyRepr(), nil
}

func (a *NDArray) Str(th *Thread) (string, error) {
	if a.scalar {
		return tensor.FormatScalar(a.t.DType(), a.t.Float(0)), nil
	}
	return a.t.String(), nil
}

// Truth is bool(a): only an array of one element has a truth value; an
// empty one is false, as numpy 1.24 still has it.
func (a *NDArray) Truth(th *Thread) (bool, error) {
	switch a.t.Size() {
	case 1:
		return a.t.Float(0) != 0, nil
	case 0:
		return false, nil
	}
	return false, ValueErrorf("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

func (a *NDArray) Len(th *Thread) (int, error) {
	switch {
	case a.scalar:
		return 0, TypeErrorf("object of type '%s' has no len()", a.typeName())
	case a.t.Rank() == 0:
		return 0, TypeErrorf("len() of unsized object")
	}
	return a.t.Shape()[0], nil
}

// typeName is the qualified name numpy's messages give the value's type:
// 'numpy.ndarray', 'numpy.float32'.
func (a *NDArray) typeName() string { return "numpy." + a.Type().Name }

// Iterate steps along axis 0: rows of a matrix, scalars of a vector.
func (a *NDArray) Iterate(th *Thread) (Iterator, error) {
	if a.t.Rank() == 0 {
		if a.scalar {
			return nil, TypeErrorf("'%s' object is not iterable", a.typeName())
		}
		return nil, TypeErrorf("iteration over a 0-d array")
	}
	i, n := 0, a.t.Shape()[0]
	return &funcIterator{class: IteratorClass, next: func(th *Thread) (Value, bool, error) {
		if i >= n {
			return nil, false, nil
		}
		v, err := th.npIndexAxis0(a, i)
		i++
		return v, err == nil, err
	}}, nil
}

// Hash of a numpy scalar is that of the Python number it holds; arrays are
// mutable and unhashable.
func (a *NDArray) Hash(th *Thread) (int64, error) {
	if !a.scalar {
		return 0, TypeErrorf("unhashable type: 'numpy.ndarray'")
	}
	return th.Hash(item(a.t, 0))
}

// Float is float(a), for arrays of one element.
func (a *NDArray) Float(th *Thread) (Value, error) {
	if a.t.Size() != 1 {
		return nil, TypeErrorf("only size-1 arrays can be converted to Python scalars")
	}
	return Float(a.t.Float(0)), nil
}

// Int is int(a), for arrays of one element.
func (a *NDArray) Int(th *Thread) (Value, error) {
	if a.t.Size() != 1 {
		return nil, TypeErrorf("only size-1 arrays can be converted to Python scalars")
	}
	if a.t.DType().IsFloat() {
		return newInt(th, IntClass, []Value{Float(a.t.Float(0))}, nil)
	}
	return MakeInt(a.t.Int(0)), nil
}

// Format is format(a, spec): a numpy scalar formats as the Python number
// it holds; an array takes only the empty spec.
func (a *NDArray) Format(th *Thread, spec string) (string, error) {
	if a.scalar {
		return th.Format(item(a.t, 0), spec)
	}
	if spec != "" {
		return "", TypeErrorf("unsupported format string passed to numpy.ndarray.__format__")
	}
	return a.Str(th)
}

// Abs is abs(a), numpy's absolute.
func (a *NDArray) Abs(th *Thread) (Value, error) {
	return th.npUnary(npAbsolute, a)
}

// Contains is x in a: whether some element of a equals x.
func (a *NDArray) Contains(th *Thread, x Value) (bool, error) {
	if a.scalar {
		return false, TypeErrorf("argument of type '%s' is not iterable", a.typeName())
	}
	y, ok, err := th.npArgOf(x)
	if !ok || err != nil {
		return false, err
	}
	eq, err := th.npBinary(npEqual, a.self(), y)
	if err != nil {
		return false, err
	}
	found, err := th.apply1(ops.ReduceAny, nil, eq.t)
	if err != nil {
		return false, err
	}
	return found.Int(0) != 0, nil
}

// Round is round(x, ndigits) of a numpy scalar. Without ndigits, or for an
// integer, it is Python's round of the number held. With ndigits a float
// rounds as numpy's around does, which differs from Python's: scaled by a
// power of ten, rounded half to even and scaled back, each step computed
// as numpy's scalar promotion gives and stored in x's dtype.
func (a *NDArray) Round(th *Thread, ndigits Value) (Value, error) {
	if !a.scalar {
		return nil, TypeErrorf("type numpy.ndarray doesn't define __round__ method")
	}
	x := item(a.t, 0)
	if ndigits == None {
		return builtinRound(th, []Value{x}, nil)
	}
	if !a.t.DType().IsFloat() {
		return builtinRound(th, []Value{x, ndigits}, nil)
	}
	n, err := toIndex(ndigits)
	if err != nil {
		return nil, err
	}
	scale := npFloatArg(math.Pow(10, math.Abs(float64(n))))
	down, up := npMultiply, npTrueDivide
	if n < 0 {
		down, up = up, down
	}
	dt := a.t.DType()
	y, err := th.npBinary(down, a.self(), scale)
	if err != nil {
		return nil, err
	}
	r, err := th.npCast(y.t, dt)
	if err == nil {
		r, err = th.apply1(ops.Round, nil, r)
	}
	if err == nil {
		y, err = th.npBinary(up, npTensorArg(r), scale)
	}
	if err != nil {
		return nil, err
	}
	if r, err = th.npCast(y.t, dt); err != nil {
		return nil, err
	}
	return npResult(r), nil
}
