# A Tensor's shape, ndim, size and dtype are constants in a graph: used in Python arithmetic and reshapes.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def meta(x):
    n, m = x.shape
    flat = x.reshape(n * m)
    half = flat[: (n * m) // 2]
    scale = 1.0 / x.size
    out = ops.zeros((m, n), x.dtype) + x.T
    return half * scale, out, x.ndim, x.shape, len(x), n + m


RESULTS.append(meta(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))))
RESULTS.append(meta(Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) - 5)))
RESULTS.append(meta(Tensor(np.arange(4, dtype=np.float64).reshape(1, 4))))
