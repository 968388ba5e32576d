package cpu

// ScatterNdAdd adds whole sub-arrays at index tuples, the adjoint of
// GatherNd: dst[idx[j, 0], …, idx[j, k-1], :] += upd[j, :]. Rows that name
// one position all add to it, in row order, so results do not depend on
// scheduling. Negative indices count from the end; the caller has checked
// them with OutOfRange.
func ScatterNdAdd[T Number, I Index](dst, upd []T, idx []I, dims []int, inner int) {
	k := len(dims)
	for j := range len(idx) / k {
		p := tupleOffset(idx[j*k:(j+1)*k], dims)
		d, u := dst[p*inner:(p+1)*inner], upd[j*inner:(j+1)*inner]
		for e := range d {
			d[e] += u[e]
		}
	}
}
