package interp

import (
	"context"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
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
func BenchmarkTraining(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	for _, c := range []struct {
		name, msSetup, msStep, torchSetup string
	}{
		{"MLPStep", mlpProgram, "step(x, y)", torchMLPProgram},
		{"MLPStepJit", mlpProgram + "from mindspore import jit\njstep = jit(step)\n", "jstep(x, y)", torchMLPProgram},
		{"LeNet5Step", lenetProgram + lenetTrainProgram, "step(x, y)", torchLeNetProgram},
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
			python := torchPython()
			if python == "" {
				b.Skip("no python3 with torch")
			}
			// torch's import takes about a second, which the harness
			// would count into the first b.N; so Python times its own
			// steps, for at least a second, and reports the time per step.
			script := "import sys, time\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
				c.torchSetup + `
for _ in range(5):
    step()
n, total = 0, 0.0
while total < 1.0:
    t = time.perf_counter()
    step()
    total += time.perf_counter() - t
    n += 1
print(total / n)
`
			out, err := exec.Command(python, "-c", script).Output()
			if err != nil {
				b.Fatal(err)
			}
			secs, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(secs*1e9, "ns/op")
			b.ReportMetric(secs*1e3, "ms/step")
		})
	}
}

// torchPython finds a python3 that imports torch: the one on PATH, or
// Debian's, where the anchors were measured.
func torchPython() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if path, err := exec.LookPath(p); err == nil && exec.Command(path, "-c", "import torch").Run() == nil {
			return path
		}
	}
	return ""
}

const mlpProgram = `
class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Dense(784, 256)
        self.l2 = nn.Dense(256, 128)
        self.l3 = nn.Dense(128, 10)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.l3(self.relu(self.l2(self.relu(self.l1(x)))))

net = MLP()
loss_fn = nn.CrossEntropyLoss()
opt = nn.SGD(net.trainable_params(), learning_rate=0.01)
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

def step(x, y):
    loss, grads = grad_fn(x, y)
    opt(grads)
    return loss

x = ms.Tensor(np.random.randn(64, 784).astype(np.float32))
y = ms.Tensor(np.random.randint(0, 10, (64,)).astype(np.int32))
`

const lenetTrainProgram = `
net = LeNet5()
loss_fn = nn.CrossEntropyLoss()
opt = nn.SGD(net.trainable_params(), learning_rate=0.01)
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

def step(x, y):
    loss, grads = grad_fn(x, y)
    opt(grads)
    return loss

x = ms.Tensor(np.random.randn(32, 1, 32, 32).astype(np.float32))
y = ms.Tensor(np.random.randint(0, 10, (32,)).astype(np.int32))
`

const torchMLPProgram = `
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(784, 256)
        self.l2 = nn.Linear(256, 128)
        self.l3 = nn.Linear(128, 10)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

model = MLP()
X = torch.randn(64, 784)
Y = torch.randint(0, 10, (64,))
opt = torch.optim.SGD(model.parameters(), lr=0.01)

def step():
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(X), Y)
    loss.backward()
    opt.step()
`

const torchLeNetProgram = `
class LeNet5(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5)
        self.c2 = nn.Conv2d(6, 16, 5)
        self.f1 = nn.Linear(16 * 5 * 5, 120)
        self.f2 = nn.Linear(120, 84)
        self.f3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2)
        x = x.flatten(1)
        return self.f3(F.relu(self.f2(F.relu(self.f1(x)))))

model = LeNet5()
X = torch.randn(32, 1, 32, 32)
Y = torch.randint(0, 10, (32,))
opt = torch.optim.SGD(model.parameters(), lr=0.01)

def step():
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(X), Y)
    loss.backward()
    opt.step()
`
