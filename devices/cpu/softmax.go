package cpu

import "math"

// Softmax writes into dst the softmax of each line of x along the middle
// axis of (outer, n, inner), or its log when log is set. Each line's
// maximum is subtracted before exponentiating, so no finite input
// overflows, and the exponentials are summed in float64. Float32 lines
// exponentiate in float32 (softmaxLine32); a float32 result is within 2
// ulp of the correctly rounded one (TestSoftmaxAccuracy). A line holding
// NaN gives NaN, as does one whose maximum is infinite.
func Softmax[T Float](dst, x []T, outer, n, inner int, log bool) {
	if n == 0 {
		return
	}
	if d, ok := any(dst).([]float32); ok {
		x := any(x).([]float32)
		For(outer*inner, 16*n, func(lo, hi int) { softmaxLines32(d, x, lo, hi, n, inner, log) })
		return
	}
	For(outer*inner, 16*n, func(lo, hi int) {
		for line := lo; line < hi; line++ {
			o, c := line/inner, line%inner
			start := o*n*inner + c
			end := start + (n-1)*inner + 1
			softmaxLine(dst[start:end], x[start:end], inner, log)
		}
	})
}

// softmaxLine computes one line, whose elements lie stride apart.
func softmaxLine[T Float](dst, x []T, stride int, log bool) {
	m := x[0]
	for i := stride; i < len(x); i += stride {
		m = maxNaN(m, x[i])
	}
	mf := float64(m)
	var sum float64
	for i := 0; i < len(x); i += stride {
		e := math.Exp(float64(x[i]) - mf)
		sum += e
		if !log {
			dst[i] = T(e)
		}
	}
	if log {
		ls := math.Log(sum)
		for i := 0; i < len(x); i += stride {
			dst[i] = T(float64(x[i]) - mf - ls)
		}
		return
	}
	for i := 0; i < len(x); i += stride {
		dst[i] = T(float64(dst[i]) / sum)
	}
}

// softmaxLines32 computes lines lo to hi of a float32 Softmax, a strided
// line through a contiguous copy, so that every layout gives the same
// bits.
func softmaxLines32(dst, x []float32, lo, hi, n, inner int, log bool) {
	var small [768]float32
	scratch := small[:]
	if 3*n > len(small) {
		scratch = make([]float32, 3*n)
	}
	e, xs, out := scratch[:n], scratch[n:2*n], scratch[2*n:3*n]
	for line := lo; line < hi; line++ {
		o, c := line/inner, line%inner
		start := o*n*inner + c
		if inner == 1 {
			softmaxLine32(dst[start:start+n], x[start:start+n], e, log)
			continue
		}
		for j := range xs {
			xs[j] = x[start+j*inner]
		}
		softmaxLine32(out, xs, e, log)
		for j, v := range out {
			dst[start+j*inner] = v
		}
	}
}

// softmaxLine32 computes one contiguous float32 line, using e (as long as
// the line) for the exponentials: exp32, in assembly where the machine
// has it, of x − max rounded to float32, each corrected for that rounding
// (exp1), summed in float64. Each term is within an ulp of e^(x−max), where
// the float64 route cost 10 ns an element.
func softmaxLine32(dst, x, e []float32, log bool) {
	m := x[0]
	for _, v := range x[1:] {
		m = maxNaN(m, v)
	}
	for i, v := range x {
		e[i] = v - m
	}
	unaryRun(Exp, e, e)
	mf := float64(m)
	var sum float64
	for i, v := range x {
		sum += exp1(e[i], v, m, mf)
	}
	if log {
		ls := math.Log(sum)
		for i, v := range x {
			dst[i] = float32(float64(v) - mf - ls)
		}
		return
	}
	for i, v := range x {
		dst[i] = float32(exp1(e[i], v, m, mf) / sum)
	}
}

// exp1 is e^(v−m) from e = exp32(v−m rounded to float32): the rounding
// moved the argument by δ = (v−m) − float32(v−m), which float64 computes
// exactly, and e^(v−m) = e·e^δ ≈ e·(1+δ) to far below float32's precision
// (|δ| ≤ 2^−24·|v−m|, which unrounded is 5·10⁻⁶ relatively at v−m = −88).
func exp1(e, v, m float32, mf float64) float64 {
	if e == 0 {
		return 0
	}
	return float64(e) * (1 + (float64(v) - mf - float64(v-m)))
}
