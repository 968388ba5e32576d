package interp

import (
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

// DType is a mindspore dtype value (ms.float32): it prints as MindSpore
// names it ("Float32"), converts arrays and tensors, and compares equal to
// the same dtype.
type DType struct {
	DT tensor.DType
}

// DTypeClass is the class of mindspore dtypes.
var DTypeClass = func() *Class {
	c := NewBuiltinClass("Type", ObjectClass, nil)
	c.Module = "mindspore"
	c.Final = true
	return c
}()

var dtypeValues = func() map[tensor.DType]*DType {
	m := map[tensor.DType]*DType{}
	for _, d := range tensor.DTypes {
		m[d] = &DType{d}
	}
	return m
}()

// dtypeValue returns the shared value for d, so that "is" works on dtypes.
func dtypeValue(d tensor.DType) *DType { return dtypeValues[d] }

func (*DType) Type() *Class                      { return DTypeClass }
func (d *DType) Repr(th *Thread) (string, error) { return d.DT.String(), nil }
func (d *DType) Hash(th *Thread) (int64, error)  { return int64(d.DT) + 7919, nil }
func (d *DType) Str(th *Thread) (string, error)  { return d.DT.String(), nil }

func (d *DType) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
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

// mindsporeDTypeNames are the mindspore module's dtype attributes.
var mindsporeDTypeNames = map[string]tensor.DType{
	"bool_": tensor.Bool, "uint8": tensor.UInt8, "int8": tensor.Int8, "int16": tensor.Int16,
	"int32": tensor.Int32, "int64": tensor.Int64, "float16": tensor.Float16, "float32": tensor.Float32,
	"float64": tensor.Float64, "half": tensor.Float16, "single": tensor.Float32, "double": tensor.Float64,
	"int_": tensor.Int64, "float_": tensor.Float64,
}

// asDType reads a dtype argument: a mindspore dtype, a numpy dtype or
// scalar type, or the Python types bool, int and float.
func asDType(v Value) (tensor.DType, bool) {
	switch v := v.(type) {
	case *DType:
		return v.DT, true
	case *NumpyDType:
		return v.DT, true
	case Str:
		return tensor.DTypeByName(string(v))
	case *Class:
		switch v {
		case BoolClass:
			return tensor.Bool, true
		case IntClass:
			return tensor.Int64, true
		case FloatClass:
			return tensor.Float64, true
		}
		if d, ok := numpyScalarTypes[v]; ok {
			return d, true
		}
	}
	return 0, false
}

// dtypeArg reads a required dtype argument of function fname.
func dtypeArg(fname string, v Value) (tensor.DType, error) {
	d, ok := asDType(v)
	if !ok {
		return 0, TypeErrorf("For '%s', the 'dtype' must be a mindspore dtype, but got %s.", fname, reprOrType(v))
	}
	return d, nil
}

func reprOrType(v Value) string {
	if _, ok := v.(Str); ok {
		return string(v.(Str))
	}
	return TypeName(v)
}
