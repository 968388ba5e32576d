package cpu

// The gradients of Conv2D run on the same im2col layout as the forward:
// Conv2D is y_g = W_g·cols(x_g) per image and group, so the gradient with
// respect to x scatters W_gᵀ·dy_g back through the adjoint of im2col
// (col2im), and the one with respect to W sums dy_g·cols(x_g)ᵀ over the
// images. Both are a GEMM per image and group, as the forward is.

// pointwise reports whether the convolution reads its input as its own
// column matrix: a 1×1 kernel with unit stride and no padding.
func (p Conv2DParams) pointwise() bool {
	return p.KH == 1 && p.KW == 1 && p.StrideH == 1 && p.StrideW == 1 && p.PadTop == 0 && p.PadLeft == 0 &&
		p.OH == p.H && p.OW == p.W
}

// Conv2DBackpropInput writes into dx ([N, C, H, W]) the gradient of
// Conv2D with respect to its input, given the output's dy
// ([N, OutC, OH, OW]) and the weight w: the transposed convolution of dy
// by w. Images are spread across goroutines, each writing its own part of
// dx.
func Conv2DBackpropInput[T Float](p Conv2DParams, dy, w, dx []T) {
	cg, og := p.C/p.Groups, p.OutC/p.Groups
	kdim := cg * p.KH * p.KW
	spatial := p.OH * p.OW
	plane := p.H * p.W
	if p.N == 0 || kdim == 0 || plane == 0 {
		return
	}
	if spatial == 0 {
		clear(dx[:p.N*p.C*plane])
		return
	}
	direct := p.pointwise()
	// Each group's filters transposed once, [kdim, og], rather than
	// op(A) = Wᵀ packed from the strided columns again for every image:
	// the GEMM packs a row-major A far faster, to the same values.
	wt := make([]T, p.Groups*og*kdim)
	for g := range p.Groups {
		src, dst := w[g*og*kdim:][:og*kdim], wt[g*og*kdim:][:og*kdim]
		for o := range og {
			for k, v := range src[o*kdim : (o+1)*kdim] {
				dst[k*og+o] = v
			}
		}
	}
	For(p.N, p.OutC*spatial*kdim, func(lo, hi int) {
		var cols []T
		if !direct {
			cols = make([]T, kdim*spatial)
		}
		for n := lo; n < hi; n++ {
			for g := range p.Groups {
				dxg := dx[(n*p.C+g*cg)*plane:][:cg*plane]
				dyg := dy[(n*p.OutC+g*og)*spatial:]
				wg := wt[g*og*kdim:]
				if direct {
					gemm(false, false, kdim, spatial, og, wg, og, dyg, spatial, 0, dxg, spatial)
					continue
				}
				gemm(false, false, kdim, spatial, og, wg, og, dyg, spatial, 0, cols, spatial)
				clear(dxg)
				col2im(p, cols, dxg)
			}
		}
	})
}

// Conv2DBackpropFilter writes into dw ([OutC, C/Groups, KH, KW]) the
// gradient of Conv2D with respect to its weight, given the output's dy and
// the input x. The images are split into as many parts as there are
// goroutines to run them; each part sums into its own copy of dw, and the
// copies are added in order, so that the result does not depend on
// scheduling.
func Conv2DBackpropFilter[T Float](p Conv2DParams, dy, x, dw []T) {
	cg, og := p.C/p.Groups, p.OutC/p.Groups
	kdim := cg * p.KH * p.KW
	spatial := p.OH * p.OW
	plane := p.H * p.W
	size := p.OutC * kdim
	clear(dw[:size])
	if p.N == 0 || size == 0 || spatial == 0 || plane == 0 {
		return
	}
	direct := p.pointwise()
	cost := p.OutC * spatial * kdim // multiply-adds per image
	parts := max(min(Workers, p.N, p.N*cost/Grain), 1)
	sums := make([][]T, parts)
	For(parts, p.N*cost/parts, func(lo, hi int) {
		var cols []T
		if !direct {
			cols = make([]T, kdim*spatial)
		}
		for part := lo; part < hi; part++ {
			sum := dw
			if part > 0 {
				sum = make([]T, size)
			}
			sums[part] = sum
			for n := part * p.N / parts; n < (part+1)*p.N/parts; n++ {
				for g := range p.Groups {
					xg := x[(n*p.C+g*cg)*plane:][:cg*plane]
					if direct {
						cols = xg
					} else {
						im2col(p, xg, cols)
					}
					gemm(false, true, og, kdim, spatial, dy[(n*p.OutC+g*og)*spatial:], spatial, cols, spatial, 1, sum[g*og*kdim:], kdim)
				}
			}
		}
	})
	for _, s := range sums[1:] {
		for i, v := range s {
			dw[i] += v
		}
	}
}

// col2im adds the columns of cols ([C/Groups·KH·KW, OH·OW]) onto the
// positions of x ([C/Groups, H, W]) that im2col reads them from, dropping
// those that fall in the padding: the adjoint of im2col.
func col2im[T Float](p Conv2DParams, cols, x []T) {
	if x32, ok := any(x).([]float32); ok && col2imNarrowSIMD32(p, any(cols).([]float32), x32) {
		return
	}
	spatial := p.OH * p.OW
	row := 0
	for c := range p.C / p.Groups {
		plane := x[c*p.H*p.W : (c+1)*p.H*p.W]
		for i := range p.KH {
			for j := range p.KW {
				src := cols[row*spatial : (row+1)*spatial]
				row++
				dx := j*p.DilationW - p.PadLeft
				ox0 := min(ceilDivNonNeg(-dx, p.StrideW), p.OW)
				ox1 := max(min(ceilDivNonNeg(p.W-dx, p.StrideW), p.OW), ox0)
				if p.StrideW == 1 && ox0 == 0 && ox1 == p.OW {
					oy0, oy1, iy0 := p.rowsInside(i)
					if oy1 > oy0 {
						addRows(plane[iy0*p.W+dx:], src[oy0*p.OW:], oy1-oy0, p.OW, p.StrideH*p.W)
					}
					continue
				}
				for oy := range p.OH {
					iy := oy*p.StrideH + i*p.DilationH - p.PadTop
					if iy < 0 || iy >= p.H {
						continue
					}
					in := src[oy*p.OW : (oy+1)*p.OW]
					dst := plane[iy*p.W : (iy+1)*p.W]
					if p.StrideW == 1 {
						s := in[ox0:ox1]
						d := dst[ox0+dx:][:len(s)]
						for k, v := range s {
							d[k] += v
						}
					} else {
						for ox := ox0; ox < ox1; ox++ {
							dst[ox*p.StrideW+dx] += in[ox]
						}
					}
				}
			}
		}
	}
}

// gemm is C = op(A)·op(B) + beta·C on Gemm, for either float type.
func gemm[T Float](transA, transB bool, m, n, k int, a []T, lda int, b []T, ldb int, beta T, c []T, ldc int) {
	switch a := any(a).(type) {
	case []float32:
		Gemm.Sgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float32), ldb, float32(beta), any(c).([]float32), ldc)
	case []float64:
		Gemm.Dgemm(transA, transB, m, n, k, 1, a, lda, any(b).([]float64), ldb, float64(beta), any(c).([]float64), ldc)
	}
}
