# List comprehensions over ranges and Tensors (with conditions), stacked into a result.
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def comp(x, n):
    scaled = [x * (i + 1) for i in range(n)]
    evens = [x + i for i in range(n) if i % 2 == 0]
    rows = [r * 2 for r in x]
    sums = sum([t.sum() for t in scaled])
    return ops.stack(scaled), ops.stack(evens), ops.stack(rows), sums


x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
RESULTS.append(comp(x, 3))
RESULTS.append(comp(x * 2 - 1, 1))
RESULTS.append(comp(x * -1, 3))
