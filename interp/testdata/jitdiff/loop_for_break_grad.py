# Gradients through an unrolled for loop with a break under a Tensor condition, taken outside the jit function and inside it.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def body(x, w):
    for k in range(5):
        x = ops.tanh(x * w) + k
        if x.sum() > 6.0:
            break
        x = x * 0.5
    return (x * x).sum()


jbody = jit(body)


@jit
def inside(x, w):
    return ms.grad(body, grad_position=(0, 1))(x, w)


for v in ([0.2, 0.3], [2.0, 3.0]):
    x = Tensor(np.array(v, np.float32))
    w = Tensor(np.array([1.5, 0.7], np.float32))
    RESULTS.append(jbody(x, w))
    RESULTS.append(ms.grad(jbody, grad_position=(0, 1))(x, w))
    RESULTS.append(inside(x, w))
