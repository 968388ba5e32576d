# jacrev, jacfwd, jvp and vjp of a @jit function.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(x):
    return ops.stack((x[0] * x[1], ops.sin(x[2]) + x[0], x.sum() ** 2))


x = Tensor(np.array([1.0, 2.0, 0.5], np.float32))
v = Tensor(np.array([1.0, -1.0, 2.0], np.float32))
RESULTS.append(ms.jacrev(f)(x))
RESULTS.append(ms.jacfwd(f)(x))
RESULTS.append(ms.jvp(f, x, v))
RESULTS.append(ms.vjp(f, x)[1](v))
