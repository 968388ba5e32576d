# A bool Tensor argument used directly as an if and while condition, and combined with not/and.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def gated(x, flag, other):
    if flag:
        x = x * 3
    if not flag and other:
        x = x - 100
    while other and x.sum() < 50:
        x = x + 10
    return x


x = Tensor(np.array([1.0, 2.0], np.float32))
T = Tensor(True, ms.bool_)
F = Tensor(False, ms.bool_)
for p in (T, F):
    for q in (T, F):
        RESULTS.append(gated(x, p, q))
