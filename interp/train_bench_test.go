package interp

import (
	"context"
	"runtime/debug"
	"testing"

	"msrepl/internal/anchors"
)

// The training benchmarks run one training step of the anchors' models
// (../shared/anchors/torch_anchor.py, (c) and (g)) under msrepl and, side by
// side in the same run, under torch eager (python3), timed inside Python so
// that process start-up is excluded. msrepl also reports the device's peak
// bytes over the steps.
//
//	MLPStep     784-256-128-10, batch 64, SGD lr 0.01, cross-entropy: torch 0.79 ms
//	MLPStepJit  the same step under @jit (issue 5: against eager)
//	LeNet5Step  batch 32, 1x32x32, SGD: torch 3.2 ms
//	LeNet5StepJit the same step under @jit
func BenchmarkTraining(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	for _, c := range []struct {
		name, msSetup, msStep, torchKey string
	}{
		{"MLPStep", anchors.MLP + anchors.TrainStep(false), "step(x, y)", "c.mlp_train_step_eager"},
		{"MLPStepJit", anchors.MLP + anchors.TrainStep(true), "step(x, y)", "c.mlp_train_step_eager"},
		{"LeNet5Step", anchors.LeNet5 + anchors.TrainStep(false), "step(x, y)", "g.lenet5_train_step_eager_b32"},
		{"LeNet5StepJit", anchors.LeNet5 + anchors.TrainStep(true), "step(x, y)", "g.lenet5_train_step_eager_b32"},
	} {
		b.Run(c.name+"/msrepl", func(b *testing.B) {
			s := NewSession()
			sink := &recordingSink{}
			ctx := context.Background()
			const prelude = "import numpy as np\nimport mindspore as ms\nfrom mindspore import ops, nn\nms.set_seed(0)\n"
			if err := s.Execute(ctx, prelude+c.msSetup+"for _ in range(5):\n    "+c.msStep+"\n", sink); err != nil {
				b.Fatal(err, sink.buf.String())
			}
			s.msrt.dev.ResetPeak()
			for b.Loop() {
				if err := s.ExecuteWith(ctx, c.msStep, sink, ExecOptions{NoHistory: true, NoResult: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/step")
			b.ReportMetric(float64(s.msrt.dev.Stats().Peak)/(1<<20), "peak-MiB")
		})
		b.Run(c.name+"/torch", func(b *testing.B) {
			// torch's import takes about a second, which the harness would
			// count into the first b.N: the script times its own steps.
			ms, err := anchors.MeasureTorch(context.Background(), 5, c.torchKey)
			if err != nil {
				b.Skipf("no torch: %v", err)
			}
			b.ReportMetric(ms[c.torchKey]*1e6, "ns/op")
			b.ReportMetric(ms[c.torchKey], "ms/step")
		})
	}
}
