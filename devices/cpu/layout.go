package cpu

// A Layout places an n-d array's elements in a slice: element (i0, …, ik)
// is at Offset + Σ i_d·Strides[d]. A stride of 0 repeats an element along
// its axis (broadcasting); a negative stride walks an axis backwards (a
// reversed slice). The Offset is where element (0, …, 0) lies.
type Layout struct {
	Offset  int
	Strides []int
}

// RowMajor is the layout of a contiguous row-major array of shape.
func RowMajor(shape []int) Layout {
	st := make([]int, len(shape))
	n := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = n
		n *= shape[i]
	}
	return Layout{Strides: st}
}

// tile is the side of the square blocks a transposing copy works in: 32
// rows of 32 elements keep both the rows read and the rows written in L1.
const tile = 32

// Copy copies an array of the given shape from src to dst, reading and
// writing each through its own layout: every strided view (transpose,
// slice, broadcast, tile) is a Copy from it into a contiguous output, and
// a slice assignment is a Copy into a strided view. dst's layout must not
// place two elements at one position. Large copies run in parallel; a copy
// that reads across the source's rows (a transpose) works in tiles so that
// both sides stay in cache.
func Copy[T any](dst []T, dl Layout, src []T, sl Layout, shape []int) {
	shape, ds, ss := collapse(shape, dl.Strides, sl.Strides)
	if shape == nil {
		return
	}
	do, so := dl.Offset, sl.Offset
	if len(shape) == 0 {
		dst[do] = src[so]
		return
	}
	last := len(shape) - 1
	if len(shape) == 1 {
		n, dIn, sIn := shape[0], ds[0], ss[0]
		For(n, 1, func(lo, hi int) { copyRun(dst, do+lo*dIn, dIn, src, so+lo*sIn, sIn, hi-lo) })
		return
	}
	if k := transposedAxis(shape, ds, ss); k >= 0 {
		copyTiled(dst, do, ds, src, so, ss, shape, k)
		return
	}
	n, dIn, sIn := shape[last], ds[last], ss[last]
	nrows := 1
	for _, d := range shape[:last] {
		nrows *= d
	}
	For(nrows, n, func(lo, hi int) {
		idx := make([]int, last)
		d, s := do, so
		r := lo
		for a := last - 1; a >= 0; a-- {
			idx[a] = r % shape[a]
			r /= shape[a]
			d += idx[a] * ds[a]
			s += idx[a] * ss[a]
		}
		for range hi - lo {
			copyRun(dst, d, dIn, src, s, sIn, n)
			for a := last - 1; a >= 0; a-- {
				idx[a]++
				d += ds[a]
				s += ss[a]
				if idx[a] < shape[a] {
					break
				}
				d -= ds[a] * shape[a]
				s -= ss[a] * shape[a]
				idx[a] = 0
			}
		}
	})
}

// collapse simplifies a two-layout copy to the fewest axes: axes of size 1
// go, and an axis merges into the next inner one when, in both layouts,
// stepping it once is stepping the inner one across its whole length. A
// transpose of (2, 3, 4) by (0, 2, 1) stays 3-D; a slice of whole rows
// becomes 1-D. It returns a nil shape when the array is empty.
func collapse(shape, ds, ss []int) ([]int, []int, []int) {
	var cs, cd, css []int
	for i, n := range shape {
		switch {
		case n == 0:
			return nil, nil, nil
		case n == 1:
			continue
		}
		if j := len(cs) - 1; j >= 0 && cd[j] == ds[i]*n && css[j] == ss[i]*n {
			cs[j] *= n
			cd[j], css[j] = ds[i], ss[i]
			continue
		}
		cs, cd, css = append(cs, n), append(cd, ds[i]), append(css, ss[i])
	}
	if cs == nil {
		cs = []int{}
	}
	return cs, cd, css
}

// transposedAxis finds whether a copy reads across the source's rows: the
// output runs along the last axis while the source is contiguous along
// another axis k, and both are long enough to tile. It returns k, or -1.
func transposedAxis(shape, ds, ss []int) int {
	last := len(shape) - 1
	if ds[last] != 1 || abs(ss[last]) <= 1 || shape[last] < tile {
		return -1
	}
	for k := last - 1; k >= 0; k-- {
		if abs(ss[k]) == 1 && shape[k] >= tile {
			return k
		}
	}
	return -1
}

// copyTiled is Copy for a transpose: axis k (contiguous in the source) and
// the last axis (contiguous in the destination) are walked in tile×tile
// blocks. The work is split over (outer index, block of k) pairs, where
// the outer index runs over every other axis.
func copyTiled[T any](dst []T, do int, ds []int, src []T, so int, ss []int, shape []int, k int) {
	last := len(shape) - 1
	var outer []int // the axes other than k and last
	nOuter := 1
	for a := range last {
		if a != k {
			outer = append(outer, a)
			nOuter *= shape[a]
		}
	}
	kBlocks := (shape[k] + tile - 1) / tile
	n, sIn := shape[last], ss[last]
	For(nOuter*kBlocks, tile*n, func(lo, hi int) {
		for u := lo; u < hi; u++ {
			d, s := do, so
			r := u / kBlocks
			for i := len(outer) - 1; i >= 0; i-- {
				a := outer[i]
				d += r % shape[a] * ds[a]
				s += r % shape[a] * ss[a]
				r /= shape[a]
			}
			k0 := u % kBlocks * tile
			k1 := min(k0+tile, shape[k])
			for j0 := 0; j0 < n; j0 += tile {
				j1 := min(j0+tile, n)
				for i := k0; i < k1; i++ {
					row := dst[d+i*ds[k]+j0 : d+i*ds[k]+j1]
					p := s + i*ss[k] + j0*sIn
					for j := range row {
						row[j] = src[p]
						p += sIn
					}
				}
			}
		}
	})
}

// copyRun copies n elements, dst[d + i·dIn] = src[s + i·sIn].
func copyRun[T any](dst []T, d, dIn int, src []T, s, sIn, n int) {
	switch {
	case dIn == 1 && sIn == 1:
		copy(dst[d:d+n], src[s:s+n])
	case dIn == 1 && sIn == 0:
		v, row := src[s], dst[d:d+n]
		for i := range row {
			row[i] = v
		}
	case dIn == 1:
		row := dst[d : d+n]
		for i := range row {
			row[i] = src[s]
			s += sIn
		}
	default:
		for range n {
			dst[d] = src[s]
			d += dIn
			s += sIn
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Fill sets every element of dst to v.
func Fill[T any](dst []T, v T) {
	For(len(dst), 1, func(lo, hi int) {
		d := dst[lo:hi]
		for i := range d {
			d[i] = v
		}
	})
}

// Arange fills dst with start, start+delta, start+2·delta, …, computed in
// T as MindSpore's Range kernel computes them.
func Arange[T Number](dst []T, start, delta T) {
	For(len(dst), 1, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = start + T(i)*delta
		}
	})
}

// Index is the element types of an index tensor.
type Index interface{ ~int32 | ~int64 }

// OutOfRange checks indices into the leading axes of an array: element p
// of idx indexes an axis of size dims[p % len(dims)] and must lie in
// [-size, size), negative indices counting from the end. It returns the
// position of the first index out of range, or -1.
func OutOfRange[I Index](idx []I, dims []int) int {
	for p, i := range idx {
		n := int64(dims[p%len(dims)])
		if int64(i) < -n || int64(i) >= n {
			return p
		}
	}
	return -1
}

// Gather is numpy's take along an axis. src is (outer, n, inner) and dst
// (outer, len(idx), inner), both row-major: dst[o, j, :] = src[o, idx[j],
// :], a negative index counting from the end. The caller has checked the
// indices with OutOfRange.
func Gather[T any, I Index](dst, src []T, idx []I, outer, n, inner int) {
	m := len(idx)
	For(outer*m, inner, func(lo, hi int) {
		for u := lo; u < hi; u++ {
			o, j := u/m, u%m
			i := int(idx[j])
			if i < 0 {
				i += n
			}
			copy(dst[u*inner:(u+1)*inner], src[(o*n+i)*inner:])
		}
	})
}

// GatherNd reads whole sub-arrays at index tuples. src's leading axes have
// sizes dims and each position holds inner elements; idx holds one tuple
// of len(dims) indices per row of dst: dst[j, :] = src[idx[j, 0], …,
// idx[j, k-1], :]. Negative indices count from the end; the caller has
// checked them with OutOfRange.
func GatherNd[T any, I Index](dst, src []T, idx []I, dims []int, inner int) {
	k := len(dims)
	m := len(idx) / k
	For(m, inner, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			p := tupleOffset(idx[j*k:(j+1)*k], dims)
			copy(dst[j*inner:(j+1)*inner], src[p*inner:])
		}
	})
}

// ScatterNd writes whole sub-arrays at index tuples, GatherNd's inverse:
// dst[idx[j, 0], …, idx[j, k-1], :] = upd[j, :]. Rows are written in order,
// so when two tuples name one position the later row wins.
func ScatterNd[T any, I Index](dst, upd []T, idx []I, dims []int, inner int) {
	k := len(dims)
	for j := range len(idx) / k {
		p := tupleOffset(idx[j*k:(j+1)*k], dims)
		copy(dst[p*inner:(p+1)*inner], upd[j*inner:])
	}
}

// tupleOffset is the row-major position of an index tuple into dims.
func tupleOffset[I Index](tuple []I, dims []int) int {
	p := 0
	for a, v := range tuple {
		i := int(v)
		if i < 0 {
			i += dims[a]
		}
		p = p*dims[a] + i
	}
	return p
}

// OneHot expands indices into one-hot vectors along a new axis. idx is
// (outer, inner) and dst (outer, depth, inner): dst[o, d, i] is on where
// idx[o, i] == d and off elsewhere, so an index outside [0, depth) gives
// an all-off vector, as in MindSpore and TensorFlow.
func OneHot[T any, I Index](dst []T, idx []I, outer, depth, inner int, on, off T) {
	For(outer, depth*inner, func(lo, hi int) {
		for o := lo; o < hi; o++ {
			block := dst[o*depth*inner : (o+1)*depth*inner]
			for p := range block {
				block[p] = off
			}
			for i, v := range idx[o*inner : (o+1)*inner] {
				if v >= 0 && int64(v) < int64(depth) {
					block[int(v)*inner+i] = on
				}
			}
		}
	})
}

// CountTrue counts the true elements of mask.
func CountTrue(mask []bool) int {
	n := 0
	for _, m := range mask {
		if m {
			n++
		}
	}
	return n
}

// MaskedSelect packs the elements of src where mask is true into dst, in
// order; dst holds CountTrue(mask) elements.
func MaskedSelect[T any](dst, src []T, mask []bool) {
	j := 0
	for i, m := range mask {
		if m {
			dst[j] = src[i]
			j++
		}
	}
}

// MaskedScatter is MaskedSelect's inverse: the elements of dst where mask
// is true take src's elements in order. src holds at least
// CountTrue(mask) elements.
func MaskedScatter[T any](dst, src []T, mask []bool) {
	j := 0
	for i, m := range mask {
		if m {
			dst[i] = src[j]
			j++
		}
	}
}

// MaskedFill sets dst's elements to src's where mask is true, over an
// array of dst's shape with src and mask read through broadcast strides
// (BroadcastStrides).
func MaskedFill[T any](dst, src []T, mask []bool, shape, srcSt, maskSt []int) {
	rows(shape, [][]int{srcSt, maskSt}, func(o int, off, inner []int, n int) {
		s, m := off[0], off[1]
		for i := range n {
			if mask[m] {
				dst[o+i] = src[s]
			}
			s += inner[0]
			m += inner[1]
		}
	})
}
