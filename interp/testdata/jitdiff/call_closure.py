# Closures: a jit function made by a factory reads the factory's variables (a scale, a Tensor).
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def make(scale, offset):
    bias = Tensor(np.array([offset, -offset], np.float32))

    def inner(x):
        return x * scale + bias

    @jit
    def f(x):
        return inner(x) * inner(x)
    return f


f2 = make(2.0, 1.0)
f3 = make(3.0, 0.5)
x = Tensor(np.array([1.0, -1.0], np.float32))
RESULTS.append(f2(x))
RESULTS.append(f3(x))
RESULTS.append(f2(x * 2))
RESULTS.append(ms.grad(f3)(x))
