# A helper with returns at two depths of Tensor ifs, inlined in each iteration of an unrolled loop.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def piece(t):
    if t.sum() > 0:
        if t.max() > 3:
            return t * 0.5
        return t + 1
    return -t


@jit
def chain(x, n):
    for _ in range(n):
        x = piece(x) - 1
    return x


x = Tensor(np.array([2.0, 5.0], np.float32))
RESULTS.append(chain(x, 1))
RESULTS.append(chain(x, 4))
RESULTS.append(chain(-x, 3))
RESULTS.append(ms.grad(chain)(x, 4))
