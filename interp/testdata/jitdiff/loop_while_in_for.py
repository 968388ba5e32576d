# A while on a Tensor condition inside an unrolled for loop.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def halvings(xs):
    counts = []
    for x in xs:
        n = 0
        while x.sum() > 1:
            x = x / 2
            n = n + 1
        counts.append(n)
    return counts


RESULTS.append(halvings((Tensor(np.array([8.0], np.float32)), Tensor(np.array([0.5], np.float32)), Tensor(np.array([100.0], np.float32)))))
RESULTS.append(halvings((Tensor(np.array([3.0, 3.0], np.float32)),)))
