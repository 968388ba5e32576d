# ms.grad called inside a jit function of code with a while loop on a Tensor: the gradient is a backward While in the graph.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def f(x, w):
    y = x
    n = 0
    while y.sum() < 10.0:
        y = y * w + ops.sin(y)
        n = n + 1
    return (y * y).sum() + n


@jit
def g(x, w):
    return ms.grad(f, grad_position=(0, 1))(x, w)


for v in ([0.5, 1.0], [3.0, 4.0], [20.0, 1.0]):
    x = Tensor(np.array(v, np.float32))
    w = Tensor(np.array([1.5, 1.2], np.float32))
    RESULTS.append(f(x, w))
    RESULTS.append(g(x, w))
