# A one-element non-bool Tensor used directly as a condition: if x, while n, x and y, not x.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def truthy(x, n):
    out = x * 0
    if x:
        out = out + 1
    if not x:
        out = out - 1
    while n:
        out = out + n.astype(ms.float32)
        n = n - 1
    return out, n


for xv in (0.0, 2.5):
    for nv in (0, 3):
        RESULTS.append(truthy(Tensor(np.array([xv], np.float32)), Tensor(nv, ms.int32)))
