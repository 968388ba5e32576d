# Tensor item assignment inside a jit function: an index, a slice, a mask, on a copy of an input.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def edit(x):
    y = x * 1
    y[0] = 10.0
    y[1:3] = y[1:3] * -1
    y[y > 5] = 0.0
    return y


RESULTS.append(edit(Tensor(np.array([1.0, 2.0, 3.0, 7.0], np.float32))))
RESULTS.append(edit(Tensor(np.array([4.0, 6.0, -8.0, 0.5], np.float32))))
