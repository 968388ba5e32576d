package autodiff_test

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"

	"msrepl/autodiff"
	"msrepl/devices/cpu"
	"msrepl/ops"
	"msrepl/tensor"
)

func eagerBuilder() *ops.Eager {
	return &ops.Eager{Ctx: &ops.Ctx{Dev: cpu.New(0), Rand: rand.New(rand.NewPCG(1, 1))}}
}

func apply1(t *testing.T, b ops.Builder, p *ops.Primitive, args ...ops.Value) *tensor.Tensor {
	t.Helper()
	out, err := b.Apply(p, nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out[0].(*tensor.Tensor)
}

// collected reports whether w's tensor was freed, after a few collections.
func collected(w weak.Pointer[tensor.Tensor]) bool {
	for range 5 {
		runtime.GC()
		if w.Value() == nil {
			return true
		}
	}
	return false
}

// The tape keeps what gradient rules read and nothing else: an
// intermediate that only Add's rule sees (by its meta) is freed as soon as
// the program drops it, while Mul's operands live until the backward has
// used them, and no longer.
func TestTapeKeepsOnlyWhatRulesRead(t *testing.T) {
	eager := eagerBuilder()
	x, _ := tensor.FromFloat64s(eager.Ctx.Dev, tensor.Float64, tensor.Shape{3}, []float64{1, 2, 3})
	tape := autodiff.NewTape(eager)
	tape.Watch(x)
	one, _ := tensor.FromFloat64s(eager.Ctx.Dev, tensor.Float64, tensor.Shape{}, []float64{1})
	a := apply1(t, tape, ops.Add, x, one) // a = x + 1: Add's rule reads no values
	b := apply1(t, tape, ops.Add, a, one) // b = a + 1
	c := apply1(t, tape, ops.Mul, b, b)   // c = b²: Mul's rule reads b
	wa, wb := weak.Make(a), weak.Make(b)
	a, b = nil, nil
	if !collected(wa) {
		t.Errorf("an intermediate no rule reads outlived the program's last reference to it")
	}
	if collected(wb) {
		t.Fatalf("Mul's operand was freed before the backward")
	}
	seed, _ := tensor.FromFloat64s(eager.Ctx.Dev, tensor.Float64, tensor.Shape{3}, []float64{1, 1, 1})
	grads, err := tape.Gradient(eager, []ops.Value{c}, []ops.Value{seed}, []ops.Value{x})
	if err != nil {
		t.Fatal(err)
	}
	// dc/dx = 2(x + 2).
	for i, want := range []float64{6, 8, 10} {
		if got := grads[0].(*tensor.Tensor).Float(i); got != want {
			t.Errorf("dx[%d] = %v, want %v", i, got, want)
		}
	}
	if !collected(wb) {
		t.Errorf("Mul's operand outlived the backward")
	}
	runtime.KeepAlive(tape)
}

// A tape records nothing until an input needs a gradient.
func TestTapeRecordsOnlyWatchedWork(t *testing.T) {
	eager := eagerBuilder()
	tape := autodiff.NewTape(eager)
	x, _ := tensor.FromFloat64s(eager.Ctx.Dev, tensor.Float64, tensor.Shape{2}, []float64{1, 2})
	y := apply1(t, tape, ops.Exp, x)
	if tape.ID(y) != -1 {
		t.Errorf("an output of unwatched inputs has an id")
	}
	tape.Watch(x)
	z := apply1(t, tape, ops.Exp, x)
	if tape.ID(z) < 0 {
		t.Errorf("an output of a watched input has no id")
	}
	i := apply1(t, tape, ops.Argmax, z)
	if tape.ID(i) != -1 {
		t.Errorf("an integer output has an id")
	}
	s := apply1(t, tape, ops.StopGradient, z)
	if tape.ID(s) != -1 {
		t.Errorf("StopGradient's output has an id")
	}
}
