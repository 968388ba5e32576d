# A tuple of Tensors as an argument, indexed and iterated; a nested tuple argument.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def dot_pairs(pairs, scale):
    s = 0
    for a, b in pairs:
        s = s + (a * b).sum()
    return s * scale[0] + scale[1]


p1 = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 4.0], np.float32)))
p2 = (Tensor(np.array([0.5, -1.0], np.float32)), Tensor(np.array([2.0, 2.0], np.float32)))
RESULTS.append(dot_pairs((p1, p2), (2.0, 1.0)))
RESULTS.append(dot_pairs((p1,), (1.0, 0.0)))
RESULTS.append(ms.grad(lambda a, b: dot_pairs(((a, b), (b, b)), (1.0, 0.0)), (0, 1))(p1[0], p1[1]))
