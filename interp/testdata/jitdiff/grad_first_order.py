# ms.grad of a @jit function: first order with respect to one and to several inputs.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(x, y):
    return (ops.sin(x) * y + x * x / (y * y + 1)).sum()


x = Tensor(np.array([0.5, 1.0, -2.0], np.float32))
y = Tensor(np.array([2.0, -1.0, 0.5], np.float32))
RESULTS.append(f(x, y))
RESULTS.append(ms.grad(f)(x, y))
RESULTS.append(ms.grad(f, 1)(x, y))
RESULTS.append(ms.grad(f, (0, 1))(x, y))
RESULTS.append(ms.value_and_grad(f, (0, 1))(x, y))
RESULTS.append(ms.grad(f, (0, 1))(y, x))
