# A def nested inside the jit function (JIT Fallback at compile time) and called on Tensors.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def outer(x, k):
    def step(t):
        return t * k + 1

    y = step(x)
    y = step(y)
    return y


x = Tensor(np.array([1.0, -1.0, 0.5], np.float32))
RESULTS.append(outer(x, 2.0))
RESULTS.append(outer(x, 0.5))
