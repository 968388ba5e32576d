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
// row at a time, in parallel when it is large. A row is the innermost
// axes that every operand walks with one stride (coalesce). For each row
// it calls fn with the output offset, each operand's offset and each
// operand's stride along the row. strides holds one stride slice per
// operand, as BroadcastStrides gives them.
func rows(shape []int, strides [][]int, fn func(o int, off []int, inner []int, n int)) {
	if len(shape) == 0 {
		off := make([]int, len(strides))
		fn(0, off, off, 1)
		return
	}
	for _, d := range shape {
		if d == 0 {
			return
		}
	}
	for k, st := range strides {
		if st == nil {
			strides[k] = RowMajor(shape).Strides
		}
	}
	shape, strides = coalesce(shape, strides)
	last := len(shape) - 1
	n := shape[last]
	nrows := 1
	for _, d := range shape[:last] {
		nrows *= d
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

// coalesce merges adjacent axes that every operand walks as one (each
// stride on the outer axis is the inner axis's stride times its size) and
// drops axes of size 1, so that rows are as long as the layouts allow: a
// bias broadcast over [N, C, H, W] becomes N·C rows of H·W, not N·C·H
// rows of W, each of which costs a call. The output, contiguous, always
// merges. The arguments are not changed.
func coalesce(shape []int, strides [][]int) ([]int, [][]int) {
	merged := make([]int, 0, len(shape))
	mst := make([][]int, len(strides))
	for k := range mst {
		mst[k] = make([]int, 0, len(shape))
	}
	for d, size := range shape {
		if size == 1 {
			continue
		}
		if j := len(merged) - 1; j >= 0 && walksAsOne(mst, j, strides, d, size) {
			merged[j] *= size
			for k := range mst {
				mst[k][j] = strides[k][d]
			}
			continue
		}
		merged = append(merged, size)
		for k := range mst {
			mst[k] = append(mst[k], strides[k][d])
		}
	}
	if len(merged) == 0 {
		merged = append(merged, 1)
		for k := range mst {
			mst[k] = append(mst[k], 0)
		}
	}
	return merged, mst
}

// walksAsOne reports whether axis j of the merged strides steps, for
// every operand, exactly over axis d of the original ones, of the given
// size.
func walksAsOne(merged [][]int, j int, strides [][]int, d, size int) bool {
	for k := range merged {
		if merged[k][j] != strides[k][d]*size {
			return false
		}
	}
	return true
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
