// Package anchors holds the workloads of the performance anchors (the
// PyTorch and numpy numbers measured on this kind of machine), for the
// benchmarks that compare msrepl with them (msrepl bench, and the
// interpreter's benchmarks): as msrepl programs, and as the PyTorch and
// numpy script that times the anchors' side again. It does not run msrepl
// programs; its callers do.
package anchors

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Chain is the anchors' unrolled 100-op chain as a function name(x): 25
// × (mul, add, relu, last), where last is "ops.tanh(x)" for the chain and
// "x - 0.0001" for the chain without tanh.
func Chain(name, last string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "def %s(x):\n", name)
	for range 25 {
		fmt.Fprintf(&b, "    x = x * 1.0001\n    x = x + 0.0001\n    x = ops.relu(x)\n    x = %s\n", last)
	}
	b.WriteString("    return x\n")
	return b.String()
}

// MLP is the anchors' 784-256-128-10 MLP as net, and a batch of 64 as x
// and y. Like every program here it needs numpy as np, mindspore as ms,
// and nn and ops from mindspore.
const MLP = MLPClass + `
net = MLP()
x = ms.Tensor(np.random.randn(64, 784).astype(np.float32))
y = ms.Tensor(np.random.randint(0, 10, (64,)).astype(np.int32))
`

// MLPClass is the anchors' MLP as a class.
const MLPClass = `
class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Dense(784, 256)
        self.l2 = nn.Dense(256, 128)
        self.l3 = nn.Dense(128, 10)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.l3(self.relu(self.l2(self.relu(self.l1(x)))))
`

// LeNet5Class is the anchors' LeNet5 in MindSpore's terms.
const LeNet5Class = `
class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5, pad_mode='valid', has_bias=True)
        self.c2 = nn.Conv2d(6, 16, 5, pad_mode='valid', has_bias=True)
        self.f1 = nn.Dense(16 * 5 * 5, 120)
        self.f2 = nn.Dense(120, 84)
        self.f3 = nn.Dense(84, 10)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.pool(self.relu(self.c1(x)))
        x = self.pool(self.relu(self.c2(x)))
        x = self.flatten(x)
        return self.f3(self.relu(self.f2(self.relu(self.f1(x)))))
`

// LeNet5 is LeNet5Class as net, and a batch of 32 1×32×32 images as x and
// labels as y.
const LeNet5 = LeNet5Class + `
net = LeNet5()
x = ms.Tensor(np.random.randn(32, 1, 32, 32).astype(np.float32))
y = ms.Tensor(np.random.randint(0, 10, (32,)).astype(np.int32))
`

// TrainStep defines step(x, y), one training step of net with SGD (lr
// 0.01) and cross-entropy, as the anchors' steps are; jit compiles it.
func TrainStep(jit bool) string {
	s := `
loss_fn = nn.CrossEntropyLoss()
opt = nn.SGD(net.trainable_params(), learning_rate=0.01)
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

def step(x, y):
    loss, grads = grad_fn(x, y)
    opt(grads)
    return loss
`
	if jit {
		s += "step = ms.jit(step)\n"
	}
	return s
}

//go:embed torch_anchors.py
var torchScript string

// Python is the interpreter that has torch and numpy: Debian's, where the
// anchors were measured.
const Python = "/usr/bin/python3"

// MeasureTorch times the anchors' own side of the workloads, in PyTorch
// and numpy on one thread as the recorded anchors were, and returns each
// number by its key in torch_anchor.py's names: the median of count
// samples (at least 5), of every workload or of those keys name. An error
// means torch cannot be run here.
func MeasureTorch(ctx context.Context, count int, keys ...string) (map[string]float64, error) {
	cmd := exec.CommandContext(ctx, Python, append([]string{"-c", torchScript, strconv.Itoa(count)}, keys...)...)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=1", "OPENBLAS_NUM_THREADS=1", "MKL_NUM_THREADS=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		return nil, fmt.Errorf("%v: %s", err, lines[len(lines)-1])
	}
	return parseTorch(out)
}

// parseTorch reads the torch script's output: one JSON object per line,
// {"key": ..., "value": ...}.
func parseTorch(out []byte) (map[string]float64, error) {
	values := map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var row struct {
			Key   string  `json:"key"`
			Value float64 `json:"value"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil || row.Key == "" {
			return nil, fmt.Errorf("the anchor script printed %q", sc.Text())
		}
		values[row.Key] = row.Value
	}
	return values, sc.Err()
}

// Measures reports whether the torch script measures key.
func Measures(key string) bool { return strings.Contains(torchScript, strconv.Quote(key)) }
