# Gradients of @jit functions with Tensor if and while inside; the branch and loop count vary.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def f(x, y):
    if x.sum() > y.sum():
        z = x * x * y
    else:
        z = x + y * y
    while z.sum() < 20:
        z = z * 1.5 + x
    return z.sum()


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([0.5, 0.5], np.float32))
RESULTS.append(ms.value_and_grad(f, (0, 1))(x, y))
RESULTS.append(ms.value_and_grad(f, (0, 1))(y, x))
RESULTS.append(ms.value_and_grad(f, (0, 1))(x * 10, y))
