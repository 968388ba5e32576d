package cpu

// MaxPool2DGrad writes into dx ([N, C, H, W]) the gradient of MaxPool2D
// given the output's dy ([N, C, OH, OW]): each window passes its dy to the
// position of its maximum in x. A tie goes to the first maximum in
// row-major order, as every framework's max pooling gives it, and a NaN
// is its window's maximum. Planes are spread across goroutines.
func MaxPool2DGrad[T Float](p Pool2DParams, x, dy, dx []T) {
	if d, ok := any(dx).([]float32); ok && maxPoolGradHalvingSIMD32(p, any(x).([]float32), any(dy).([]float32), d) {
		return
	}
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
	if p.halving() {
		argmaxHalving(p, x, at)
		return
	}
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

// argmaxHalving is poolArgmax for a halving pooling (2×2 windows, stride
// 2, no padding), with the window's four elements written out. max
// propagates NaN, so a NaN maximum sends the rare window that has one to
// poolArgmax's rule: the first NaN.
func argmaxHalving[T Float](p Pool2DParams, x []T, at []int) {
	for oy := range p.OH {
		i0, i1 := 2*oy*p.W, (2*oy+1)*p.W
		r0, r1 := x[i0:][:2*p.OW], x[i1:][:2*p.OW]
		a := at[oy*p.OW:][:p.OW]
		for ox := range a {
			j := 2 * ox
			v0, v1, v2, v3 := r0[j], r0[j+1], r1[j], r1[j+1]
			best, m := i0+j, v0
			// As in poolArgmax: conditional moves, and max.
			if v1 > m {
				best = i0 + j + 1
			}
			m = max(m, v1)
			if v2 > m {
				best = i1 + j
			}
			m = max(m, v2)
			if v3 > m {
				best = i1 + j + 1
			}
			m = max(m, v3)
			if m != m {
				best = firstNaN(v0, v1, v2, v3, i0+j, i1+j)
			}
			a[ox] = best
		}
	}
}

// firstNaN is the position of the first NaN among a window's four
// elements, the top pair at i0 and i0+1, the bottom at i1 and i1+1.
func firstNaN[T Float](v0, v1, v2, v3 T, i0, i1 int) int {
	switch {
	case v0 != v0:
		return i0
	case v1 != v1:
		return i0 + 1
	case v2 != v2:
		return i1
	}
	return i1 + 1
}
