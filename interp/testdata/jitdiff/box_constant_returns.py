# jit functions returning only constants, an input unchanged, the same Tensor twice, and empty containers.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def consts(x, n):
    return x.shape, n * 2, "ok", (), [], None, x.dtype == ms.float32


@jit
def same(x):
    return x, x, (x,)


@jit
def no_tensor_args(n, v):
    return ops.ones((n,), ms.float32) * v, n + 1


x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
RESULTS.append(consts(x, 3))
RESULTS.append(consts(x.reshape(3, 1), 4))
RESULTS.append(same(x))
RESULTS.append(no_tensor_args(3, 2.5))
RESULTS.append(no_tensor_args(2, -1.0))
