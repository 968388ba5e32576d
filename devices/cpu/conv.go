package cpu

// Conv2DParams describes a 2-D convolution of NCHW data, as cross-
// correlation (the kernel is not flipped), with zero padding.
type Conv2DParams struct {
	N, C, H, W int // input
	OutC       int // output channels; the weight is [OutC, C/Groups, KH, KW]
	KH, KW     int
	OH, OW     int // output height and width
	StrideH    int
	StrideW    int
	DilationH  int
	DilationW  int
	PadTop     int // zeros above the input; those below follow from OH
	PadLeft    int // zeros left of the input; those right follow from OW
	Groups     int // C and OutC are split into this many independent groups
}

// Conv2D computes y = conv(x, w): x is [N, C, H, W], w is
// [OutC, C/Groups, KH, KW] and y is [N, OutC, OH, OW], all contiguous. For
// each image and group it lays the receptive fields out as columns
// (im2col) and multiplies them by the group's filters with MatMul, so the
// arithmetic runs on the GEMM. Images are spread across goroutines.
func Conv2D[T Number](p Conv2DParams, x, w, y []T) {
	cg, og := p.C/p.Groups, p.OutC/p.Groups
	kdim := cg * p.KH * p.KW // rows of a group's column matrix
	spatial := p.OH * p.OW
	if p.N == 0 || p.OutC == 0 || spatial == 0 {
		return
	}
	if kdim == 0 {
		clear(y[:p.N*p.OutC*spatial])
		return
	}
	// A 1×1 kernel with unit stride and no padding reads the input as its
	// own column matrix.
	direct := p.KH == 1 && p.KW == 1 && p.StrideH == 1 && p.StrideW == 1 && p.PadTop == 0 && p.PadLeft == 0 &&
		p.OH == p.H && p.OW == p.W
	For(p.N, p.OutC*spatial*kdim, func(lo, hi int) {
		var cols []T
		if !direct {
			cols = make([]T, kdim*spatial)
		}
		for n := lo; n < hi; n++ {
			for g := range p.Groups {
				in := x[(n*p.C+g*cg)*p.H*p.W:][:cg*p.H*p.W]
				if direct {
					cols = in
				} else {
					im2col(p, in, cols)
				}
				MatMul(false, false, og, spatial, kdim, w[g*og*kdim:], kdim, cols, spatial,
					y[(n*p.OutC+g*og)*spatial:], spatial)
			}
		}
	})
}

// im2col writes the receptive fields of the cg channels in x ([cg, H, W])
// as the columns of cols ([cg·KH·KW, OH·OW]): row (c, i, j) holds, for each
// output position, the input under kernel tap (i, j) of channel c, or zero
// where the tap falls in the padding.
func im2col[T Number](p Conv2DParams, x, cols []T) {
	if x32, ok := any(x).([]float32); ok && im2colNarrowSIMD32(p, x32, any(cols).([]float32)) {
		return
	}
	spatial := p.OH * p.OW
	cg := len(x) / (p.H * p.W)
	row := 0
	for c := range cg {
		plane := x[c*p.H*p.W : (c+1)*p.H*p.W]
		for i := range p.KH {
			for j := range p.KW {
				dst := cols[row*spatial : (row+1)*spatial]
				row++
				dx := j*p.DilationW - p.PadLeft
				// Output columns whose tap lands inside the input: those
				// with 0 <= ox*StrideW+dx < W.
				ox0 := min(ceilDivNonNeg(-dx, p.StrideW), p.OW)
				ox1 := max(min(ceilDivNonNeg(p.W-dx, p.StrideW), p.OW), ox0)
				if p.StrideW == 1 && ox0 == 0 && ox1 == p.OW {
					// Whole rows: one strided copy for the rows inside.
					oy0, oy1, iy0 := p.rowsInside(i)
					clear(dst[:oy0*p.OW])
					clear(dst[oy1*p.OW:])
					if oy1 > oy0 {
						copyRows(dst[oy0*p.OW:], plane[iy0*p.W+dx:], oy1-oy0, p.OW, p.StrideH*p.W)
					}
					continue
				}
				for oy := range p.OH {
					out := dst[oy*p.OW : (oy+1)*p.OW]
					iy := oy*p.StrideH + i*p.DilationH - p.PadTop
					if iy < 0 || iy >= p.H {
						clear(out)
						continue
					}
					src := plane[iy*p.W : (iy+1)*p.W]
					clear(out[:ox0])
					if p.StrideW == 1 {
						copy(out[ox0:ox1], src[ox0+dx:])
					} else {
						for ox := ox0; ox < ox1; ox++ {
							out[ox] = src[ox*p.StrideW+dx]
						}
					}
					clear(out[ox1:])
				}
			}
		}
	}
}

// rowsInside gives the output rows [oy0, oy1) whose kernel row i lands
// inside the input, and the input row iy0 the first of them reads.
func (p Conv2DParams) rowsInside(i int) (oy0, oy1, iy0 int) {
	off := i*p.DilationH - p.PadTop
	oy0 = min(ceilDivNonNeg(-off, p.StrideH), p.OH)
	oy1 = max(min(ceilDivNonNeg(p.H-off, p.StrideH), p.OH), oy0)
	return oy0, oy1, oy0*p.StrideH + off
}

// copyRows copies rows rows of width elements, stride apart in src, to
// dst, packed.
func copyRows[T Number](dst, src []T, rows, width, stride int) {
	if rows == 0 || width == 0 {
		return
	}
	dst, src = dst[:rows*width], src[:(rows-1)*stride+width]
	if d, ok := any(dst).([]float32); ok && copyRowsSIMD32(d, any(src).([]float32), rows, width, stride) {
		return
	}
	for r := range rows {
		copy(dst[r*width:(r+1)*width], src[r*stride:])
	}
}

// addRows adds rows rows of width elements, packed in src, onto dst,
// stride apart.
func addRows[T Number](dst, src []T, rows, width, stride int) {
	if rows == 0 || width == 0 {
		return
	}
	dst, src = dst[:(rows-1)*stride+width], src[:rows*width]
	if d, ok := any(dst).([]float32); ok && addRowsSIMD32(d, any(src).([]float32), rows, width, stride) {
		return
	}
	for r := range rows {
		d, s := dst[r*stride:r*stride+width], src[r*width:(r+1)*width]
		for k, v := range s {
			d[k] += v
		}
	}
}

// ceilDivNonNeg is ⌈a/b⌉ for b > 0, or 0 when that is negative.
func ceilDivNonNeg(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}
