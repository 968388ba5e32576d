# Mixed second derivatives of a two-input @jit function, and a jit function of a grad.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(x, y):
    return (x * x * y + ops.exp(x * y * 0.5)).sum()


x = Tensor(np.array([0.5, 1.0], np.float32))
y = Tensor(np.array([2.0, -1.0], np.float32))
dfdx = ms.grad(f, 0)
RESULTS.append(ms.grad(dfdx, 0)(x, y))
RESULTS.append(ms.grad(dfdx, 1)(x, y))
RESULTS.append(ms.grad(dfdx, (0, 1))(x, y))
RESULTS.append(ms.grad(lambda a, b: ms.grad(f, 1)(a, b), 0)(x, y))
