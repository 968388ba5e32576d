# while on constant conditions unrolls at compile time; the count is an argument constant.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def power_iter(x, n):
    i = 0
    y = x
    while i < n:
        y = y * x
        i += 1
    j = 3
    while j > 0:
        y = y + j
        j -= 1
    return y, i


a = Tensor(np.array([1.0, 2.0, 0.5], np.float32))
RESULTS.append(power_iter(a, 0))
RESULTS.append(power_iter(a, 2))
RESULTS.append(power_iter(a, 5))
