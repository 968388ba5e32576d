package cpu

// Number is every element type a kernel computes on, bool aside.
type Number interface {
	~uint8 | ~int8 | ~int16 | ~int32 | ~int64 | ~float32 | ~float64
}

// Float is the floating-point element types.
type Float interface{ ~float32 | ~float64 }

// BroadcastStrides gives the element strides for reading an array of shape
// in (row-major, contiguous) as if it had shape out, numpy's broadcasting:
// in is aligned to out's trailing axes and its size-1 axes are repeated, so
// their stride is 0. The caller has checked that the shapes broadcast.
func BroadcastStrides(in, out []int) []int {
	st := make([]int, len(out))
	n := 1
	for i := len(in) - 1; i >= 0; i-- {
		j := i + len(out) - len(in)
		if in[i] != 1 {
			st[j] = n
		}
		n *= in[i]
	}
	return st
}

// rows walks an output of the given shape (row-major, contiguous) one
// innermost row at a time, in parallel when it is large. For each row it
// calls fn with the output offset, each operand's offset and each operand's
// stride along the innermost axis. strides holds one stride slice per
// operand, as BroadcastStrides gives them.
func rows(shape []int, strides [][]int, fn func(o int, off []int, inner []int, n int)) {
	if len(shape) == 0 {
		off := make([]int, len(strides))
		fn(0, off, off, 1)
		return
	}
	last := len(shape) - 1
	n := shape[last]
	nrows := 1
	for _, d := range shape[:last] {
		nrows *= d
	}
	if n == 0 || nrows == 0 {
		return
	}
	for k, st := range strides {
		if st == nil {
			strides[k] = RowMajor(shape).Strides
		}
	}
	inner := make([]int, len(strides))
	for k, st := range strides {
		inner[k] = st[last]
	}
	For(nrows, n, func(lo, hi int) {
		off := make([]int, len(strides))
		idx := make([]int, last)
		// Position idx at row lo.
		r := lo
		for d := last - 1; d >= 0; d-- {
			idx[d] = r % shape[d]
			r /= shape[d]
		}
		for row := lo; row < hi; row++ {
			for k, st := range strides {
				o := 0
				for d := 0; d < last; d++ {
					o += idx[d] * st[d]
				}
				off[k] = o
			}
			fn(row*n, off, inner, n)
			for d := last - 1; d >= 0; d-- {
				idx[d]++
				if idx[d] < shape[d] {
					break
				}
				idx[d] = 0
			}
		}
	})
}

// contiguous reports whether st are the row-major strides of shape: an
// operand that needs no broadcasting. Nil strides mean exactly that.
func contiguous(shape, st []int) bool {
	if st == nil {
		return true
	}
	n := 1
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] != 1 && st[i] != n {
			return false
		}
		n *= shape[i]
	}
	return true
}

// scalar reports whether st reads one element everywhere.
func scalar(st []int) bool {
	if st == nil {
		return false
	}
	for _, s := range st {
		if s != 0 {
			return false
		}
	}
	return true
}
