# continue and break on constant conditions in an unrolled for loop.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def skip(x, stop):
    for i in range(8):
        if i % 2 == 0:
            continue
        if i > stop:
            break
        x = x * 2 + i
    return x


a = Tensor(np.array([1.0, -1.0], np.float32))
RESULTS.append(skip(a, 3))
RESULTS.append(skip(a, 6))
RESULTS.append(skip(a, 0))
