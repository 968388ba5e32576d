# Appending Tensors to a list in an unrolled loop and reducing them afterwards.
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def powers(x, n):
    ps = [x]
    for _ in range(n - 1):
        ps.append(ps[-1] * x)
    s = ops.stack(ps)
    return s.sum(axis=0), len(ps), ps[1:]


a = Tensor(np.array([1.0, 2.0, -1.0], np.float32))
RESULTS.append(powers(a, 3))
RESULTS.append(powers(a, 1))
