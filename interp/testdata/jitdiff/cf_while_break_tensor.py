# A while on a Tensor condition with a break on another Tensor condition.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def search(x, target):
    k = 0
    while x.sum() < 100:
        x = x * 2
        k = k + 1
        if x.max() > target:
            break
    return x, k


a = Tensor(np.array([1.0, 3.0], np.float32))
RESULTS.append(search(a, 10.0))
RESULTS.append(search(a, 1000.0))
RESULTS.append(search(a * 50, 1.0))
