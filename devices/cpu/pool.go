package cpu

import "math"

// Pool2DParams describes 2-D pooling of NCHW data: windows of KH×KW with
// strides SH, SW over an input padded by PadTop rows above and PadLeft
// columns left (the padding below and right follows from OH and OW).
// Padded positions take no part: they are neither a maximum nor counted
// in an average.
type Pool2DParams struct {
	N, C, H, W int
	KH, KW     int
	SH, SW     int
	PadTop     int
	PadLeft    int
	OH, OW     int
}

// MaxPool2D writes into y ([N, C, OH, OW]) the maximum of each window of x
// ([N, C, H, W]); a NaN in a window is its maximum, as in numpy and torch.
func MaxPool2D[T Float](p Pool2DParams, x, y []T) {
	pool2D(p, x, y, func(win [][]T, _ int) T {
		m := T(math.Inf(-1))
		for _, row := range win {
			for _, v := range row {
				if v != v {
					return v
				}
				m = max(m, v)
			}
		}
		return m
	})
}

// AvgPool2D writes into y the mean of each window of x over the window's
// positions inside the input, as TensorFlow and MindSpore average with
// SAME padding.
func AvgPool2D[T Float](p Pool2DParams, x, y []T) {
	pool2D(p, x, y, func(win [][]T, count int) T {
		var s T
		for _, row := range win {
			for _, v := range row {
				s += v
			}
		}
		return s / T(count)
	})
}

// pool2D runs reduce over every window, clipped to the input: reduce gets
// the window's rows and how many elements they hold. Planes are spread
// across goroutines.
func pool2D[T Float](p Pool2DParams, x, y []T, reduce func(win [][]T, count int) T) {
	planes := p.N * p.C
	For(planes, p.OH*p.OW*p.KH*p.KW, func(lo, hi int) {
		win := make([][]T, 0, p.KH)
		for pl := lo; pl < hi; pl++ {
			in := x[pl*p.H*p.W : (pl+1)*p.H*p.W]
			out := y[pl*p.OH*p.OW : (pl+1)*p.OH*p.OW]
			for oy := range p.OH {
				y0 := oy*p.SH - p.PadTop
				y1 := min(y0+p.KH, p.H)
				y0 = max(y0, 0)
				for ox := range p.OW {
					x0 := ox*p.SW - p.PadLeft
					x1 := min(x0+p.KW, p.W)
					x0 = max(x0, 0)
					win = win[:0]
					for iy := y0; iy < y1; iy++ {
						win = append(win, in[iy*p.W+x0:iy*p.W+x1])
					}
					out[oy*p.OW+ox] = reduce(win, (y1-y0)*(x1-x0))
				}
			}
		}
	})
}
