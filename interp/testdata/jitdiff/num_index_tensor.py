# Indexing with a 0-d integer Tensor the graph computes, and a mask assignment of one value.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def pick(x, i):
    return x[i], x[i + 1] * 2


@jit
def clip_high(x, limit):
    y = x * 1
    y[y > limit] = limit
    return y


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
RESULTS.append(pick(x, Tensor(np.array(0, np.int64))))
RESULTS.append(pick(x, Tensor(np.array(1, np.int64))))
RESULTS.append(clip_high(x, 2.5))
