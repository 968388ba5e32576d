# The anchors' side of the benchmarks: the workloads of the performance
# anchors (torch_anchor.py), in PyTorch and numpy on one thread, timed the
# same way. Run with Debian's python3, it prints one JSON object per line,
# {"key": ..., "value": ...}, keys as torch_anchor.py names them. The
# first argument is the number of samples per workload; keys after it
# choose what to measure (all when there are none).
import gc
import json
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)
SAMPLES = max(5, int(sys.argv[1]) if len(sys.argv) > 1 else 5)
WANTED = set(sys.argv[2:])
SAMPLE_S = 0.02


def put(key, measure):
    """Prints measure() as key's value, if key is wanted."""
    if not WANTED or key in WANTED:
        print(json.dumps({"key": key, "value": measure()}), flush=True)


def bench(fn, warmup=3):
    """Median seconds per call of fn()."""
    for _ in range(warmup):
        fn()
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t
        if dt >= SAMPLE_S or n >= 1 << 20:
            break
        n = max(n * 2, int(n * SAMPLE_S / max(dt, 1e-9) * 1.2))
    gc.disable()
    try:
        samples = []
        for _ in range(SAMPLES):
            t = time.perf_counter()
            for _ in range(n):
                fn()
            samples.append((time.perf_counter() - t) / n)
    finally:
        gc.enable()
    return statistics.median(samples)


def chain_source(name, last, lib):
    lines = [f"def {name}(x):"]
    for _ in range(25):
        lines.append("    x = x * 1.0001" if lib == "torch" else "    x = x * np.float32(1.0001)")
        lines.append("    x = x + 0.0001" if lib == "torch" else "    x = x + np.float32(0.0001)")
        lines.append("    x = torch.relu(x)" if lib == "torch" else "    x = np.maximum(x, np.float32(0.0))")
        lines.append(f"    x = {last}")
    lines.append("    return x")
    return "\n".join(lines) + "\n"


g = {"torch": torch, "np": np}
exec(chain_source("chain_t", "torch.tanh(x)", "torch"), g)
exec(chain_source("chain_n", "np.tanh(x)", "numpy"), g)
exec(chain_source("cheap_t", "x - 0.0001", "torch"), g)
exec(chain_source("cheap_n", "x - np.float32(0.0001)", "numpy"), g)

x4, n4 = torch.randn(4), np.random.randn(4).astype(np.float32)
put("a.torch_eager_[4]", lambda: bench(lambda: g["chain_t"](x4)) / 100 * 1e6)
put("e.numpy_[4]", lambda: bench(lambda: g["chain_n"](n4)) / 100 * 1e6)
xb, nb = torch.randn(1 << 20), np.random.randn(1 << 20).astype(np.float32)
put("b.torch_eager_[1M].ms", lambda: bench(lambda: g["chain_t"](xb)) * 1e3)
put("e.numpy_[1M].ms", lambda: bench(lambda: g["chain_n"](nb)) * 1e3)
put("b2.torch_eager_cheap_[1M].ms", lambda: bench(lambda: g["cheap_t"](xb)) * 1e3)
put("b2.numpy_cheap_[1M].ms", lambda: bench(lambda: g["cheap_n"](nb)) * 1e3)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(784, 256)
        self.l2 = nn.Linear(256, 128)
        self.l3 = nn.Linear(128, 10)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


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
        return self.f3(F.relu(self.f2(F.relu(self.f1(x.flatten(1))))))


def train_step(model, x, y):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)

    def step():
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    return step


put("c.mlp_train_step_eager",
    lambda: bench(train_step(MLP(), torch.randn(64, 784), torch.randint(0, 10, (64,))), warmup=10) * 1e3)
put("g.lenet5_train_step_eager_b32",
    lambda: bench(train_step(LeNet5(), torch.randn(32, 1, 32, 32), torch.randint(0, 10, (32,))), warmup=5) * 1e3)

for n, torch_key, numpy_key in ((512, "d.torch_mm_512", "e.numpy_matmul_512"),
                                (1024, "d.torch_mm_1024", "e.numpy_matmul_1024")):
    a, b = torch.randn(n, n), torch.randn(n, n)
    an, bn = a.numpy(), b.numpy()
    put(torch_key, lambda: 2 * n ** 3 / bench(lambda: torch.mm(a, b), warmup=2) / 1e9)
    put(numpy_key, lambda: 2 * n ** 3 / bench(lambda: an @ bn, warmup=2) / 1e9)



def compile_time():
    """Median seconds torch.jit.script takes to compile the chain."""
    times = []
    for i in range(SAMPLES):
        src = chain_source(f"f_{i}", "torch.tanh(x)", "torch")
        t = time.perf_counter()
        getattr(torch.jit.CompilationUnit(src), f"f_{i}")
        times.append(time.perf_counter() - t)
    return statistics.median(times)


put("f.jit_script_compile_100op", lambda: compile_time() * 1e3)
