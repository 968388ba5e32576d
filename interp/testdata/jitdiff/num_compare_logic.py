# Comparisons and logical ops on Tensors in a jit function, and bitwise ops on integer Tensors.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def cmp(x, y, i, j):
    return (x == y, x != y, x < y, x <= y, x > y, x >= y, ops.logical_and(x > 0, y > 0),
            ops.logical_or(x > 0, y > 0), ops.logical_not(x > 0), ops.logical_xor(x > 0, y > 0),
            i & j, i | j, i ^ j, ~i, ops.equal(x, 2.0), ops.greater(x, y).sum())


x = Tensor(np.array([1.0, 2.0, -3.0, 0.0], np.float32))
y = Tensor(np.array([1.0, -2.0, 3.0, 0.5], np.float32))
i = Tensor(np.array([5, 12, -3, 0], np.int32))
j = Tensor(np.array([3, 10, 7, -1], np.int32))
RESULTS.append(cmp(x, y, i, j))
RESULTS.append(cmp(y, x, j, i))
