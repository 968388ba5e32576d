package ops

import (
	"math"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// The random primitives draw from the context's random stream, ctx.Rand, so
// a Ctx with a seeded stream makes them deterministic. StandardNormal and
// UniformReal take no inputs: attribute "shape" ([]int or tensor.Shape) is
// the output's shape and "dtype" (tensor.DType, Float32 when absent, a float)
// its dtype.

// randomMeta infers a generator's output from its attributes.
func randomMeta(op string, a Attrs, in []tensor.Meta) (tensor.Meta, error) {
	if err := arity(op, in, 0); err != nil {
		return tensor.Meta{}, err
	}
	dims, ok := intsAttr(a, "shape")
	if !ok {
		got := a["shape"]
		if got == nil {
			got = "None"
		}
		return tensor.Meta{}, Errorf(TypeError, op, "the 'shape' must be a tuple of ints, but got %v.", got)
	}
	shape := tensor.Shape(dims)
	for _, d := range shape {
		if knownNegative(d) {
			return tensor.Meta{}, Errorf(ValueError, op, "the 'shape' must not hold negative dimensions, but got %v.", shape)
		}
	}
	dt := dtypeAttr(a, "dtype", tensor.Float32)
	if !dt.IsFloat() {
		return tensor.Meta{}, Errorf(TypeError, op, "the 'dtype' must be Float16, Float32 or Float64, but got %v.", dt)
	}
	return tensor.Meta{DType: dt, Shape: shape.Clone()}, nil
}

// randomFloat returns attribute name as a float64, given as a float64 or an
// int, or def when it is absent.
func randomFloat(a Attrs, name string, def float64) float64 {
	switch v := a[name].(type) {
	case float64:
		return v
	case int:
		return float64(v)
	}
	return def
}

// randomAlloc allocates a generator's output, which needs the context's
// random stream.
func randomAlloc(op string, ctx *Ctx, out []tensor.Meta) (*tensor.Tensor, error) {
	if ctx.Rand == nil {
		return nil, Errorf(RuntimeError, op, "the context has no random stream.")
	}
	return allocOne(ctx, out)
}

// StandardNormal draws from the normal distribution of attributes "mean"
// (default 0) and "stddev" (default 1, not negative).
var StandardNormal = define(&Primitive{
	Name:     "StandardNormal",
	Stateful: true,
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		m, err := randomMeta("StandardNormal", a, in)
		if err != nil {
			return nil, err
		}
		if s := randomFloat(a, "stddev", 1); !(s >= 0) {
			return nil, Errorf(ValueError, "StandardNormal", "the 'stddev' must be non-negative, but got %v.", s)
		}
		return []tensor.Meta{m}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, _ []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := randomAlloc("StandardNormal", ctx, out)
		if err != nil {
			return nil, err
		}
		mean, stddev := randomFloat(a, "mean", 0), randomFloat(a, "stddev", 1)
		switch d := z.Data().(type) {
		case []float32:
			cpu.Normal(d, ctx.Rand, mean, stddev)
		case []float64:
			cpu.Normal(d, ctx.Rand, mean, stddev)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// UniformReal draws from the uniform distribution on [minval, maxval),
// attributes "minval" (default 0) and "maxval" (default 1).
var UniformReal = define(&Primitive{
	Name:     "UniformReal",
	Stateful: true,
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		m, err := randomMeta("UniformReal", a, in)
		if err != nil {
			return nil, err
		}
		lo, hi := randomFloat(a, "minval", 0), randomFloat(a, "maxval", 1)
		if !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			return nil, Errorf(ValueError, "UniformReal",
				"the 'minval' must be less than the 'maxval', both finite, but got %v and %v.", lo, hi)
		}
		return []tensor.Meta{m}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, _ []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := randomAlloc("UniformReal", ctx, out)
		if err != nil {
			return nil, err
		}
		lo, hi := randomFloat(a, "minval", 0), randomFloat(a, "maxval", 1)
		top := below(out[0].DType, hi)
		switch d := z.Data().(type) {
		case []float32:
			cpu.Uniform(d, ctx.Rand, lo, hi, top)
		case []float64:
			cpu.Uniform(d, ctx.Rand, lo, hi, top)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// below is the greatest value of float dtype dt less than x.
func below(dt tensor.DType, x float64) float64 {
	switch dt {
	case tensor.Float16:
		r := tensor.RoundFloat16(x)
		if float64(r) < x {
			return float64(r)
		}
		b := tensor.Float16Bits(float64(r))
		switch {
		case r > 0:
			b--
		case r == 0:
			b = 0x8001 // the negative subnormal nearest 0
		default:
			b++
		}
		return float64(tensor.Float16FromBits(b))
	case tensor.Float32:
		r := float32(x)
		if float64(r) < x {
			return float64(r)
		}
		return float64(math.Nextafter32(r, float32(math.Inf(-1))))
	}
	return math.Nextafter(x, math.Inf(-1))
}

// Dropout zeroes each element of x with probability 1 - keep_prob
// (attribute "keep_prob", in (0, 1], default 0.5) and scales the others by
// 1/keep_prob. Its outputs are y and the mask, which has x's dtype and
// shape as MindSpore's mask has on CPU and GPU, holding 1 where x was kept
// and 0 elsewhere. x must be a float.
var Dropout = define(&Primitive{
	Name:     "Dropout",
	Stateful: true,
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Dropout", in, 1); err != nil {
			return nil, err
		}
		x := in[0]
		if !x.DType.IsFloat() {
			return nil, Errorf(TypeError, "Dropout",
				"the type of 'x' must be Tensor[Float16], Tensor[Float32] or Tensor[Float64], but got Tensor[%v].", x.DType)
		}
		if p := randomFloat(a, "keep_prob", 0.5); !(p > 0 && p <= 1) {
			return nil, Errorf(ValueError, "Dropout", "the 'keep_prob' must be in range (0, 1], but got %v.", p)
		}
		return []tensor.Meta{x, x}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		y, err := randomAlloc("Dropout", ctx, out)
		if err != nil {
			return nil, err
		}
		mask, err := ctx.Alloc(out[1])
		if err != nil {
			return nil, err
		}
		keep := randomFloat(a, "keep_prob", 0.5)
		switch d := y.Data().(type) {
		case []float32:
			cpu.Dropout(d, tensor.Elems[float32](mask), tensor.Elems[float32](in[0]), ctx.Rand, keep)
		case []float64:
			cpu.Dropout(d, tensor.Elems[float64](mask), tensor.Elems[float64](in[0]), ctx.Rand, keep)
		}
		return []*tensor.Tensor{y, mask}, nil
	},
})
