# for over range unrolls; the range bound is a constant argument (a new value recompiles).
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def poly(x, n):
    acc = x * 0
    p = x * 0 + 1
    for i in range(n):
        acc = acc + p * (i + 1)
        p = p * x
    return acc


a = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
RESULTS.append(poly(a, 1))
RESULTS.append(poly(a, 4))
RESULTS.append(poly(a, 4))
RESULTS.append(ms.grad(poly)(a, 4))
