# not-cpython
# capture_mode="bytecode": the function's own bytecode runs with Tensors
# as graph values. Where the graph cannot go on (a Tensor's value needed
# as a Python value, print, a try statement) the graph so far runs, the
# instruction runs in the VM, and capture resumes after it.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, jit, Tensor

@jit(capture_mode="bytecode")
def tensor_cal(x, y, z):
    return ops.matmul(x, y) + z

x = Tensor(np.ones((2, 3)), ms.float32)
y = Tensor(np.ones((3, 4)), ms.float32)
z = Tensor(np.ones((2, 4)), ms.float32)
print(tensor_cal(x, y, z))
print(ms.explain(tensor_cal, x, y, z).graph_break_count)

# A numpy call on a Tensor's values splits the function.
def scaled(x):
    h = ops.relu(x) * 2
    peak = np.max(h.asnumpy())
    return h / peak + 1

f = jit(scaled, capture_mode="bytecode")
a = Tensor(np.array([[1.0, -2.0], [3.0, 4.0]]), ms.float32)
print(f(a))
print(f(a * -1))
print("PyNative:", scaled(a * -1))
e = ms.explain(f, a)
print(e.graph_count, e.graph_break_count, e.ops_per_graph)
print(e.break_reasons[0]["where"])

# So does a try statement, which runs as a whole, and a branch on a
# Tensor's value, which follows each call's values.
@jit(capture_mode="bytecode")
def guarded(x):
    y = x * 3
    try:
        y = y + Tensor(np.ones(3), ms.float32)
    except ValueError:
        y = y - 1
    if y.sum() > 0:
        return y
    return -y

print(guarded(Tensor([1.0, 2.0, 3.0])), guarded(Tensor([-1.0, -2.0, -3.0])))
print(guarded(Tensor([1.0, 2.0])))
%explain guarded(Tensor([1.0, 2.0, 3.0]))

# Side effects on attributes and lists happen in order, every call.
class Counter:
    def __init__(self):
        self.calls = 0
        self.seen = []

log = Counter()

@jit(capture_mode="bytecode")
def step(x):
    log.calls += 1
    h = x * 2
    log.seen.append(float(h.sum()))
    print("step", log.calls)
    log.seen.append(h.mean())
    return h + log.calls

print(step(Tensor([1.0, 2.0])), step(Tensor([3.0, 4.0])))
print(log.calls, log.seen)
print(ms.cache_info(step)["splits"], ms.cache_info(step)["entries"])

# A Cell's construct and gradients: the segments run under the tape.
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        h = self.dense(x)
        if h.sum() > 0:
            return h * h
        return -h

net = Net()
fwd = jit(net.construct, capture_mode="bytecode")
loss = lambda x: fwd(x).sum()
print(ms.grad(loss)(Tensor([[1.0, 2.0]])), ms.grad(loss)(Tensor([[-1.0, -2.0]])))

# fullgraph=True turns a split into an error at its line.
@jit(capture_mode="bytecode", fullgraph=True)
def strict(x):
    y = x + 1
    if y.sum() > 0:
        return y
    return x

try:
    strict(Tensor([1.0]))
except RuntimeError as e:
    print("RuntimeError:", e)

# A call captured as one graph, whose code changed nothing but its own
# locals, is cached behind guards, as an ast graph is: later calls run the
# graph without the Python code, until a guard fails.
scale = 3.0

@jit(capture_mode="bytecode")
def affine(x):
    return x * scale + 1

v = Tensor([1.0, 2.0])
print(affine(v), affine(v))
info = ms.cache_info(affine)
print(info["entries"], info["hits"])
scale = 4.0
print(affine(v), ms.cache_info(affine)["reasons"])
print(ms.explain(affine, v).guards)

# One that changes a list runs its Python code every call.
calls = []

@jit(capture_mode="bytecode")
def logged(x):
    calls.append(len(calls))
    return x + 1

logged(v)
logged(v)
print(calls, ms.cache_info(logged)["hits"])

# A call that split only at conditions on Tensors, and changed nothing, is
# cached as a tree of its segments: a later call runs the graphs down the
# branch its values take, and a branch not seen yet is captured and joins.
@jit(capture_mode="bytecode")
def grow(x):
    n = 0
    while x.sum() < 10:
        x = x * 2
        n += 1
    return x, n

for t in ([1.0, 1.0], [2.0, 2.0], [1.0, 1.0], [20.0, 0.0], [0.5, 0.5]):
    print(grow(Tensor(t)))
info = ms.cache_info(grow)
print(info["entries"], info["segments"], info["hits"] > 0)
