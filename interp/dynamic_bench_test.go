package interp

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"msrepl/internal/anchors"
)

// BenchmarkDynamicShape runs the forward pass of the 784-256-128-10 MLP
// (anchors.MLPClass) in GRAPH_MODE, compiled for a dynamic batch
// size against compiled for each static one (goal: dynamic at least 95%
// of static's speed). Compare the two with benchstat -col /shape.
//
//	batch=1-256     one op is a forward pass at each of the batch sizes
//	                1, 2, 4, ..., 256
//	batch=N         one op is a forward pass at batch size N alone;
//	                batch=1, the least compute, shows best what a
//	                dynamic graph adds to each call (binding its symbols,
//	                checking the input signature, sizing attributes)
//	shape=static    a Cell per batch size without set_inputs, each
//	                compiling a graph for its one size: nine sizes would
//	                pass one Cell's cache limit (cache.DefaultLimit, 8),
//	                past which it runs eagerly
//	shape=dynamic   one Cell with set_inputs(Tensor(shape=(None, 784))):
//	                one graph, compiled once, serves every size
//
// Both compile a Cell holding the one MLP, so that every graph reads the
// same weights, and both live in one session, compiled and checked
// against PyNative before either is timed. compiles and compile-ms, from
// cache_info summed over the variant's Cells, stand beside the timing
// (compile-ms is one session's compiles, the same in every -count run),
// and the benchmark fails if a timed call fell back to eager or compiled
// again.
func BenchmarkDynamicShape(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	sweep := []int{1, 2, 4, 8, 16, 32, 64, 128, 256}
	for _, sizes := range [][]int{sweep, {1}, {16}, {256}} {
		name := fmt.Sprintf("batch=%d", sizes[0])
		if len(sizes) > 1 {
			name = fmt.Sprintf("batch=%d-%d", sizes[0], sizes[len(sizes)-1])
		}
		b.Run(name, func(b *testing.B) {
			s := NewSession()
			sink := &recordingSink{}
			ctx := context.Background()
			run := func(b *testing.B, code string) string {
				b.Helper()
				sink.buf.Reset()
				if err := s.ExecuteWith(ctx, code, sink, ExecOptions{NoHistory: true, NoResult: true}); err != nil || len(sink.errors) > 0 {
					b.Fatal(err, sink.buf.String())
				}
				return sink.buf.String()
			}
			list := strings.ReplaceAll(strings.Trim(fmt.Sprint(sizes), "[]"), " ", ", ")
			run(b, strings.Replace(dynamicBenchProgram, "SIZES", list, 1))
			for _, c := range []struct {
				variant  string
				compiles int
			}{{"static", len(sizes)}, {"dynamic", 1}} {
				b.Run("shape="+c.variant, func(b *testing.B) {
					stats := func() (compiles, hits, fallbacks int, compileMS float64) {
						b.Helper()
						out := run(b, "print(*cache_stats("+c.variant+"))")
						if _, err := fmt.Sscan(out, &compiles, &hits, &fallbacks, &compileMS); err != nil {
							b.Fatal(err, out)
						}
						return
					}
					compiles, hits0, fallbacks, compileMS := stats()
					if compiles != c.compiles || fallbacks != 0 {
						b.Fatalf("after warm-up: %d compiles, %d fallbacks; want %d and 0", compiles, fallbacks, c.compiles)
					}
					call := "sweep(" + c.variant + ")"
					for b.Loop() {
						if err := s.ExecuteWith(ctx, call, sink, ExecOptions{NoHistory: true, NoResult: true}); err != nil {
							b.Fatal(err)
						}
					}
					// Every timed call ran a compiled graph from the cache.
					if after, hits, fallbacks, _ := stats(); after != compiles || fallbacks != 0 || hits-hits0 != b.N*len(sizes) {
						b.Fatalf("timed calls: %d compiles, %d fallbacks, %d hits; want %d, 0 and %d", after, fallbacks, hits-hits0, compiles, b.N*len(sizes))
					}
					b.ReportMetric(float64(compiles), "compiles")
					b.ReportMetric(compileMS, "compile-ms")
				})
			}
		})
	}
}

// dynamicBenchProgram defines the MLP, an input for each batch size
// (SIZES), the two variants (static: the Cell each size runs; dynamic: the
// one Cell for every size), compiles their graphs and checks them against
// PyNative. sweep(v) is the timed op, and cache_stats(v) gives compiles,
// hits, fallbacks and compile_ms summed over v's Cells.
const dynamicBenchProgram = `import numpy as np
import mindspore as ms
from mindspore import ops, nn
ms.set_seed(0)
` + anchors.MLPClass + `
# The Cell each variant compiles: both run the one MLP, so that every
# graph reads the same weights.
class Forward(nn.Cell):
    def __init__(self, mlp):
        super().__init__()
        self.mlp = mlp

    def construct(self, x):
        return self.mlp(x)

mlp = MLP()
sizes = [SIZES]
xs = [ms.Tensor(np.random.randn(n, 784).astype(np.float32)) for n in sizes]
ms.set_context(mode=ms.GRAPH_MODE)
Forward(mlp)(xs[0])  # a first compile, which warms what compiling runs

static = [Forward(mlp) for _ in sizes]
net = Forward(mlp)
net.set_inputs(ms.Tensor(shape=(None, 784), dtype=ms.float32))
dynamic = [net] * len(sizes)

def sweep(nets):
    for net, x in zip(nets, xs):
        net(x)

def cache_stats(nets):
    infos = [ms.cache_info(c) for c in {id(c): c for c in nets}.values()]
    return (sum(i["compiles"] for i in infos), sum(i["hits"] for i in infos),
            sum(i["fallbacks"] for i in infos), sum(i["compile_ms"] for i in infos))

for nets in (static, dynamic):
    graph = [net(x).asnumpy() for net, x in zip(nets, xs)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    for net, x, y in zip(nets, xs, graph):
        assert y.shape == (x.shape[0], 10), y.shape
        assert np.allclose(net(x).asnumpy(), y, atol=1e-5), "graph differs from PyNative"
    ms.set_context(mode=ms.GRAPH_MODE)
    sweep(nets)
`
