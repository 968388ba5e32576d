# Default arguments and keyword arguments, at the jit boundary and to inner helper functions.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


def helper(a, scale=2.0, shift=0.0, *, square=False):
    y = a * scale + shift
    if square:
        y = y * y
    return y


@jit
def outer(x, scale=1.0, mode="plain"):
    a = helper(x)
    b = helper(x, shift=1.0)
    c = helper(x, 0.5, square=True)
    d = helper(shift=-1.0, a=x, scale=scale)
    if mode == "plain":
        return a + b + c + d
    return a * b * c * d


x = Tensor(np.array([1.0, -2.0], np.float32))
RESULTS.append(outer(x))
RESULTS.append(outer(x, 3.0))
RESULTS.append(outer(x, mode="product"))
RESULTS.append(outer(x, scale=0.5, mode="product"))
