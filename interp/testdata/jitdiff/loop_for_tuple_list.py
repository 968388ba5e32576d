# for over a tuple and a list of constants and of Tensors.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def mix(x, y):
    out = x
    for c in (1.0, -2.0, 0.5):
        out = out * c + 1
    for t in [x, y, x * y]:
        out = out + t
    total = 0
    for k in [3, 4, 5]:
        total = total + k
    return out, total


RESULTS.append(mix(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, -1.0], np.float32))))
RESULTS.append(mix(Tensor(np.array([0.0, 0.5], np.float32)), Tensor(np.array([1.0, 1.0], np.float32))))
