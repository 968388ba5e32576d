package cpu

import "math/rand/v2"

// The random kernels draw from r one element after another on the calling
// goroutine: r is not safe for concurrent use, and a stream split across
// goroutines would make the values depend on the number of cores. A seeded
// r thus gives the same tensor every time.

// Normal fills dst with draws from the normal distribution of the given
// mean and standard deviation.
func Normal[T Float](dst []T, r *rand.Rand, mean, stddev float64) {
	for i := range dst {
		dst[i] = T(mean + stddev*r.NormFloat64())
	}
}

// Uniform fills dst with draws from the uniform distribution on [lo, hi).
// top is the greatest value of the output's dtype below hi: a draw that
// rounding would carry up to hi is clamped to it, so hi never appears.
func Uniform[T Float](dst []T, r *rand.Rand, lo, hi, top float64) {
	for i := range dst {
		dst[i] = T(min(lo+(hi-lo)*r.Float64(), top))
	}
}

// Dropout keeps each element of x with probability keep: mask gets 1 where
// it keeps the element and 0 elsewhere, and dst gets x·mask/keep, so that
// the expected value of dst is x.
func Dropout[T Float](dst, mask, x []T, r *rand.Rand, keep float64) {
	scale := T(1 / keep)
	for i, v := range x {
		var m T
		if r.Float64() < keep {
			m = 1
		}
		mask[i] = m
		dst[i] = v * m * scale
	}
}
