# A def nested in a jit function with a Tensor if and a while inside, called on different Tensors.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def outer(x, y):
    def clamp_grow(t):
        if t.sum() < 0:
            t = -t
        while t.sum() < 10:
            t = t * 2
        return t

    return clamp_grow(x), clamp_grow(y), clamp_grow(x + y)


RESULTS.append(outer(Tensor(np.array([1.0, 1.0], np.float32)), Tensor(np.array([-3.0, 0.5], np.float32))))
RESULTS.append(outer(Tensor(np.array([20.0, 1.0], np.float32)), Tensor(np.array([-0.5, -0.5], np.float32))))
