package cpu

// The activations' backward kernels take the forward output y rather than
// its input: each derivative is a cheap function of y, so that a training
// step's backward is one pass over memory and the tape need not keep x.
// Each loop is written out: a function value per element would cost a call.

// ReluGrad computes dst = dout where y > 0, else 0.
func ReluGrad[T Float](dst, dout, y []T) {
	For(len(dst), 1, func(lo, hi int) { reluGradRun(dst[lo:hi], dout[lo:hi], y[lo:hi]) })
}

// SigmoidGrad computes dst = dout·y·(1−y), sigmoid's derivative at the
// input whose sigmoid is y.
func SigmoidGrad[T Float](dst, y, dout []T) {
	For(len(dst), 1, func(lo, hi int) {
		ys := y[lo:hi]
		z, d := dst[lo:lo+len(ys)], dout[lo:lo+len(ys)]
		for i, v := range ys {
			z[i] = d[i] * v * (1 - v)
		}
	})
}

// TanhGrad computes dst = dout·(1−y²), tanh's derivative at the input
// whose tanh is y.
func TanhGrad[T Float](dst, y, dout []T) {
	For(len(dst), 1, func(lo, hi int) {
		ys := y[lo:hi]
		z, d := dst[lo:lo+len(ys)], dout[lo:lo+len(ys)]
		for i, v := range ys {
			z[i] = d[i] * (1 - v*v)
		}
	})
}
