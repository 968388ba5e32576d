package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"msrepl/tensor"
)

// benchTensor is a float32 tensor of standard normal values.
func benchTensor(b *testing.B, ctx *Ctx, shape ...int) *tensor.Tensor {
	r := rand.New(rand.NewPCG(11, 12))
	vals := make([]float64, tensor.Shape(shape).Size())
	for i := range vals {
		vals[i] = r.NormFloat64()
	}
	t, err := tensor.FromFloat64s(ctx.Dev, tensor.Float32, shape, vals)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// benchApply applies p to args through the eager builder once per
// iteration and reports GFLOPS for flops floating-point operations each.
func benchApply(b *testing.B, p *Primitive, attrs Attrs, flops float64, args ...Value) {
	ctx := newTestCtx()
	eager := &Eager{Ctx: ctx}
	for b.Loop() {
		if _, err := eager.Apply(p, attrs, args...); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOPS")
}

// BenchmarkConv2DLeNet runs the two convolutions of LeNet-5 on a batch of
// 32, the shapes of the torch anchor's LeNet step (1.4 ms for a whole
// forward pass on one thread).
func BenchmarkConv2DLeNet(b *testing.B) {
	layers := []struct {
		name          string
		c, hw, outC   int
		kernel, outHW int
	}{
		{"conv1", 1, 32, 6, 5, 28},
		{"conv2", 6, 14, 16, 5, 10},
	}
	for _, l := range layers {
		b.Run(l.name, func(b *testing.B) {
			ctx := newTestCtx()
			x := benchTensor(b, ctx, 32, l.c, l.hw, l.hw)
			w := benchTensor(b, ctx, l.outC, l.c, l.kernel, l.kernel)
			flops := 2 * float64(32*l.outC*l.outHW*l.outHW*l.c*l.kernel*l.kernel)
			benchApply(b, Conv2D, Attrs{"out_channel": l.outC, "kernel_size": l.kernel}, flops, x, w)
		})
	}
}

// BenchmarkMatMul runs square float32 products through the primitive, to
// compare with devices/cpu's BenchmarkSgemm and see the primitive's cost.
func BenchmarkMatMul(b *testing.B) {
	for _, n := range []int{64, 512} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ctx := newTestCtx()
			x, y := benchTensor(b, ctx, n, n), benchTensor(b, ctx, n, n)
			benchApply(b, MatMul, nil, 2*float64(n*n*n), x, y)
		})
	}
}
