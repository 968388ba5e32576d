package interp

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"msrepl/internal/anchors"
)

// The tensor benchmarks run language programs the way the anchors in
// ../shared/anchors/README.md ran their torch and numpy counterparts on
// this machine, and report the same units:
//
//	EagerChain4   torch eager 2.35 µs/op, numpy 1.06 µs/op (goal: ≤ 0.5)
//	JitChain4     the same chain under @jit (goal: faster than eager)
//	JitCall3      a cached @jit call of x + y + z on [4] (goal: ≤ 2 µs)
//	BytecodeCall3 and TraceCall3, the same call in those capture modes
//	Add1M         torch 87.7 µs (12 GB/s per op in the chain), goal ≥ 10 GB/s
//	Matmul512     torch 104.5 GFLOPS
//	Matmul1024    torch 104.7 GFLOPS
//	LeNet5Forward torch 1.40 ms (batch 32, no grad)
func BenchmarkTensor(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	chain := anchors.Chain("chain", "ops.tanh(x)")
	const prelude = "import numpy as np\nimport mindspore as ms\nfrom mindspore import ops, nn\nms.set_seed(0)\n"
	for _, c := range []struct {
		name, setup, call string
		report            func(b *testing.B, perCall float64)
	}{
		{"EagerChain4", chain + "x = ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32)\n", "chain(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/100/1e3, "µs/op") }},
		{"JitChain4", "from mindspore import jit\n" + strings.Replace(chain, "def chain", "@jit\ndef chain", 1) +
			"x = ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32)\nchain(x)\n", "chain(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/100/1e3, "µs/op") }},
		// A fresh jit function each time: the compile (capture, passes,
		// verification) of the 100-op chain, and one run of it.
		{"JitCompile100", "from mindspore import jit\n" + chain +
			"x = ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32)\n", "jit(chain)(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/1e6, "ms/compile") }},
		{"JitCall3", "from mindspore import jit\n@jit\ndef add3(x, y, z):\n    return x + y + z\n" +
			"x = ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32)\nadd3(x, x, x)\n" +
			// A loop amortizes the cell's own compile, as the chain's
			// hundred ops do.
			"def calls(x):\n    for _ in range(100):\n        add3(x, x, x)\n", "calls(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/100/1e3, "µs/call") }},
		// The same call captured by bytecode (the Python code runs each
		// call, the segment's graph is found by its structure) and by trace.
		// Three Tensors: a bytecode call whose arguments alias runs its
		// Python code each time.
		{"BytecodeCall3", "from mindspore import jit\n@jit(capture_mode='bytecode')\ndef add3(x, y, z):\n    return x + y + z\n" +
			"x, y, z = (ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32) for _ in range(3))\nadd3(x, y, z)\n" +
			"def calls(x):\n    for _ in range(100):\n        add3(x, y, z)\n", "calls(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/100/1e3, "µs/call") }},
		{"TraceCall3", "from mindspore import jit\n@jit(capture_mode='trace')\ndef add3(x, y, z):\n    return x + y + z\n" +
			"x, y, z = (ms.Tensor([0.1, 0.2, 0.3, 0.4], ms.float32) for _ in range(3))\nadd3(x, y, z)\n" +
			"def calls(x):\n    for _ in range(100):\n        add3(x, y, z)\n", "calls(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/100/1e3, "µs/call") }},
		{"Add1M", "x = ops.ones((1 << 20,), ms.float32)\n", "x + 0.0001",
			func(b *testing.B, t float64) { b.ReportMetric(8*float64(1<<20)/t, "GB/s") }},
		{"Matmul512", "a = ops.ones((512, 512), ms.float32)\n", "ops.matmul(a, a)",
			func(b *testing.B, t float64) { b.ReportMetric(2*512*512*512/t, "GFLOPS") }},
		{"Matmul1024", "a = ops.ones((1024, 1024), ms.float32)\n", "ops.matmul(a, a)",
			func(b *testing.B, t float64) { b.ReportMetric(2*1024*1024*1024/t, "GFLOPS") }},
		{"LeNet5Forward", anchors.LeNet5Class + "net = LeNet5()\nx = ms.Tensor(np.random.randn(32, 1, 32, 32).astype(np.float32))\n", "net(x)",
			func(b *testing.B, t float64) { b.ReportMetric(t/1e6, "ms/fwd") }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := NewSession()
			sink := &recordingSink{}
			ctx := context.Background()
			if err := s.Execute(ctx, prelude+c.setup, sink); err != nil {
				b.Fatal(err, sink.buf.String())
			}
			for b.Loop() {
				if err := s.ExecuteWith(ctx, c.call, sink, ExecOptions{NoHistory: true, NoResult: true}); err != nil {
					b.Fatal(err)
				}
			}
			c.report(b, float64(b.Elapsed().Nanoseconds())/float64(b.N))
		})
	}
}
