# while on a Tensor condition carrying a Tensor, a Python int and a Python float.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def grow(x, limit):
    count = 0
    acc = 0.5
    while x.max() < limit:
        x = x * 1.5 + 1
        count += 1
        acc = acc * 2.0
    return x, count, acc


a = Tensor(np.array([1.0, 0.5, 2.0], np.float32))
RESULTS.append(grow(a, 10.0))
RESULTS.append(grow(a, 100.0))
RESULTS.append(grow(a, 1.0))
