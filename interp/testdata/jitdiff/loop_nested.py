# Nested unrolled loops building a matrix from an outer product, with a Tensor if inside.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def table(x, y):
    rows = []
    for i in range(3):
        row = []
        for j in range(2):
            v = x[i] * y[j] + i - j
            if v > 0:
                v = v * 2
            row.append(v)
        rows.append(ops.stack(row))
    return ops.stack(rows)


x = Tensor(np.array([1.0, -2.0, 0.5], np.float32))
y = Tensor(np.array([3.0, -1.0], np.float32))
RESULTS.append(table(x, y))
RESULTS.append(table(-x, y))
RESULTS.append(ms.grad(lambda a, b: table(a, b).sum(), (0, 1))(x, y))
