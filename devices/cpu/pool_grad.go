package cpu

// MaxPool2DGrad writes into dx ([N, C, H, W]) the gradient of MaxPool2D
// given the output's dy ([N, C, OH, OW]): each window passes its dy to the
// position of its maximum in x. A tie goes to the first maximum in
// row-major order, as every framework's max pooling gives it, and a NaN
// is its window's maximum. Planes are spread across goroutines.
func MaxPool2DGrad[T Float](p Pool2DParams, x, dy, dx []T) {
	plane, out := p.H*p.W, p.OH*p.OW
	For(p.N*p.C, out*p.KH*p.KW, func(lo, hi int) {
		at := make([]int, out)
		for pl := lo; pl < hi; pl++ {
			d, g := dx[pl*plane:(pl+1)*plane], dy[pl*out:(pl+1)*out]
			clear(d)
			poolArgmax(p, x[pl*plane:(pl+1)*plane], at)
			for o, i := range at {
				d[i] += g[o]
			}
		}
	})
}

// MaxPool2DGradGrad writes into ddy ([N, C, OH, OW]) the element of ddx
// ([N, C, H, W]) at each window's maximum in x, chosen as MaxPool2DGrad
// chooses it: the gradient of MaxPool2DGrad with respect to dy.
func MaxPool2DGradGrad[T Float](p Pool2DParams, x, ddx, ddy []T) {
	plane, out := p.H*p.W, p.OH*p.OW
	For(p.N*p.C, out*p.KH*p.KW, func(lo, hi int) {
		at := make([]int, out)
		for pl := lo; pl < hi; pl++ {
			d, g := ddx[pl*plane:(pl+1)*plane], ddy[pl*out:(pl+1)*out]
			poolArgmax(p, x[pl*plane:(pl+1)*plane], at)
			for o, i := range at {
				g[o] = d[i]
			}
		}
	})
}

// poolArgmax writes into at, for each output position of a plane, the
// position in the input plane x of its window's first maximum.
func poolArgmax[T Float](p Pool2DParams, x []T, at []int) {
	for oy := range p.OH {
		y0 := oy*p.SH - p.PadTop
		y1 := min(y0+p.KH, p.H)
		y0 = max(y0, 0)
		for ox := range p.OW {
			x0 := ox*p.SW - p.PadLeft
			x1 := min(x0+p.KW, p.W)
			x0 = max(x0, 0)
			best := y0*p.W + x0
			m := x[best]
		window:
			for iy := y0; iy < y1; iy++ {
				for i, v := range x[iy*p.W+x0 : iy*p.W+x1] {
					if v != v {
						best = iy*p.W + x0 + i
						break window
					}
					// Which element is the maximum is as good as random,
					// so the choice is made without a branch: a
					// conditional move, and max.
					if v > m {
						best = iy*p.W + x0 + i
					}
					m = max(m, v)
				}
			}
			at[oy*p.OW+ox] = best
		}
	}
}

// AvgPool2DGrad writes into dx ([N, C, H, W]) the gradient of AvgPool2D
// given the output's dy: each window spreads its dy evenly over its
// positions inside the input.
func AvgPool2DGrad[T Float](p Pool2DParams, dy, dx []T) {
	plane, out := p.H*p.W, p.OH*p.OW
	For(p.N*p.C, out*p.KH*p.KW, func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			d, g := dx[pl*plane:(pl+1)*plane], dy[pl*out:(pl+1)*out]
			clear(d)
			for oy := range p.OH {
				y0 := oy*p.SH - p.PadTop
				y1 := min(y0+p.KH, p.H)
				y0 = max(y0, 0)
				for ox := range p.OW {
					x0 := ox*p.SW - p.PadLeft
					x1 := min(x0+p.KW, p.W)
					x0 = max(x0, 0)
					v := g[oy*p.OW+ox] / T((y1-y0)*(x1-x0))
					for iy := y0; iy < y1; iy++ {
						row := d[iy*p.W+x0 : iy*p.W+x1]
						for i := range row {
							row[i] += v
						}
					}
				}
			}
		}
	})
}
