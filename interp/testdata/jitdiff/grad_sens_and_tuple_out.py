# Gradients of a @jit function returning a tuple of Tensors, with sens_param cotangents.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def two(x, y):
    return x * y, ops.sqrt(x * x + 1)


x = Tensor(np.array([1.0, -2.0], np.float32))
y = Tensor(np.array([3.0, 0.5], np.float32))
RESULTS.append(ms.grad(two, (0, 1))(x, y))
s = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([-1.0, 0.5], np.float32)))
RESULTS.append(ms.grad(two, (0, 1), sens_param=True)(x, y, s))
RESULTS.append(ms.vjp(two, x, y)[1](s))
