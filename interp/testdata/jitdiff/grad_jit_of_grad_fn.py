# jit applied to a function that returns ms.grad of another function, and jit(ms.grad(f)) directly.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def loss(w, x):
    return ((ops.matmul(x, w) - 1) ** 2).mean()


grad_w = jit(ms.grad(loss))


@jit
def sgd(w, x, lr):
    for _ in range(3):
        w = w - lr * ms.grad(loss)(w, x)
    return w, loss(w, x)


w = Tensor(np.array([[0.5], [-0.5]], np.float32))
x = Tensor(np.array([[1.0, 2.0], [3.0, 1.0], [0.0, -1.0]], np.float32))
RESULTS.append(grad_w(w, x))
RESULTS.append(sgd(w, x, 0.1))
RESULTS.append(sgd(w, x, 0.01))
