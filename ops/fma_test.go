package ops

import (
	"errors"
	"math"
	"testing"

	"msrepl/tensor"
)

// TestFusedMulAdd checks FusedMulAdd's single rounding on a product-sum
// that a multiply and an add round to 0, its promotion and broadcast, and
// its errors.
func TestFusedMulAdd(t *testing.T) {
	ctx := newTestCtx()
	e := &Eager{Ctx: ctx}
	a := 1 + math.Ldexp(1, -12)
	x, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, tensor.Shape{2}, []float64{a, 2})
	c, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, tensor.Shape{2}, []float64{-(1 + math.Ldexp(1, -11)), 1})
	out, err := e.Run(FusedMulAdd, nil, []*tensor.Tensor{x, x, c})
	if err != nil {
		t.Fatal(err)
	}
	// a² = 1 + 2^−11 + 2^−24 exactly; rounded apart the sum would be 0.
	if got := tensor.Elems[float32](out[0]); got[0] != float32(math.Ldexp(1, -24)) || got[1] != 5 {
		t.Fatalf("got %v, want [2^-24 5]", got)
	}
	y64, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float64, tensor.Shape{3, 1}, []float64{1, 2, 3})
	out, err = e.Run(FusedMulAdd, nil, []*tensor.Tensor{x, y64, c})
	if err != nil {
		t.Fatal(err)
	}
	if m := out[0].Meta(); m.DType != tensor.Float64 || !m.Shape.Equal(tensor.Shape{3, 2}) {
		t.Fatalf("meta %v, want Float64 (3, 2)", m)
	}
	if got := out[0].Float(5); got != 3*2+1 {
		t.Fatalf("[2][1] = %v, want 7", got)
	}
	i32, _ := tensor.FromInt64s(ctx.Dev, tensor.Int32, tensor.Shape{2}, []int64{1, 2})
	z3, _ := tensor.New(ctx.Dev, tensor.Float32, tensor.Shape{3})
	for _, c := range []struct {
		in   []*tensor.Tensor
		kind ErrorKind
		msg  string
	}{
		{[]*tensor.Tensor{x, i32, x}, TypeError, "For primitive[FusedMulAdd], the input y must be a float Tensor, but got Tensor[Int32]."},
		{[]*tensor.Tensor{x, x, z3}, ValueError, "For 'FusedMulAdd', x.shape (2,), y.shape (2,) and z.shape (3,) cannot broadcast."},
	} {
		_, err := e.Run(FusedMulAdd, nil, c.in)
		var oe *Error
		if !errors.As(err, &oe) || oe.Kind != c.kind || oe.Msg != c.msg {
			t.Errorf("err = %v, want %v %q", err, c.kind, c.msg)
		}
	}
}
