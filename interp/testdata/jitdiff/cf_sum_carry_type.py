# Accumulating Tensor reductions into a Python number in an unrolled loop and in a Tensor-conditioned while.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def totals(xs, x):
    s = 0
    for t in xs:
        s = s + t.sum()
    c = x.sum() * 0
    while x.sum() < 10:
        x = x + 1
        c = c + x.sum()
    return s, c


xs = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0], np.float32)))
RESULTS.append(totals(xs, Tensor(np.array([1.0, 1.0], np.float32))))
RESULTS.append(totals(xs[:1], Tensor(np.array([20.0, 1.0], np.float32))))
