# break out of a while on a constant bound when a Tensor condition holds.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def first_exceed(x, limit):
    i = 0
    while i < 8:
        x = x + x * 0.5
        if x.sum() > limit:
            break
        i += 1
    return x, i


a = Tensor(np.array([1.0, 2.0], np.float32))
RESULTS.append(first_exceed(a, 5.0))
RESULTS.append(first_exceed(a, 30.0))
RESULTS.append(first_exceed(a, 1e6))
