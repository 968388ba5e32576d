# mutable() numbers as graph inputs: arithmetic with Tensors, branches and loops on them, tuples of them, and gradients with a mutable argument.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, mutable, ops

RESULTS = []


@jit
def mix(x, n, t):
    a, b = t
    y = x * n + a
    if n > b:
        y = y - b
    for k in range(3):
        y = y + k * a
    return y, n * 2, a + b


x = Tensor(np.array([1.0, -2.0, 0.5], np.float32))
for n, t in ((2, (1.5, 1.0)), (-1, (0.25, 3.0)), (4, (2.0, 4.0))):
    RESULTS.append(mix(x, mutable(n), mutable(t)))


@jit
def loss(x, s):
    return ops.sum(ops.tanh(x * s) ** 2)


for s in (0.5, 2.0):
    RESULTS.append(loss(x, mutable(s)))
    RESULTS.append(ms.grad(loss)(x, mutable(s)))
