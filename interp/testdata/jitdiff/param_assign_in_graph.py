# ops.assign to a Parameter inside a jit function: the update persists and later reads see it.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, Parameter, ops

RESULTS = []
w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")


@jit
def bump(x):
    before = (w * x).sum()
    ops.assign(w, w + x)
    return before


x = Tensor(np.array([0.5, -1.0], np.float32))
RESULTS.append(bump(x))
RESULTS.append(Tensor(w.asnumpy()))
RESULTS.append(bump(x))
RESULTS.append(Tensor(w.asnumpy()))
