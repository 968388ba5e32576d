package ops

import (
	"errors"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// newTestCtx's device poisons uninitialized outputs, so that a kernel
// that leaves part of one unwritten fails its cases.
func newTestCtx() *Ctx {
	dev := cpu.New(0)
	dev.Poison = true
	return &Ctx{Dev: dev}
}

func TestEagerBroadcastAdd(t *testing.T) {
	ctx := newTestCtx()
	x, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, tensor.Shape{2, 3}, []float64{1, 2, 3, 4, 5, 6})
	y, _ := tensor.FromInt64s(ctx.Dev, tensor.Int32, tensor.Shape{3}, []int64{10, 20, 30})
	out, err := (&Eager{Ctx: ctx}).Apply(Add, nil, x, y)
	if err != nil {
		t.Fatal(err)
	}
	z := out[0].(*tensor.Tensor)
	if z.DType() != tensor.Float32 || !z.Shape().Equal(tensor.Shape{2, 3}) {
		t.Fatalf("meta = %v", z.Meta())
	}
	want := []float32{11, 22, 33, 14, 25, 36}
	for i, w := range want {
		if got := tensor.Elems[float32](z)[i]; got != w {
			t.Fatalf("z[%d] = %v, want %v", i, got, w)
		}
	}
}

func TestEagerBroadcastError(t *testing.T) {
	ctx := newTestCtx()
	x, _ := tensor.New(ctx.Dev, tensor.Float32, tensor.Shape{3})
	y, _ := tensor.New(ctx.Dev, tensor.Float32, tensor.Shape{4})
	_, err := (&Eager{Ctx: ctx}).Apply(Mul, nil, x, y)
	var e *Error
	if !errors.As(err, &e) || e.Kind != ValueError {
		t.Fatalf("err = %v", err)
	}
	if want := "For 'Mul', x.shape (3,) and y.shape (4,) cannot broadcast."; e.Msg != want {
		t.Fatalf("msg = %q, want %q", e.Msg, want)
	}
}
