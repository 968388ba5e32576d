package ops

import "msrepl/tensor"

// Inference on symbolic dims. A shape may hold symbolic dims
// (tensor.IsSymbolic) while a graph compiles for many sizes: positive
// sizes unknown until it runs. Inference computes on them through the
// tensor.Dim functions and requires two of them to match through
// tensor.SameDim; the helpers below decide what can be decided of them,
// and leave what cannot to the inference that runs again on concrete
// shapes.

// preferConcrete is, of two dims inference made the same, the concrete one
// if either is, else a.
func preferConcrete(a, b int) int {
	if tensor.IsSymbolic(a) && !tensor.IsSymbolic(b) {
		return b
	}
	return a
}

// sameShape reports whether x and y can be the same shape, recording the
// constraints on their symbolic dims as tensor.SameDim does.
func sameShape(x, y tensor.Shape) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !tensor.SameDim(x[i], y[i]) {
			return false
		}
	}
	return true
}

// knownLess reports whether a < b is known: always for sizes, and for
// symbolic dims when their difference is a size.
func knownLess(a, b int) bool {
	d := tensor.DimSub(a, b)
	return !tensor.IsSymbolic(d) && d < 0
}

// knownLessEq reports whether a <= b is known.
func knownLessEq(a, b int) bool {
	d := tensor.DimSub(a, b)
	return !tensor.IsSymbolic(d) && d <= 0
}

// knownNonPositive reports whether d <= 0 is known: a symbolic dim may be
// an expression of any sign, and is taken to be positive.
func knownNonPositive(d int) bool { return !tensor.IsSymbolic(d) && d <= 0 }

// knownNegative reports whether d < 0 is known.
func knownNegative(d int) bool { return !tensor.IsSymbolic(d) && d < 0 }

// notDivisible reports whether d % k != 0 is known, for k > 0.
func notDivisible(d, k int) bool {
	m := tensor.DimMod(d, k)
	return !tensor.IsSymbolic(m) && m != 0
}

// dimCeilDiv is ⌈a/b⌉ for b > 0.
func dimCeilDiv(a, b int) int {
	if !tensor.IsSymbolic(a) && !tensor.IsSymbolic(b) {
		return ceilDiv(a, b)
	}
	return tensor.DimFloorDiv(tensor.DimAdd(a, tensor.DimSub(b, 1)), b)
}

// unifyShapes requires x and y to be the same shape, as sameShape does,
// and gives it: each dim the concrete one of its pair if either is.
func unifyShapes(x, y tensor.Shape) (tensor.Shape, bool) {
	if !sameShape(x, y) {
		return nil, false
	}
	if !x.Symbolic() {
		return x, true
	}
	out := x.Clone()
	for i := range out {
		out[i] = preferConcrete(x[i], y[i])
	}
	return out, true
}
