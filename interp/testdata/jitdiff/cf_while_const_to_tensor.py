# A while whose condition mixes a constant counter and a Tensor test: unrolled at first, then a While.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def capped(x):
    i = 0
    while i < 6 and x.sum() < 40:
        x = x * 2
        i += 1
    return x, i


RESULTS.append(capped(Tensor(np.array([1.0, 1.0], np.float32))))
RESULTS.append(capped(Tensor(np.array([0.01, 0.01], np.float32))))
RESULTS.append(capped(Tensor(np.array([50.0, 1.0], np.float32))))
