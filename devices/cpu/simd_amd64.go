package cpu

import "golang.org/x/sys/cpu"

//go:generate go run ./internal/asmgen -out kernels_amd64.s -stubs kernels_stub_amd64.go

// hasAVX512 says whether the 16-lane float32 kernels in assembly
// (internal/asmgen) can run: they need AVX-512's masks for a slice's last
// partial vector, and BMI2 to make the mask. Machines without it run the
// 8-lane AVX2 kernels where they have AVX2 (hasAVX2), and Go otherwise.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasBMI2

// The kernels by op, for a vector and a vector (VV) or a vector and a
// scalar (VS).
var (
	binaryVV32 = [...]func(dst, x, y *float32, n int){Add: addVV32, Sub: subVV32, Mul: mulVV32, Div: divVV32, Maximum: maxVV32, Minimum: minVV32}
	binaryVS32 = [...]func(dst, x *float32, y float32, n int){Add: addVS32, Sub: subVS32, Mul: mulVS32, Div: divVS32, Maximum: maxVS32, Minimum: minVS32}
	unaryV32   = [...]func(dst, x *float32, n int){ReLU: reluV32, Exp: expV32, Log: logV32, Tanh: tanhV32, Sigmoid: sigmoidV32}
)

// The AVX2 kernels, for machines without AVX-512: whole vectors of eight,
// the last few elements in Go with the same operations.
var (
	binaryVV32AVX2 = [...]func(dst, x, y *float32, n int){Add: addVV32AVX2, Sub: subVV32AVX2, Mul: mulVV32AVX2, Div: divVV32AVX2, Maximum: maxVV32AVX2, Minimum: minVV32AVX2}
	binaryVS32AVX2 = [...]func(dst, x *float32, y float32, n int){Add: addVS32AVX2, Sub: subVS32AVX2, Mul: mulVS32AVX2, Div: divVS32AVX2, Maximum: maxVS32AVX2, Minimum: minVS32AVX2}
	unaryV32AVX2   = [...]func(dst, x *float32, n int){ReLU: reluV32AVX2, Exp: expV32AVX2, Log: logV32AVX2, Tanh: tanhV32AVX2, Sigmoid: sigmoidV32AVX2}
)

// binarySIMD32 computes a run of binaryRun on float32 in assembly, when
// the machine and the op allow, and reports whether it did.
func binarySIMD32(op BinaryOp, dst, x, y []float32, xs, ys int) bool {
	if len(dst) == 0 || int(op) >= len(binaryVV32) || binaryVV32[op] == nil {
		return false
	}
	if !hasAVX512 {
		return hasAVX2 && binaryAVX2(op, dst, x, y, xs, ys)
	}
	switch {
	case xs == 1 && ys == 1:
		x, y = x[:len(dst)], y[:len(dst)]
		binaryVV32[op](&dst[0], &x[0], &y[0], len(dst))
	case xs == 1 && ys == 0:
		x = x[:len(dst)]
		binaryVS32[op](&dst[0], &x[0], y[0], len(dst))
	default:
		return false
	}
	return true
}

// binaryAVX2 is binarySIMD32 on AVX2: the whole vectors in assembly, the
// rest in Go.
func binaryAVX2(op BinaryOp, dst, x, y []float32, xs, ys int) bool {
	n := len(dst) &^ 7
	f := binaryFunc[float32](op)
	switch {
	case xs == 1 && ys == 1:
		x, y = x[:len(dst)], y[:len(dst)]
		if n > 0 {
			binaryVV32AVX2[op](&dst[0], &x[0], &y[0], n)
		}
		for i := n; i < len(dst); i++ {
			dst[i] = f(x[i], y[i])
		}
	case xs == 1 && ys == 0:
		x = x[:len(dst)]
		if n > 0 {
			binaryVS32AVX2[op](&dst[0], &x[0], y[0], n)
		}
		for i := n; i < len(dst); i++ {
			dst[i] = f(x[i], y[0])
		}
	default:
		return false
	}
	return true
}

// unarySIMD32 computes unaryRun on float32 in assembly, when the machine
// and the op allow, and reports whether it did. On AVX2 the last few
// elements are computed in Go, with the same operations.
func unarySIMD32(op UnaryOp, dst, x []float32) bool {
	if len(dst) == 0 || int(op) >= len(unaryV32) || unaryV32[op] == nil {
		return false
	}
	x = x[:len(dst)]
	if hasAVX512 {
		unaryV32[op](&dst[0], &x[0], len(dst))
		return true
	}
	if !hasAVX2 {
		return false
	}
	n := len(dst) &^ 7
	if n > 0 {
		unaryV32AVX2[op](&dst[0], &x[0], n)
	}
	if op == ReLU {
		reluFloat(dst[n:], x[n:])
	} else {
		unaryApprox32(op, dst[n:], x[n:])
	}
	return true
}

// fmaSIMD32 computes a run of fmaRun on float32 in assembly, x and z
// contiguous and y contiguous (ys 1) or one element (ys 0), when the
// machine allows, and reports whether it did. On AVX2 the last few
// elements are computed in Go, with the same rounding.
func fmaSIMD32(dst, x, y, z []float32, ys int) bool {
	if len(dst) == 0 || !hasAVX512 && !hasAVX2 {
		return false
	}
	x, z = x[:len(dst)], z[:len(dst)]
	if ys == 1 {
		y = y[:len(dst)]
	}
	n := len(dst)
	if !hasAVX512 {
		n &^= 7
	}
	if n > 0 {
		switch {
		case hasAVX512 && ys == 1:
			fmaVVV32(&dst[0], &x[0], &y[0], &z[0], n)
		case hasAVX512:
			fmaVSV32(&dst[0], &x[0], y[0], &z[0], n)
		case ys == 1:
			fmaVVV32AVX2(&dst[0], &x[0], &y[0], &z[0], n)
		default:
			fmaVSV32AVX2(&dst[0], &x[0], y[0], &z[0], n)
		}
	}
	for i := n; i < len(dst); i++ {
		dst[i] = fma32(x[i], y[i*ys], z[i])
	}
	return true
}

// descendSIMD32 computes Descend on float32 in assembly, when the machine
// allows, and reports whether it did: alpha·y a piece at a time into a
// block that stays in L1, then x minus it, the two roundings of the Go
// loop.
func descendSIMD32(dst, x, y []float32, alpha float32) bool {
	if !hasAVX512 || len(dst) == 0 {
		return false
	}
	var step [1024]float32
	x, y = x[:len(dst)], y[:len(dst)]
	for lo := 0; lo < len(dst); lo += len(step) {
		n := min(len(step), len(dst)-lo)
		mulVS32(&step[0], &y[lo], alpha, n)
		subVV32(&dst[lo], &x[lo], &step[0], n)
	}
	return true
}

// copyRowsSIMD32 is copyRows on float32 in assembly, when the machine
// allows; the caller has sliced dst and src to what the rows span.
func copyRowsSIMD32(dst, src []float32, rows, width, stride int) bool {
	if !hasAVX512 {
		return false
	}
	copyRows32(&dst[0], &src[0], rows, width, stride)
	return true
}

// addRowsSIMD32 is addRows on float32 in assembly, when the machine
// allows; the caller has sliced dst and src to what the rows span.
func addRowsSIMD32(dst, src []float32, rows, width, stride int) bool {
	if !hasAVX512 {
		return false
	}
	addRows32(&dst[0], &src[0], rows, width, stride)
	return true
}

// narrow reports whether a convolution is one the narrow im2col and
// col2im kernels take: unit strides and dilations, no padding, and rows
// (rowLen floats: the output's for im2col, the input's for col2im) of at
// most most floats.
func (p Conv2DParams) narrow(rowLen, most int) bool {
	return hasAVX512 && p.StrideH == 1 && p.StrideW == 1 && p.DilationH == 1 && p.DilationW == 1 && p.PadTop == 0 &&
		p.PadLeft == 0 && rowLen <= most && p.OH+p.KH-1 == p.H && p.OW+p.KW-1 == p.W && p.OH*p.OW > 0
}

// im2colNarrowSIMD32 is im2col on float32 in assembly, one channel at a
// time, for what im2colNarrow32 takes: output rows of at most 32 floats
// (LeNet5's convolutions).
func im2colNarrowSIMD32(p Conv2DParams, x, cols []float32) bool {
	if !p.narrow(p.OW, 32) {
		return false
	}
	plane, taps := p.H*p.W, p.KH*p.KW*p.OH*p.OW
	cg := len(x) / plane
	_, _ = cols[cg*taps-1], x[cg*plane-1]
	for c := range cg {
		im2colNarrow32(&cols[c*taps], &x[c*plane], p.W, p.OH, p.OW, p.KH, p.KW)
	}
	return true
}

// col2imNarrowSIMD32 is col2im on float32 in assembly, one channel at a
// time, for what col2imNarrow32 takes: input rows of at most 16 floats
// (LeNet5's second convolution). It adds in col2im's order, so the sums
// are the same.
func col2imNarrowSIMD32(p Conv2DParams, cols, x []float32) bool {
	if !p.narrow(p.W, 16) {
		return false
	}
	cg, plane, taps := p.C/p.Groups, p.H*p.W, p.KH*p.KW*p.OH*p.OW
	_, _ = cols[cg*taps-1], x[cg*plane-1]
	for c := range cg {
		col2imNarrow32(&x[c*plane], &cols[c*taps], p.H, p.W, p.OH, p.OW, p.KH, p.KW)
	}
	return true
}

// maxPoolGradHalvingSIMD32 is MaxPool2DGrad on float32 in assembly for a
// halving pooling (LeNet5's), a plane at a time: dx gets each
// window's dy at its first maximum, as poolArgmax chooses it, and +0
// elsewhere, as the Go code's add onto a cleared plane gives. An input
// whose odd last row or column no window covers has it cleared here.
func maxPoolGradHalvingSIMD32(p Pool2DParams, x, dy, dx []float32) bool {
	if !hasAVX512 || !p.halving() || p.OH*p.OW == 0 {
		return false
	}
	plane, out := p.H*p.W, p.OH*p.OW
	_, _, _ = x[len(dx)-1], dx[len(dx)-1], dy[len(dx)/plane*out-1]
	For(len(dx)/plane, out*4, func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			d := dx[pl*plane : (pl+1)*plane]
			if 2*p.OH != p.H || 2*p.OW != p.W {
				clear(d)
			}
			maxPoolGradHalving32(&x[pl*plane], &dy[pl*out], &d[0], p.OH, p.OW, p.W)
		}
	})
	return true
}

// maxPoolHalvingSIMD32 is MaxPool2D on float32 in assembly for a halving
// pooling, one plane at a time, with maxPoolHalving's bits.
func maxPoolHalvingSIMD32(p Pool2DParams, x, y []float32) bool {
	if !hasAVX512 || !p.halving() || p.OH*p.OW == 0 {
		return false
	}
	plane, out := p.H*p.W, p.OH*p.OW
	_, _ = x[len(y)/out*plane-1], y[len(y)-1]
	For(len(y)/out, out*4, func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			maxPoolHalving32(&x[pl*plane], &y[pl*out], p.OH, p.OW, p.W)
		}
	})
	return true
}

// reluGradSIMD32 is reluGradRun on float32 in assembly: dout where y > 0,
// +0 elsewhere.
func reluGradSIMD32(dst, dout, y []float32) bool {
	if len(dst) == 0 {
		return false
	}
	y, dout = y[:len(dst)], dout[:len(dst)]
	if hasAVX512 {
		reluGradVV32(&dst[0], &y[0], &dout[0], len(dst))
		return true
	}
	if !hasAVX2 {
		return false
	}
	n := len(dst) &^ 7
	if n > 0 {
		reluGradVV32AVX2(&dst[0], &y[0], &dout[0], n)
	}
	reluGradGo(dst[n:], dout[n:], y[n:])
	return true
}

// pairwiseLeafSIMD32 is pairwiseSum of 8 to pairwiseBlock float32s in
// assembly, the same additions in the same order.
func pairwiseLeafSIMD32(x []float32) (float32, bool) {
	if !hasAVX512 && !hasAVX2 || len(x) < 8 || len(x) > pairwiseBlock {
		return 0, false
	}
	return pairwiseLeaf32(&x[0], len(x)), true
}

// extremumSIMD32 folds a float32 run into acc for ReduceMax or ReduceMin
// in assembly: the run's extremum, which is every element equal to it
// unless it is a zero, combined with acc as fold combines each element.
// A run holding a NaN, or whose extremum is a zero, is left to the Go
// loop, which finds which NaN or which zero comes first.
func extremumSIMD32(op ReduceOp, acc float32, run []float32) (float32, bool) {
	if len(run) == 0 {
		return 0, false
	}
	var m float32
	var exact bool
	switch {
	case hasAVX512 && op == ReduceMax:
		m, exact = maxRun32(&run[0], len(run))
	case hasAVX512:
		m, exact = minRun32(&run[0], len(run))
	case hasAVX2 && len(run) >= 8:
		// Whole vectors in assembly, the last few folded here.
		n := len(run) &^ 7
		var nan bool
		if op == ReduceMax {
			m, nan = maxRun32AVX2(&run[0], n)
		} else {
			m, nan = minRun32AVX2(&run[0], n)
		}
		for _, v := range run[n:] {
			nan = nan || v != v
			if op == ReduceMax && v > m || op == ReduceMin && v < m {
				m = v
			}
		}
		exact = !nan && m != 0
	default:
		return 0, false
	}
	if op == ReduceMax {
		return maxNaN(acc, m), exact
	}
	return minNaN(acc, m), exact
}
