package interp

import (
	"math"

	"msrepl/tensor"
)

// numpy 1.24's type promotion, value-based casting included: the dtype a
// ufunc computes in, from its operands. Arrays promote by numpy's table.
// Scalars (Python numbers, numpy scalars and 0-d arrays) of a kind no
// higher than the arrays' count by the smallest dtype that holds their
// value, so float32 array * 2.0 stays float32 and int8 array + 300 is
// int16.

// npType is a numpy dtype as promotion sees it. It includes the unsigned
// widths that msrepl's tensors lack, which value-based casting reaches
// (uint8 array + 300 is uint16 in numpy).
type npType struct {
	kind byte // 'b' bool, 'u' unsigned, 'i' signed, 'f' float
	bits int
}

var npTypeOf = map[tensor.DType]npType{
	tensor.Bool: {'b', 8}, tensor.UInt8: {'u', 8}, tensor.Int8: {'i', 8}, tensor.Int16: {'i', 16},
	tensor.Int32: {'i', 32}, tensor.Int64: {'i', 64}, tensor.Float16: {'f', 16},
	tensor.Float32: {'f', 32}, tensor.Float64: {'f', 64},
}

func (t npType) name() string {
	switch t.kind {
	case 'b':
		return "bool"
	case 'u':
		return "uint" + itoa(t.bits)
	case 'i':
		return "int" + itoa(t.bits)
	}
	return "float" + itoa(t.bits)
}

// dtype is the tensor dtype of t, or a TypeError for the unsigned widths
// msrepl has no tensors of.
func (t npType) dtype() (tensor.DType, error) {
	switch t {
	case npType{'b', 8}:
		return tensor.Bool, nil
	case npType{'u', 8}:
		return tensor.UInt8, nil
	case npType{'i', 8}:
		return tensor.Int8, nil
	case npType{'i', 16}:
		return tensor.Int16, nil
	case npType{'i', 32}:
		return tensor.Int32, nil
	case npType{'i', 64}:
		return tensor.Int64, nil
	case npType{'f', 16}:
		return tensor.Float16, nil
	case npType{'f', 32}:
		return tensor.Float32, nil
	case npType{'f', 64}:
		return tensor.Float64, nil
	}
	return 0, TypeErrorf("msrepl's numpy has no %s arrays, which numpy's promotion gives here", t.name())
}

// kindOrder is numpy's simplified kind order: bool < integer < float.
func (t npType) kindOrder() int {
	switch t.kind {
	case 'b':
		return 0
	case 'f':
		return 2
	}
	return 1
}

// floatBitsFor is the width of the smallest float that holds every value
// of an integer of the given width.
func floatBitsFor(intBits int) int {
	switch intBits {
	case 8:
		return 16
	case 16:
		return 32
	}
	return 64
}

// promoteTypes is numpy's promote_types.
func promoteTypes(a, b npType) npType {
	switch {
	case a == b || b.kind == 'b':
		return a
	case a.kind == 'b':
		return b
	case a.kind == 'f' && b.kind == 'f':
		return npType{'f', max(a.bits, b.bits)}
	case a.kind == 'f':
		return npType{'f', max(a.bits, floatBitsFor(b.bits))}
	case b.kind == 'f':
		return npType{'f', max(b.bits, floatBitsFor(a.bits))}
	case a.kind == b.kind:
		return npType{a.kind, max(a.bits, b.bits)}
	}
	u, s := a, b
	if u.kind == 'i' {
		u, s = b, a
	}
	switch {
	case s.bits > u.bits:
		return s
	case u.bits < 64:
		return npType{'i', 2 * u.bits}
	}
	return npType{'f', 64}
}

// promoteSmall is promoteTypes where an operand may be a "small unsigned"
// scalar, a non-negative value that also fits the signed type of its
// width: against a signed integer or a float it counts as that signed
// type.
func promoteSmall(a, b npType, aSmall, bSmall bool) npType {
	if aSmall && b.kind != 'b' && b.kind != 'u' {
		a.kind = 'i'
	} else if bSmall && a.kind != 'b' && a.kind != 'u' {
		b.kind = 'i'
	}
	return promoteTypes(a, b)
}

// An npOperand is what promotion knows of an operand: its dtype, whether
// it is a scalar, and a scalar's value.
type npOperand struct {
	typ    npType
	scalar bool
	f      float64 // the value of a float scalar
	n      int64   // the value of an integer scalar
}

// minScalarType is numpy's min_scalar_type of a scalar operand: the
// smallest dtype of its kind that holds its value, and whether that is a
// small unsigned type.
func (o npOperand) minScalarType() (npType, bool) {
	switch o.typ.kind {
	case 'u', 'i':
		if o.n >= 0 {
			for bits := 8; bits < 64; bits *= 2 {
				if o.n < 1<<bits {
					return npType{'u', bits}, o.n < 1<<(bits-1)
				}
			}
			return npType{'u', 64}, true
		}
		for bits := 8; bits < 64; bits *= 2 {
			if o.n >= -1<<(bits-1) {
				return npType{'i', bits}, false
			}
		}
		return npType{'i', 64}, false
	case 'f':
		bits := 64
		switch f := o.f; {
		case f > -65000 && f < 65000 || math.IsInf(f, 0) || math.IsNaN(f):
			bits = 16
		case f > -3.4e38 && f < 3.4e38:
			bits = 32
		}
		return npType{'f', min(bits, o.typ.bits)}, false
	}
	return o.typ, false
}

// resultType is numpy's result_type of the operands, as the arithmetic
// ufuncs resolve their loop.
func resultType(ops []npOperand) (tensor.DType, error) {
	allScalars := true
	maxScalar, maxArray := -1, -1
	for _, o := range ops {
		k := o.typ.kindOrder()
		if o.scalar {
			maxScalar = max(maxScalar, k)
		} else {
			maxArray = max(maxArray, k)
			allScalars = false
		}
	}
	if allScalars || maxArray < maxScalar {
		t := ops[0].typ
		for _, o := range ops[1:] {
			t = promoteTypes(t, o.typ)
		}
		return t.dtype()
	}
	var t npType
	small := false
	for i, o := range ops {
		ot, oSmall := o.typ, false
		if o.scalar {
			ot, oSmall = o.minScalarType()
		}
		if i == 0 {
			t, small = ot, oSmall
			continue
		}
		t = promoteSmall(ot, t, oSmall, small)
		small = small && oSmall
	}
	return t.dtype()
}

// minFloat is the dtype a float-only ufunc (exp, sqrt, ...) computes an
// input of dtype d in: d itself if it is a float, else the smallest float
// that holds d's values, numpy's first safe loop.
func minFloat(d tensor.DType) tensor.DType {
	switch d {
	case tensor.Bool, tensor.UInt8, tensor.Int8:
		return tensor.Float16
	case tensor.Int16:
		return tensor.Float32
	case tensor.Int32, tensor.Int64:
		return tensor.Float64
	}
	return d
}
