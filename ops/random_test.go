package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

func seededCtx(seed uint64) *Ctx {
	return &Ctx{Dev: cpu.New(0), Rand: rand.New(rand.NewPCG(seed, seed))}
}

func applyOne(t *testing.T, ctx *Ctx, p *Primitive, a Attrs, args ...Value) []*tensor.Tensor {
	t.Helper()
	out, err := (&Eager{Ctx: ctx}).Apply(p, a, args...)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	ts := make([]*tensor.Tensor, len(out))
	for i, v := range out {
		ts[i] = v.(*tensor.Tensor)
	}
	return ts
}

func floats(t *tensor.Tensor) []float64 {
	v := make([]float64, t.Size())
	for i := range v {
		v[i] = t.Float(i)
	}
	return v
}

// The draws of 10^5 elements are checked within five standard errors.
func TestStandardNormalPrimitive(t *testing.T) {
	for _, dt := range []tensor.DType{tensor.Float16, tensor.Float32, tensor.Float64} {
		z := applyOne(t, seededCtx(1), StandardNormal,
			Attrs{"shape": []int{100, 1000}, "dtype": dt, "mean": 2.0, "stddev": 3})[0]
		if z.DType() != dt || !z.Shape().Equal(tensor.Shape{100, 1000}) {
			t.Fatalf("%v: meta %v", dt, z.Meta())
		}
		v := floats(z)
		mean, sq := 0.0, 0.0
		for _, x := range v {
			mean += x
			sq += x * x
		}
		mean /= float64(len(v))
		std := math.Sqrt(sq/float64(len(v)) - mean*mean)
		if math.Abs(mean-2) > 5*3/math.Sqrt(1e5) || math.Abs(std-3) > 0.05 {
			t.Errorf("%v: mean %v, stddev %v; want 2, 3", dt, mean, std)
		}
		if dt == tensor.Float16 {
			for _, x := range v {
				if float64(tensor.RoundFloat16(x)) != x {
					t.Fatalf("float16 draw %v is not a float16", x)
				}
			}
		}
	}
}

func TestUniformRealPrimitive(t *testing.T) {
	for _, c := range []struct {
		dt     tensor.DType
		lo, hi float64
	}{
		{tensor.Float32, 0, 1},
		{tensor.Float64, -2, 3},
		// Most of [0.999, 1) rounds to 1 in float16; none may reach it.
		{tensor.Float16, 0.999, 1},
		{tensor.Float16, -1, -0.5},
	} {
		z := applyOne(t, seededCtx(2), UniformReal,
			Attrs{"shape": tensor.Shape{100000}, "dtype": c.dt, "minval": c.lo, "maxval": c.hi})[0]
		v := floats(z)
		if lo, hi := slices.Min(v), slices.Max(v); lo < c.lo || hi >= c.hi {
			t.Errorf("%v U[%v, %v): draws span [%v, %v]", c.dt, c.lo, c.hi, lo, hi)
		}
	}
	z := applyOne(t, seededCtx(3), UniformReal, Attrs{"shape": []int{100000}})[0]
	mean := 0.0
	for _, x := range floats(z) {
		mean += x
	}
	if mean /= 1e5; z.DType() != tensor.Float32 || math.Abs(mean-0.5) > 5/math.Sqrt(12e5) {
		t.Errorf("default U[0, 1): dtype %v, mean %v", z.DType(), mean)
	}
}

func TestRandomPrimitivesDeterministic(t *testing.T) {
	x, _ := tensor.FromFloat64s(cpu.New(0), tensor.Float32, tensor.Shape{1000}, slices.Repeat([]float64{1}, 1000))
	draw := func(seed uint64) []float64 {
		ctx := seededCtx(seed)
		var all []float64
		all = append(all, floats(applyOne(t, ctx, StandardNormal, Attrs{"shape": []int{50}})[0])...)
		all = append(all, floats(applyOne(t, ctx, UniformReal, Attrs{"shape": []int{50}})[0])...)
		return append(all, floats(applyOne(t, ctx, Dropout, Attrs{"keep_prob": 0.5}, x)[1])...)
	}
	if !slices.Equal(draw(4), draw(4)) {
		t.Error("the same seed gave different tensors")
	}
	if slices.Equal(draw(4), draw(5)) {
		t.Error("different seeds gave the same tensors")
	}
}

func TestDropoutPrimitive(t *testing.T) {
	ctx := seededCtx(6)
	x, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float16, tensor.Shape{2, 5000}, slices.Repeat([]float64{1.5}, 10000))
	out := applyOne(t, ctx, Dropout, Attrs{"keep_prob": 0.8}, x)
	y, mask := out[0], out[1]
	if y.Meta().DType != tensor.Float16 || mask.DType() != tensor.Float16 || !mask.Shape().Equal(x.Shape()) {
		t.Fatalf("metas %v, %v", y.Meta(), mask.Meta())
	}
	kept := 0
	for i := range y.Size() {
		switch m, v := mask.Float(i), y.Float(i); {
		case m == 1 && v == float64(tensor.RoundFloat16(1.5/0.8)):
			kept++
		case m == 0 && v == 0:
		default:
			t.Fatalf("element %d: mask %v, y %v", i, m, v)
		}
	}
	if se := math.Sqrt(1e4 * 0.8 * 0.2); math.Abs(float64(kept)-8000) > 5*se {
		t.Errorf("kept %d of 10000 at keep_prob 0.8", kept)
	}
}

func TestRandomPrimitiveErrors(t *testing.T) {
	x, _ := tensor.New(cpu.New(0), tensor.Int32, tensor.Shape{3})
	f, _ := tensor.New(cpu.New(0), tensor.Float32, tensor.Shape{3})
	for _, c := range []struct {
		p    *Primitive
		a    Attrs
		args []Value
		ctx  *Ctx
		kind ErrorKind
		msg  string
	}{
		{StandardNormal, Attrs{}, nil, seededCtx(0), TypeError,
			"For 'StandardNormal', the 'shape' must be a tuple of ints, but got None."},
		{StandardNormal, Attrs{"shape": []int{2, -1}}, nil, seededCtx(0), ValueError,
			"For 'StandardNormal', the 'shape' must not hold negative dimensions, but got (2, -1)."},
		{StandardNormal, Attrs{"shape": []int{2}, "dtype": tensor.Int32}, nil, seededCtx(0), TypeError,
			"For 'StandardNormal', the 'dtype' must be Float16, Float32 or Float64, but got Int32."},
		{StandardNormal, Attrs{"shape": []int{2}, "stddev": -1.0}, nil, seededCtx(0), ValueError,
			"For 'StandardNormal', the 'stddev' must be non-negative, but got -1."},
		{StandardNormal, Attrs{"shape": []int{2}}, []Value{f}, seededCtx(0), TypeError,
			"For 'StandardNormal', the number of inputs must be 0, but got 1."},
		{UniformReal, Attrs{"shape": []int{2}, "minval": 1.0, "maxval": 1.0}, nil, seededCtx(0), ValueError,
			"For 'UniformReal', the 'minval' must be less than the 'maxval', both finite, but got 1 and 1."},
		{UniformReal, Attrs{"shape": []int{2}}, nil, &Ctx{Dev: cpu.New(0)}, RuntimeError,
			"For 'UniformReal', the context has no random stream."},
		{Dropout, Attrs{"keep_prob": 0.0}, []Value{f}, seededCtx(0), ValueError,
			"For 'Dropout', the 'keep_prob' must be in range (0, 1], but got 0."},
		{Dropout, nil, []Value{x}, seededCtx(0), TypeError,
			"For 'Dropout', the type of 'x' must be Tensor[Float16], Tensor[Float32] or Tensor[Float64], but got Tensor[Int32]."},
	} {
		_, err := (&Eager{Ctx: c.ctx}).Apply(c.p, c.a, c.args...)
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || e.Msg != c.msg {
			t.Errorf("%s %v: err = %v, want %v: %s", c.p.Name, c.a, err, c.kind, c.msg)
		}
	}
}
