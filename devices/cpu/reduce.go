package cpu

import (
	"unsafe"
)

// A ReduceOp combines the elements along a reduction's axes.
type ReduceOp uint8

// The reductions.
const (
	ReduceSum ReduceOp = iota
	ReduceProd
	ReduceMax
	ReduceMin
)

// pairwiseBlock is the longest run numpy sums with eight accumulators
// before it halves the run (PW_BLOCKSIZE in loops_utils.h).
const pairwiseBlock = 128

// sumChunk is the most elements numpy's reduction iterator hands its
// inner loop at once (np.getbufsize()): a longer run is summed pairwise in
// pieces of this size, each added to the running result in turn.
const sumChunk = 8192

// Reduce combines the elements of x, a row-major array of the given shape,
// along axes (ascending, distinct, in range) into dst, which holds the
// kept axes in row-major order.
//
// Every float result is numpy 1.24's bit for bit, because the elements are
// combined in numpy's order. A sum starts from 0. When the innermost axes
// are reduced, each contiguous run along them is summed in pieces of
// sumChunk, each piece pairwise (eight accumulators, halved above 128
// elements) and added to the result in turn; runs, or rows when the
// innermost axis is kept, are added one after another in row-major order.
// A product starts from 1 and multiplies element by element in row-major
// order. Max and min propagate NaN as numpy's maximum and minimum do. A max
// or min over zero elements has no value; the caller rejects it.
func Reduce[T Number](op ReduceOp, dst, x []T, shape, axes []int) {
	if len(dst) == 0 {
		return
	}
	if len(x) == 0 {
		if op == ReduceMax || op == ReduceMin {
			panic("cpu: max or min of an empty reduction")
		}
		Fill(dst, identity[T](op))
		return
	}
	l := newReduceLayout(shape, axes)
	if l.innerReduced {
		reduceRuns(op, dst, x, &l)
	} else {
		reduceRows(op, dst, x, &l)
	}
}

// ReduceBool is Reduce on booleans: sum and max are "any", false over zero
// elements, and product and min "all", true over zero elements, as numpy's
// add and multiply reduce booleans.
func ReduceBool(op ReduceOp, dst, x []bool, shape, axes []int) {
	switch op {
	case ReduceSum:
		op = ReduceMax
	case ReduceProd:
		op = ReduceMin
	}
	if len(x) == 0 {
		Fill(dst, op == ReduceMin)
		return
	}
	Reduce(op, boolBytes(dst), boolBytes(x), shape, axes)
}

// boolBytes views booleans as the bytes 0 and 1 that Go stores them as,
// whose max and min are "or" and "and".
func boolBytes(b []bool) []uint8 {
	return unsafe.Slice((*uint8)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}

// Mean is Reduce's sum divided by the number of elements reduced into each
// output, in T as numpy divides: a mean over no elements is 0/0, NaN.
func Mean[T Float](dst, x []T, shape, axes []int) {
	Reduce(ReduceSum, dst, x, shape, axes)
	count := 1
	for _, a := range axes {
		count *= shape[a]
	}
	n := T(count)
	For(len(dst), 1, func(lo, hi int) {
		d := dst[lo:hi]
		for i := range d {
			d[i] /= n
		}
	})
}

func identity[T Number](op ReduceOp) T {
	if op == ReduceProd {
		return 1
	}
	return 0
}

// reduceDim is one axis of a reduction's input: its size and stride.
type reduceDim struct{ size, stride int }

// A reduceLayout is a reduction's input with size-1 axes dropped and
// neighbouring axes that are both kept or both reduced merged: an
// innermost contiguous run of inner elements, and the outer axes split
// into kept ones, which index the outputs, and reduced ones.
type reduceLayout struct {
	keep, reduced []reduceDim // outer axes, outermost first
	inner         int
	innerReduced  bool
	nreduced      int // combinations of the outer reduced axes
}

func newReduceLayout(shape, axes []int) reduceLayout {
	// Small ranks keep their scratch on the stack.
	var smallReduced [8]bool
	var isReduced []bool
	if len(shape) <= len(smallReduced) {
		isReduced = smallReduced[:len(shape)]
	} else {
		isReduced = make([]bool, len(shape))
	}
	for _, a := range axes {
		isReduced[a] = true
	}
	type group struct {
		size    int
		reduced bool
	}
	var smallGroups [8]group
	groups := smallGroups[:0]
	for i, n := range shape {
		switch {
		case n == 1:
		case len(groups) > 0 && groups[len(groups)-1].reduced == isReduced[i]:
			groups[len(groups)-1].size *= n
		default:
			groups = append(groups, group{n, isReduced[i]})
		}
	}
	if len(groups) == 0 {
		groups = append(groups, group{1, false})
	}
	last := groups[len(groups)-1]
	l := reduceLayout{inner: last.size, innerReduced: last.reduced, nreduced: 1}
	stride := last.size
	for i := len(groups) - 2; i >= 0; i-- {
		g := groups[i]
		d := reduceDim{g.size, stride}
		if g.reduced {
			l.reduced = append([]reduceDim{d}, l.reduced...)
			l.nreduced *= g.size
		} else {
			l.keep = append([]reduceDim{d}, l.keep...)
		}
		stride *= g.size
	}
	return l
}

// An odometer steps through the offsets of a set of axes in row-major
// order. After stepping through every index it is back at the first.
type odometer struct {
	dims []reduceDim
	idx  []int
}

func newOdometer(dims []reduceDim) odometer {
	return odometer{dims, make([]int, len(dims))}
}

// seek positions the odometer at row-major index i and returns its offset.
func (od *odometer) seek(i int) int {
	off := 0
	for d := len(od.dims) - 1; d >= 0; d-- {
		n := od.dims[d].size
		od.idx[d] = i % n
		off += od.idx[d] * od.dims[d].stride
		i /= n
	}
	return off
}

// step advances from offset off to the next index's.
func (od *odometer) step(off int) int {
	for d := len(od.dims) - 1; d >= 0; d-- {
		dim := od.dims[d]
		od.idx[d]++
		off += dim.stride
		if od.idx[d] < dim.size {
			return off
		}
		off -= dim.size * dim.stride
		od.idx[d] = 0
	}
	return off
}

// reduceRuns reduces when the innermost axes are reduced: each output
// combines nreduced contiguous runs. A few long reductions are each split
// across the cores; many are spread over them.
func reduceRuns[T Number](op ReduceOp, dst, x []T, l *reduceLayout) {
	work := l.nreduced * l.inner
	if len(dst) < Workers && work >= 2*Grain {
		keep := newOdometer(l.keep)
		red := newOdometer(l.reduced)
		base := 0
		for o := range dst {
			dst[o] = reduceOne(op, x, base, l, &red, true)
			base = keep.step(base)
		}
		return
	}
	For(len(dst), work, func(lo, hi int) {
		keep := newOdometer(l.keep)
		red := newOdometer(l.reduced)
		base := keep.seek(lo)
		for o := lo; o < hi; o++ {
			dst[o] = reduceOne(op, x, base, l, &red, false)
			base = keep.step(base)
		}
	})
}

// reduceOne folds the runs of one output, whose first element is at base.
func reduceOne[T Number](op ReduceOp, x []T, base int, l *reduceLayout, red *odometer, split bool) T {
	acc := identity[T](op)
	if op == ReduceMax || op == ReduceMin {
		acc = x[base]
	}
	off := base
	for range l.nreduced {
		run := x[off : off+l.inner]
		if split {
			acc = foldSplit(op, acc, run)
		} else {
			acc = fold(op, acc, run)
		}
		off = red.step(off)
	}
	return acc
}

// fold combines acc with a run's elements as numpy's reduce loop does.
func fold[T Number](op ReduceOp, acc T, run []T) T {
	switch op {
	case ReduceSum:
		for len(run) > 0 {
			piece := run[:min(len(run), sumChunk)]
			acc += pairwiseSum(piece)
			run = run[len(piece):]
		}
	case ReduceProd:
		for _, v := range run {
			acc *= v
		}
	case ReduceMax, ReduceMin:
		if run32, ok := any(run).([]float32); ok {
			if m, ok := extremumSIMD32(op, any(acc).(float32), run32); ok {
				return any(m).(T)
			}
		}
		if op == ReduceMax {
			for _, v := range run {
				acc = maxNaN(acc, v)
			}
			break
		}
		for _, v := range run {
			acc = minNaN(acc, v)
		}
	}
	return acc
}

// foldSplit is fold across the cores: the run's sumChunk pieces are
// folded in parallel (foldPiece) and combined in order (combinePieces),
// which gives fold's result, ±0 and NaN payloads included. A product is
// sequential in numpy, and stays so to give its result.
func foldSplit[T Number](op ReduceOp, acc T, run []T) T {
	if op == ReduceProd {
		return fold(op, acc, run)
	}
	pieces := make([]T, (len(run)+sumChunk-1)/sumChunk)
	For(len(pieces), sumChunk, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			pieces[i] = foldPiece(op, run[i*sumChunk:min(len(run), (i+1)*sumChunk)])
		}
	})
	return combinePieces(op, acc, pieces)
}

// foldPiece folds one piece of a run on its own, as numpy's reduce loop
// meets it: a sum pairwise, a max or min from the piece's first element.
func foldPiece[T Number](op ReduceOp, piece []T) T {
	if op == ReduceSum {
		return pairwiseSum(piece)
	}
	return fold(op, piece[0], piece)
}

// combinePieces folds the pieces' results into acc in order: a sum adds
// them one after another, a max or min meets them as fold meets elements.
func combinePieces[T Number](op ReduceOp, acc T, pieces []T) T {
	if op == ReduceSum {
		for _, p := range pieces {
			acc += p
		}
		return acc
	}
	return fold(op, acc, pieces)
}

// maxNaN and minNaN are numpy's maximum and minimum: a NaN on either side
// wins.
func maxNaN[T Number](a, b T) T {
	if a >= b || a != a {
		return a
	}
	return b
}

func minNaN[T Number](a, b T) T {
	if a <= b || a != a {
		return a
	}
	return b
}

// pairwiseSum is numpy's pairwise_sum: short runs add from 0 one element at
// a time, runs up to pairwiseBlock use eight interleaved accumulators, and
// longer runs split in two at a multiple of eight.
func pairwiseSum[T Number](x []T) T {
	n := len(x)
	switch {
	case n < 8:
		var s T
		for _, v := range x {
			s += v
		}
		return s
	case n <= pairwiseBlock:
		if x32, ok := any(x).([]float32); ok {
			if s, ok := pairwiseLeafSIMD32(x32); ok {
				return any(s).(T)
			}
		}
		var r [8]T
		copy(r[:], x)
		i := 8
		for ; i+8 <= n; i += 8 {
			b := x[i : i+8 : i+8]
			r[0] += b[0]
			r[1] += b[1]
			r[2] += b[2]
			r[3] += b[3]
			r[4] += b[4]
			r[5] += b[5]
			r[6] += b[6]
			r[7] += b[7]
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for _, v := range x[i:] {
			s += v
		}
		return s
	}
	h := n / 2
	h -= h % 8
	return pairwiseSum(x[:h]) + pairwiseSum(x[h:])
}

// reduceRows reduces when the innermost axis is kept: each block of inner
// outputs accumulates nreduced rows of x element by element, numpy's order
// along outer axes. Blocks are spread over the cores, or, when there are
// too few, each block's columns are.
func reduceRows[T Number](op ReduceOp, dst, x []T, l *reduceLayout) {
	k := l.inner
	blocks := len(dst) / k
	if blocks < Workers {
		keep := newOdometer(l.keep)
		base := 0
		for b := range blocks {
			out := dst[b*k : (b+1)*k]
			For(k, l.nreduced, func(lo, hi int) {
				red := newOdometer(l.reduced)
				accumulate(op, out[lo:hi], x, base+lo, &red, l.nreduced)
			})
			base = keep.step(base)
		}
		return
	}
	For(blocks, l.nreduced*k, func(lo, hi int) {
		keep := newOdometer(l.keep)
		red := newOdometer(l.reduced)
		base := keep.seek(lo)
		for b := lo; b < hi; b++ {
			accumulate(op, dst[b*k:(b+1)*k], x, base, &red, l.nreduced)
			base = keep.step(base)
		}
	})
}

// accumulate reduces n rows of x, the first at base, into acc.
func accumulate[T Number](op ReduceOp, acc, x []T, base int, red *odometer, n int) {
	off := base
	if op == ReduceMax || op == ReduceMin {
		copy(acc, x[off:off+len(acc)])
		off = red.step(off)
		n--
	} else {
		v := identity[T](op)
		for i := range acc {
			acc[i] = v
		}
	}
	acc32, _ := any(acc).([]float32)
	for range n {
		row := x[off : off+len(acc)]
		switch op {
		case ReduceSum:
			// Row by row is elementwise addition: the vector kernel's
			// sums are the loop's.
			if acc32 != nil && binarySIMD32(Add, acc32, acc32, any(row).([]float32), 1, 1) {
				break
			}
			for i, v := range row {
				acc[i] += v
			}
		case ReduceProd:
			for i, v := range row {
				acc[i] *= v
			}
		case ReduceMax:
			for i, v := range row {
				acc[i] = maxNaN(acc[i], v)
			}
		case ReduceMin:
			for i, v := range row {
				acc[i] = minNaN(acc[i], v)
			}
		}
		off = red.step(off)
	}
}

// Argmax writes into dst the index of the greatest element of each line
// of x along the middle axis of (outer, n, inner), numpy's argmax: the
// first of equal elements wins, and NaN is greatest. n must not be 0.
func Argmax[T Number, I Index](dst []I, x []T, outer, n, inner int) {
	argReduce(false, dst, x, outer, n, inner)
}

// Argmin is Argmax for the least element; NaN is least.
func Argmin[T Number, I Index](dst []I, x []T, outer, n, inner int) {
	argReduce(true, dst, x, outer, n, inner)
}

// beats reports whether v displaces best, which is not NaN: a NaN v always
// does, as in numpy's argmax loop.
func beats[T Number](least bool, v, best T) bool {
	if least {
		return !(v >= best)
	}
	return !(v <= best)
}

func argReduce[T Number, I Index](least bool, dst []I, x []T, outer, n, inner int) {
	if inner == 1 {
		For(outer, n, func(lo, hi int) {
			for o := lo; o < hi; o++ {
				dst[o] = I(argRun(least, x[o*n:(o+1)*n]))
			}
		})
		return
	}
	// Lines run across rows: scan the rows in order, keeping the best of
	// every column so far, which reads x sequentially.
	For(outer, n*inner, func(lo, hi int) {
		best := make([]T, inner)
		for o := lo; o < hi; o++ {
			plane, at := x[o*n*inner:(o+1)*n*inner], dst[o*inner:(o+1)*inner]
			copy(best, plane)
			for c := range at {
				at[c] = 0
			}
			for j := 1; j < n; j++ {
				row := plane[j*inner : (j+1)*inner]
				for c, v := range row {
					if b := best[c]; b == b && beats(least, v, b) {
						best[c], at[c] = v, I(j)
					}
				}
			}
		}
	})
}

func argRun[T Number](least bool, run []T) int {
	best, at := run[0], 0
	if best != best {
		return 0
	}
	for i, v := range run[1:] {
		if beats(least, v, best) {
			best, at = v, i+1
			if v != v {
				break
			}
		}
	}
	return at
}
