# Third-order gradient and a jacobian taken inside a jit function.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def f(x):
    return ops.sin(x) * x * x


@jit
def derivs(x):
    d1 = ms.grad(f)(x)
    d2 = ms.grad(ms.grad(f))(x)
    d3 = ms.grad(ms.grad(ms.grad(f)))(x)
    return d1, d2, d3


@jit
def jac(x):
    return ms.jacrev(lambda t: ops.stack((t[0] * t[1], t[1] ** 2)))(x)


x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
RESULTS.append(derivs(x))
RESULTS.append(derivs(x * 2))
RESULTS.append(jac(Tensor(np.array([2.0, 3.0], np.float32))))
