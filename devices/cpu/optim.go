package cpu

// Descend computes dst = x - alpha·y, a gradient-descent step in one pass
// over memory, where a Mul then a Sub would write and read an intermediate
// the size of the parameter. dst may be x.
func Descend[T Float](dst, x, y []T, alpha T) {
	For(len(dst), 1, func(lo, hi int) {
		d := dst[lo:hi]
		xs, ys := x[lo:hi][:len(d)], y[lo:hi][:len(d)]
		for i := range d {
			d[i] = xs[i] - alpha*ys[i]
		}
	})
}
