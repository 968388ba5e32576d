package tensor

import (
	"math"
	"strconv"
)

// Symbolic dims. While a graph with dynamic shapes is compiled, a dim may
// stand for a size known only when the graph runs: a symbol such as s1, or
// an expression of symbols such as s1*s2 or s1//2. Such a dim is encoded in
// the same int as a size, at or below symbolicBase, so that shapes stay
// []int and inference written for sizes sees equal dims as equal. Only
// graphmode/shape makes symbolic dims, and it installs their algebra
// (SetDimAlgebra); inference combines dims through the functions below,
// which compute on sizes directly and hand symbolic dims to that algebra.

// symbolicBase is far below any size and any sentinel (-1 for "infer this
// dim"), and far enough from math.MinInt for the encoding not to wrap.
const symbolicBase = math.MinInt / 4

// IsSymbolic reports whether d is a symbolic dim.
func IsSymbolic(d int) bool { return d <= symbolicBase }

// SymbolicDim is the dim that stands for expression number id of the
// algebra.
func SymbolicDim(id int) int { return symbolicBase - id }

// SymbolicID is the algebra's expression number of the symbolic dim d.
func SymbolicID(d int) int { return symbolicBase - d }

// A DimAlgebra computes on symbolic dims: graphmode/shape's engine, which
// keeps expressions in a canonical form and records the constraints
// inference puts on them.
type DimAlgebra interface {
	Add(a, b int) int
	Mul(a, b int) int
	// FloorDiv and Mod are Python's // and % for a positive divisor.
	FloorDiv(a, b int) int
	Mod(a, b int) int
	Max(a, b int) int
	// Unify records that a and b are the same size, and reports false when
	// they cannot be.
	Unify(a, b int) bool
	// Equal reports whether a and b are known to be the same size.
	Equal(a, b int) bool
	String(d int) string
}

var algebra DimAlgebra

// SetDimAlgebra installs the algebra of symbolic dims.
func SetDimAlgebra(a DimAlgebra) { algebra = a }

// DimAdd is a+b.
func DimAdd(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		return a + b
	}
	return algebra.Add(a, b)
}

// DimSub is a-b.
func DimSub(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		return a - b
	}
	return algebra.Add(a, algebra.Mul(b, -1))
}

// DimMul is a*b.
func DimMul(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		return a * b
	}
	return algebra.Mul(a, b)
}

// DimFloorDiv is a//b for b > 0.
func DimFloorDiv(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		return q
	}
	return algebra.FloorDiv(a, b)
}

// DimMod is a%b for b > 0.
func DimMod(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		m := a % b
		if m != 0 && (m < 0) != (b < 0) {
			m += b
		}
		return m
	}
	return algebra.Mod(a, b)
}

// DimMax is max(a, b).
func DimMax(a, b int) int {
	if !IsSymbolic(a) && !IsSymbolic(b) {
		return max(a, b)
	}
	return algebra.Max(a, b)
}

// SameDim reports whether a and b can be the same size: equal sizes, or a
// symbolic dim that inference then constrains to equal the other.
func SameDim(a, b int) bool {
	if a == b {
		return true
	}
	if !IsSymbolic(a) && !IsSymbolic(b) {
		return false
	}
	return algebra.Unify(a, b)
}

// DimString writes a dim: "3", or a symbolic one as "s1", "2*s1".
func DimString(d int) string {
	if IsSymbolic(d) {
		return algebra.String(d)
	}
	return strconv.Itoa(d)
}

// Symbolic reports whether any of s's dims is symbolic.
func (s Shape) Symbolic() bool {
	for _, d := range s {
		if IsSymbolic(d) {
			return true
		}
	}
	return false
}
