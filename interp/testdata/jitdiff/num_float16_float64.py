# float16 and float64 arithmetic in a jit function keeps the dtype and float16 rounding.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def prec(h, d):
    a = h * 3.3 + 0.1
    b = ops.exp(h) / 7
    c = d * d / 3.0 + 1e-10
    e = ops.cast(h, ms.float64) + d
    f = ops.cast(d, ms.float16) * h
    return a, b, c, e, f, a.sum(), c.mean()


h = Tensor(np.array([0.1, 1.7, -2.3, 10.5], np.float16))
d = Tensor(np.array([1.0 / 3, 2.0 ** 0.5, -1e-5, 123.456], np.float64))
RESULTS.append(prec(h, d))
RESULTS.append(ms.grad(lambda a, b: prec(a, b)[2].sum() + prec(a, b)[4].sum().astype(ms.float64), (0, 1))(h, d))
