package cpu

// Descend computes dst = x - alpha·y, a gradient-descent step in one pass
// over memory, where a Mul then a Sub would write and read an intermediate
// the size of the parameter. dst may be x.
func Descend[T Float](dst, x, y []T, alpha T) {
	For(len(dst), 1, func(lo, hi int) {
		d := dst[lo:hi]
		xs, ys := x[lo:hi][:len(d)], y[lo:hi][:len(d)]
		if d32, ok := any(d).([]float32); ok && descendSIMD32(d32, any(xs).([]float32), any(ys).([]float32), any(alpha).(float32)) {
			return
		}
		for i := range d {
			d[i] = xs[i] - T(alpha*ys[i]) // rounded apart, never fused, as the kernels do
		}
	})
}
