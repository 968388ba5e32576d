# An if on a Tensor inside a while on a Tensor condition: a Collatz-like update of a tensor.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def step_down(x):
    n = 0
    while x.sum() > 1:
        if x.sum() > 20:
            x = x / 2
        else:
            x = x - 1
        n = n + 1
    return x, n


RESULTS.append(step_down(Tensor(np.array([40.0, 8.0], np.float32))))
RESULTS.append(step_down(Tensor(np.array([3.0, 2.5], np.float32))))
RESULTS.append(step_down(Tensor(np.array([0.5, 0.25], np.float32))))
