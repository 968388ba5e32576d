# x if cond else y with Tensor conditions, nested and inside expressions.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def tern(a, b):
    c = a if a.sum() > b.sum() else b
    d = (a * 2 if a.max() > 2 else a) + (b if b.min() < 0 else -b)
    e = a if a.sum() > 100 else (b if b.sum() > 0 else a + b)
    return c, d, e


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.5, -0.5, 4.0], np.float32))
RESULTS.append(tern(x, y))
RESULTS.append(tern(y, x))
RESULTS.append(tern(-x, -y))
RESULTS.append(ms.grad(lambda a, b: tern(a, b)[1].sum(), (0, 1))(x, y))
