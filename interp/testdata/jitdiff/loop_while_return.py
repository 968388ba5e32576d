# A return inside a while loop on a Tensor condition.
# jit-limit: 'return' inside a while loop whose condition is a Tensor is not supported in graph mode
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def first_over(x, limit):
    while x.sum() < 100:
        x = x * 2
        if x.sum() > limit:
            return x
    return x * 0


RESULTS.append(first_over(Tensor(np.array([1.0, 2.0], np.float32)), 10.0))
