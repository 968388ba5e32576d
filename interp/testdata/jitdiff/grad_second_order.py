# Second and third order gradients of a @jit function: ms.grad(ms.grad(f)).
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(x):
    return x * x * x + ops.sin(x) * 2


x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
d1 = ms.grad(f)
d2 = ms.grad(ms.grad(f))
d3 = ms.grad(ms.grad(ms.grad(f)))
RESULTS.append(d1(x))
RESULTS.append(d2(x))
RESULTS.append(d3(x))
RESULTS.append(d2(x * 2))
