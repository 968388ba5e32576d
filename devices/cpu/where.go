package cpu

// Where computes dst = cond ? x : y elementwise over shape, reading each
// operand through its broadcast strides (BroadcastStrides).
func Where[T any](dst []T, cond []bool, x, y []T, shape, cst, xst, yst []int) {
	if contiguous(shape, cst) && contiguous(shape, xst) && contiguous(shape, yst) {
		For(len(dst), 1, func(lo, hi int) {
			d, c, a, b := dst[lo:hi], cond[lo:hi], x[lo:hi], y[lo:hi]
			for i, t := range c {
				if t {
					d[i] = a[i]
				} else {
					d[i] = b[i]
				}
			}
		})
		return
	}
	rows(shape, [][]int{cst, xst, yst}, func(o int, off, inner []int, n int) {
		d := dst[o : o+n]
		ci, xi, yi := off[0], off[1], off[2]
		for i := range d {
			if cond[ci] {
				d[i] = x[xi]
			} else {
				d[i] = y[yi]
			}
			ci += inner[0]
			xi += inner[1]
			yi += inner[2]
		}
	})
}
