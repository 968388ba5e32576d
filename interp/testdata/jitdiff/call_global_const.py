# Globals read by a jit function are constants; a changed global recompiles.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []
SCALE = 2.0
TABLE = (1.0, 10.0, 100.0)


@jit
def scaled(x, i):
    return x * SCALE + TABLE[i]


x = Tensor(np.array([1.0, 2.0], np.float32))
RESULTS.append(scaled(x, 0))
RESULTS.append(scaled(x, 2))
SCALE = -1.0
RESULTS.append(scaled(x, 2))
TABLE = (5.0, 6.0, 7.0)
RESULTS.append(scaled(x, 1))
