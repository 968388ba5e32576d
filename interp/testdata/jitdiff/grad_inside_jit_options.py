# Gradient API options used inside a jit function: positions and weights, has_aux, GradOperation, return_ids.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter, ops

RESULTS = []
w = Parameter(Tensor(np.array([1.5, -0.5], np.float32)), name="w")


def f(x, y):
    return (x * y * w).sum(), x - y


@jit
def all_grads(x, y):
    g1 = ms.grad(f, (0, 1), [w], has_aux=True)(x, y)
    g2 = ops.GradOperation(get_all=True)(lambda a, b: f(a, b)[0])(x, y)
    g3 = ms.grad(lambda a, b: f(a, b)[0], 1, return_ids=True)(x, y)
    v, g4 = ms.value_and_grad(lambda a: f(a, y)[0] ** 2)(x)
    return g1, g2, g3, v, g4


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, -1.0], np.float32))
RESULTS.append(all_grads(x, y))
RESULTS.append(all_grads(y, x))
