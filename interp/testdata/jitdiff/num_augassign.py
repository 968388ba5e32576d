# Augmented assignment on Tensors and numbers inside a jit function, in loops and branches.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def aug(x, y):
    z = x
    z += y
    z *= 2
    z -= 1
    z /= 4
    n = 1
    for i in range(3):
        n *= 2
        z += i
    if z.sum() > 0:
        z **= 2
    else:
        z //= 1
    return z, n


RESULTS.append(aug(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, -1.0], np.float32))))
RESULTS.append(aug(Tensor(np.array([-9.0, -2.5], np.float32)), Tensor(np.array([0.5, -1.0], np.float32))))
