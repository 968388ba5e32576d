# dtypes in a jit function: casts, astype, int true division giving float32, int arithmetic, float64 and bools.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def casts(i, f):
    a = ops.cast(f, ms.int32)
    b = i.astype(ms.float32) * f
    c = i / 2
    d = i // 3
    e = i % 3
    g = ops.cast(f, ms.float64) * 0.1
    h = (f > 0).astype(ms.int32).sum()
    k = ops.cast(i > 2, ms.float32) + f
    m = i * 2 + 1
    return a, b, c, d, e, g, h, k, m, (i + f).dtype == ms.float32


i = Tensor(np.array([1, 5, -7, 4], np.int32))
f = Tensor(np.array([1.7, -2.2, 3.5, -0.4], np.float32))
RESULTS.append(casts(i, f))
RESULTS.append(casts(Tensor(np.array([3, 9, 10, -1], np.int64)), f))
