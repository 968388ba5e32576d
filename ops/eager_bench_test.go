package ops

import (
	"testing"

	"msrepl/tensor"
)

// BenchmarkEagerChain is the anchor's eager-overhead chain: 25 times (mul
// 1.0001, add 0.0001, relu, tanh) on a [4] float32 tensor, reported per op.
// torch eager takes 2.35 µs/op and numpy 1.06 on this machine
// (../shared/anchors/README.md).
func BenchmarkEagerChain(b *testing.B) {
	ctx := newTestCtx()
	e := &Eager{Ctx: ctx}
	x, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, tensor.Shape{4}, []float64{0.1, 0.2, 0.3, 0.4})
	mul, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, nil, []float64{1.0001})
	add, _ := tensor.FromFloat64s(ctx.Dev, tensor.Float32, nil, []float64{0.0001})
	apply := func(p *Primitive, args ...Value) Value {
		out, err := e.Apply(p, nil, args...)
		if err != nil {
			b.Fatal(err)
		}
		return out[0]
	}
	b.ReportAllocs()
	for b.Loop() {
		var v Value = x
		for range 25 {
			v = apply(Mul, v, mul)
			v = apply(Add, v, add)
			v = apply(ReLU, v)
			v = apply(Tanh, v)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100/1000, "µs/op")
}
