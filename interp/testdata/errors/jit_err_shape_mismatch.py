# not-cpython
# A shape mismatch inside a jit function is found while it is compiled,
# before anything runs, and the error shows the line.
import numpy as np
from mindspore import ops, jit, Tensor


@jit
def f(x, y):
    h = x * 2
    return ops.matmul(h, y)


f(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 2), np.float32)))
