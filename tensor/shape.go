package tensor

import (
	"strings"
)

// A Shape is the size of each axis, outermost first. A 0-d tensor has an
// empty shape.
type Shape []int

// Size is the number of elements: the product of the dims, symbolic when
// a dim is.
func (s Shape) Size() int {
	n := 1
	for _, d := range s {
		if IsSymbolic(d) {
			return s.symbolicSize()
		}
		n *= d
	}
	return n
}

func (s Shape) symbolicSize() int {
	n := 1
	for _, d := range s {
		n = DimMul(n, d)
	}
	return n
}

// Equal reports whether s and t have the same dims: symbolic dims that
// inference unified are the same.
func (s Shape) Equal(t Shape) bool {
	if len(s) != len(t) {
		return false
	}
	for i := range s {
		if s[i] != t[i] && (!IsSymbolic(s[i]) && !IsSymbolic(t[i]) || !algebra.Equal(s[i], t[i])) {
			return false
		}
	}
	return true
}

// Clone returns a copy of s that does not alias it.
func (s Shape) Clone() Shape { return append(Shape{}, s...) }

// Strides are the row-major element strides of s.
func (s Shape) Strides() []int {
	st := make([]int, len(s))
	n := 1
	for i := len(s) - 1; i >= 0; i-- {
		st[i] = n
		n *= s[i]
	}
	return st
}

// String is the Python tuple form numpy prints: "(2, 3)", "(4,)", "()".
func (s Shape) String() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, d := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(DimString(d))
	}
	if len(s) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}

// ListString is the list form MindSpore prints: "[2, 3]", "[]".
func (s Shape) ListString() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(DimString(d))
	}
	b.WriteByte(']')
	return b.String()
}

// Meta is what is known of a tensor without its data: the abstract value
// that shape and dtype inference work on.
type Meta struct {
	DType DType
	Shape Shape
}
