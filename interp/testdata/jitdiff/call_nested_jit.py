# A jit function calling another jit function (inlined into one graph), and the inner one alone.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def inner(x, y):
    if x.sum() > y.sum():
        return x - y
    return y - x


@jit
def outer(x, y):
    a = inner(x, y)
    b = inner(a, x)
    return a * b


x = Tensor(np.array([1.0, 5.0], np.float32))
y = Tensor(np.array([2.0, 2.0], np.float32))
RESULTS.append(inner(x, y))
RESULTS.append(outer(x, y))
RESULTS.append(outer(y, x))
RESULTS.append(ms.grad(outer, (0, 1))(x, y))
