# A closure variable rebound by nonlocal between calls, and a global Tensor replaced by another.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []
W = Tensor(np.array([1.0, 2.0], np.float32))


def make():
    k = 1.0

    @jit
    def f(x):
        return x * k + W

    def set_k(v):
        nonlocal k
        k = v
    return f, set_k


f, set_k = make()
x = Tensor(np.array([3.0, 4.0], np.float32))
RESULTS.append(f(x))
set_k(5.0)
RESULTS.append(f(x))
W = Tensor(np.array([-1.0, -2.0], np.float32))
RESULTS.append(f(x))
