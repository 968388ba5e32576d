# for over a Tensor's first axis: rows of a matrix argument.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def row_products(m):
    acc = m[0] * 0 + 1
    best = m[0]
    for row in m:
        acc = acc * row
        best = ms.ops.maximum(best, row)
    return acc, best


RESULTS.append(row_products(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) - 2)))
RESULTS.append(row_products(Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) * 0.5)))
RESULTS.append(ms.grad(lambda m: row_products(m)[0].sum())(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) + 1)))
