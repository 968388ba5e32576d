package cpu

import "math"

// ReLU and its gradient on floats select without a branch: on the mixed
// signs of a layer's activations a branch per element mispredicts about
// half the time, and that cost more than the rest of the loop. Each select
// is on the value's bits, which the compiler turns into a conditional move.

// reluFloat computes dst = max(x, 0) (0 for NaN, as the integer loop
// gives) when T is a float type, and reports whether it was.
func reluFloat[T Number](dst, x []T) bool {
	switch d := any(dst).(type) {
	case []float32:
		xs := any(x).([]float32)[:len(d)]
		for i, v := range xs {
			b := math.Float32bits(v)
			if !(v > 0) {
				b = 0
			}
			d[i] = math.Float32frombits(b)
		}
	case []float64:
		xs := any(x).([]float64)[:len(d)]
		for i, v := range xs {
			b := math.Float64bits(v)
			if !(v > 0) {
				b = 0
			}
			d[i] = math.Float64frombits(b)
		}
	default:
		return false
	}
	return true
}

// reluGradRun computes dst = dout where y > 0, else 0.
func reluGradRun[T Float](dst, dout, y []T) {
	switch z := any(dst).(type) {
	case []float32:
		ys, d := any(y).([]float32)[:len(z)], any(dout).([]float32)[:len(z)]
		if !reluGradSIMD32(z, d, ys) {
			reluGradGo(z, d, ys)
		}
	case []float64:
		ys, d := any(y).([]float64)[:len(z)], any(dout).([]float64)[:len(z)]
		for i, v := range ys {
			b := math.Float64bits(d[i])
			if !(v > 0) {
				b = 0
			}
			z[i] = math.Float64frombits(b)
		}
	}
}

// reluGradGo is reluGradRun's float32 loop: dout's bits where y > 0, +0
// elsewhere (NaN included).
func reluGradGo(dst, dout, y []float32) {
	d := dout[:len(dst)]
	for i, v := range y[:len(dst)] {
		b := math.Float32bits(d[i])
		if !(v > 0) {
			b = 0
		}
		dst[i] = math.Float32frombits(b)
	}
}
