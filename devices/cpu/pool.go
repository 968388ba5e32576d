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
	if y32, ok := any(y).([]float32); ok && maxPoolHalvingSIMD32(p, any(x).([]float32), y32) {
		return
	}
	if p.halving() {
		For(p.N*p.C, p.OH*p.OW*4, func(lo, hi int) {
			for pl := lo; pl < hi; pl++ {
				maxPoolHalving(p, x[pl*p.H*p.W:(pl+1)*p.H*p.W], y[pl*p.OH*p.OW:(pl+1)*p.OH*p.OW])
			}
		})
		return
	}
	pool2D(p, x, y, func(in []T, y0, y1, x0, x1 int) T {
		m := T(math.Inf(-1))
		for iy := y0; iy < y1; iy++ {
			for _, v := range in[iy*p.W+x0 : iy*p.W+x1] {
				if v != v {
					return v
				}
				m = max(m, v)
			}
		}
		return m
	})
}

// halving reports whether the pooling is the 2×2, stride-2, unpadded kind
// that halves each side, as LeNet's and most convnets' is: its windows
// need no clipping, so the loops can be written out.
func (p Pool2DParams) halving() bool {
	return p.KH == 2 && p.KW == 2 && p.SH == 2 && p.SW == 2 && p.PadTop == 0 && p.PadLeft == 0 &&
		2*p.OH <= p.H && 2*p.OW <= p.W
}

// maxPoolHalving is MaxPool2D on one plane of a halving pooling. Go's max
// propagates NaN, as the window's maximum must.
func maxPoolHalving[T Float](p Pool2DParams, in, out []T) {
	for oy := range p.OH {
		r0 := in[2*oy*p.W:][:2*p.OW]
		r1 := in[(2*oy+1)*p.W:][:2*p.OW]
		o := out[oy*p.OW:][:p.OW]
		for ox := range o {
			o[ox] = max(max(r0[2*ox], r0[2*ox+1]), max(r1[2*ox], r1[2*ox+1]))
		}
	}
}

// AvgPool2D writes into y the mean of each window of x over the window's
// positions inside the input, as TensorFlow and MindSpore average with
// SAME padding.
func AvgPool2D[T Float](p Pool2DParams, x, y []T) {
	pool2D(p, x, y, func(in []T, y0, y1, x0, x1 int) T {
		var s T
		for iy := y0; iy < y1; iy++ {
			for _, v := range in[iy*p.W+x0 : iy*p.W+x1] {
				s += v
			}
		}
		return s / T((y1-y0)*(x1-x0))
	})
}

// pool2D runs reduce over every window, clipped to the input: reduce gets
// the input plane and the window's rows [y0, y1) and columns [x0, x1).
// Planes are spread across goroutines.
func pool2D[T Float](p Pool2DParams, x, y []T, reduce func(in []T, y0, y1, x0, x1 int) T) {
	planes := p.N * p.C
	For(planes, p.OH*p.OW*p.KH*p.KW, func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			in := x[pl*p.H*p.W : (pl+1)*p.H*p.W]
			out := y[pl*p.OH*p.OW : (pl+1)*p.OH*p.OW]
			for oy := range p.OH {
				y0 := oy*p.SH - p.PadTop
				y1 := min(y0+p.KH, p.H)
				y0 = max(y0, 0)
				for ox := range p.OW {
					x0 := ox*p.SW - p.PadLeft
					out[oy*p.OW+ox] = reduce(in, y0, y1, max(x0, 0), min(x0+p.KW, p.W))
				}
			}
		}
	})
}
