package cpu

import "math"

// FMA computes dst = x·y + z elementwise over shape, each element rounded
// once (a fused multiply-add), reading the operands through broadcast
// strides (BroadcastStrides; nil for an operand of shape itself). float32
// runs in assembly where the machine has it, and fma32 computes what the
// instruction does elsewhere; float64 uses math.FMA.
func FMA[T Float](dst, x, y, z []T, shape, xst, yst, zst []int) {
	if contiguous(shape, xst) && contiguous(shape, zst) && (contiguous(shape, yst) || scalar(yst)) {
		ys := 1
		if !contiguous(shape, yst) {
			ys = 0
		}
		For(len(dst), 2, func(lo, hi int) {
			yl := y
			if ys == 1 {
				yl = y[lo:hi]
			}
			fmaRun(dst[lo:hi], x[lo:hi], yl, z[lo:hi], 1, ys, 1)
		})
		return
	}
	rows(shape, [][]int{xst, yst, zst}, func(o int, off, inner []int, n int) {
		fmaRun(dst[o:o+n], x[off[0]:], y[off[1]:], z[off[2]:], inner[0], inner[1], inner[2])
	})
}

// fmaRun computes one run: dst[i] = x[i·xs]·y[i·ys] + z[i·zs].
func fmaRun[T Float](dst, x, y, z []T, xs, ys, zs int) {
	switch d := any(dst).(type) {
	case []float32:
		x, y, z := any(x).([]float32), any(y).([]float32), any(z).([]float32)
		if xs == 1 && zs == 1 && ys <= 1 && fmaSIMD32(d, x, y, z, ys) {
			return
		}
		xi, yi, zi := 0, 0, 0
		for i := range d {
			d[i] = fma32(x[xi], y[yi], z[zi])
			xi, yi, zi = xi+xs, yi+ys, zi+zs
		}
	case []float64:
		x, y, z := any(x).([]float64), any(y).([]float64), any(z).([]float64)
		xi, yi, zi := 0, 0, 0
		for i := range d {
			d[i] = math.FMA(x[xi], y[yi], z[zi])
			xi, yi, zi = xi+xs, yi+ys, zi+zs
		}
	}
}
