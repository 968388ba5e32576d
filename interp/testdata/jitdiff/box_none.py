# None arguments and None returns: a default None replaced inside, an optional bias.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def affine(x, w, b=None):
    y = x * w
    if b is not None:
        y = y + b
    return y, None


@jit
def maybe(x, flag):
    if flag:
        return x * 2
    return None


x = Tensor(np.array([1.0, 2.0], np.float32))
w = Tensor(np.array([3.0, -1.0], np.float32))
RESULTS.append(affine(x, w))
RESULTS.append(affine(x, w, Tensor(np.array([0.5, 0.5], np.float32))))
RESULTS.append(affine(x, w, None))
RESULTS.append(maybe(x, True))
RESULTS.append(maybe(x, False))
