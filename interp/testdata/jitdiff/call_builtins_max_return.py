# Builtin max/min of 0-d Tensors returned directly from a jit function.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def larger(x, y):
    return max(x.sum(), y.sum())


@jit
def smaller(x, y):
    return min(x.max(), y.max(), 3.0)


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([5.0, -1.0], np.float32))
RESULTS.append(larger(a, b))
RESULTS.append(larger(a * 3, b))
RESULTS.append(smaller(a, b))
RESULTS.append(smaller(a * 0, b))
