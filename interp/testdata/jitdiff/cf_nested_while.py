# Nested whiles on Tensor conditions: the inner loop's carried values reset each outer iteration.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def nested(x, n):
    total = x * 0
    i = 0
    while i < n:
        y = x + i
        while y.sum() < 10:
            y = y * 2
        total = total + y
        i = i + 1
    return total


a = Tensor(np.array([1.0, 0.5], np.float32))
RESULTS.append(nested(a, 3))
RESULTS.append(nested(a * 4, 2))
RESULTS.append(nested(a, Tensor(np.array(4, np.int64))))
