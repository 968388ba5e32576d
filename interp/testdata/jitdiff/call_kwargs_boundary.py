# Calling a jit function with keyword arguments and defaults, and ms.jit(fn) used as a plain call.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def affine(x, w=2.0, b=0.0):
    return x * w + b


jaffine = ms.jit(affine)


@jit(capture_mode="ast")
def g(x, y=None, scale=1.0):
    if y is None:
        y = x
    return (x + y) * scale


x = Tensor(np.array([1.0, -2.0], np.float32))
RESULTS.append(jaffine(x))
RESULTS.append(jaffine(x, 3.0))
RESULTS.append(jaffine(x, b=1.0))
RESULTS.append(jaffine(x, w=-1.0, b=0.5))
RESULTS.append(g(x))
RESULTS.append(g(x, x * 2))
RESULTS.append(g(x, scale=0.5))
RESULTS.append(g(x, y=x + 1, scale=2.0))
