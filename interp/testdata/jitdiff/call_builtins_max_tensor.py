# Builtin max and min of 0-d Tensors inside a jit function (values known only when the graph runs).
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def spread(x, y):
    hi = max(x.sum(), y.sum())
    lo = min(x.sum(), y.sum())
    return hi - lo, hi


RESULTS.append(spread(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([5.0, -1.0], np.float32))))
RESULTS.append(spread(Tensor(np.array([10.0, 2.0], np.float32)), Tensor(np.array([5.0, -1.0], np.float32))))
