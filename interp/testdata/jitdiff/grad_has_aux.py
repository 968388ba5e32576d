# has_aux and several outputs: only the first output is differentiated; stop_gradient in a jit function.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(x, y):
    loss = (x * y).sum()
    aux = x - y
    return loss, aux


@jit
def h(x, y):
    return (ops.stop_gradient(x * 2) * x * y).sum()


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
RESULTS.append(ms.grad(f, (0, 1), has_aux=True)(x, y))
RESULTS.append(ms.value_and_grad(f, 0, has_aux=True)(x, y))
RESULTS.append(ms.grad(f)(x, y))
RESULTS.append(ms.grad(h, (0, 1))(x, y))
