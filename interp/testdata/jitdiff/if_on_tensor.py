# An if on a Tensor condition, joining a variable both arms assign.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def pick(x, y):
    if x.sum() > y.sum():
        z = x * 2
    else:
        z = y - 1
    return z + 1


a = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
b = Tensor(np.array([0.5, -0.5, 4.0], np.float32))
RESULTS.append(pick(a, b))
RESULTS.append(pick(b, a))
RESULTS.append(ms.grad(pick, grad_position=(0, 1))(a, b))
