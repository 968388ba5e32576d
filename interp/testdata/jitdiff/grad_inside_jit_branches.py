# Gradients taken inside a jit function of code that branches on Tensors: if, x if c else y, return under a condition, an unrolled loop, second order.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops
RESULTS = []
def h(x, y):
    z = x * y if (x * y).sum() > 0 else x - y
    if x.max() > 1.5:
        return (z * z).sum()
    return (z * 3).sum()
def k(x):
    r = x
    for i in range(3):
        if r.sum() > 2:
            r = r * 0.5
        else:
            r = r + 1
    return (r * r).sum()
@jit
def both(x, y):
    return ms.grad(h, (0, 1))(x, y), ms.value_and_grad(k)(x), ms.grad(ms.grad(k))(x)
for a, b in (([1.0, 2.0], [0.5, 0.1]), ([-1.0, 0.2], [2.0, 3.0]), ([0.1, 0.2], [-1.0, 1.0])):
    RESULTS.append(both(Tensor(np.array(a, np.float32)), Tensor(np.array(b, np.float32))))
