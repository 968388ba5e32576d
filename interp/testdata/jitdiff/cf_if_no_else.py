# An if on a Tensor with no else: a variable defined before is conditionally updated.
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def clamp_sum(x, limit):
    total = x.sum()
    if total > limit:
        total = limit * ops.ones((), x.dtype)
        x = x / 2
    return total, x


a = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
RESULTS.append(clamp_sum(a, 4.0))
RESULTS.append(clamp_sum(a, 10.0))
RESULTS.append(clamp_sum(a * 3, 10.0))
