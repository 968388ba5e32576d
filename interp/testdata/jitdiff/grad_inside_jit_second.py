# A second-order gradient taken inside a @jit function, and grad of a function with an if inside jit.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def f(x):
    return (x ** 3 - 2 * x).sum()


def g(x):
    if x.sum() > 0:
        y = x * x
    else:
        y = -x * 3
    return y.sum()


@jit
def hess_diag(x):
    return ms.grad(ms.grad(f))(x), ms.grad(g)(x)


RESULTS.append(hess_diag(Tensor(np.array([1.0, 2.0, -0.5], np.float32))))
RESULTS.append(hess_diag(Tensor(np.array([-1.0, -2.0, 0.5], np.float32))))
