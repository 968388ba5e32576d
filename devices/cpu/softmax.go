package cpu

import "math"

// Softmax writes into dst the softmax of each line of x along the middle
// axis of (outer, n, inner), or its log when log is set. Each line's
// maximum is subtracted before exponentiating, so no finite input
// overflows, and the exponentials are summed in float64: a float32 result
// is within an ulp or two of the correctly rounded one. A line holding NaN
// gives NaN, as does one whose maximum is infinite.
func Softmax[T Float](dst, x []T, outer, n, inner int, log bool) {
	if n == 0 {
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
