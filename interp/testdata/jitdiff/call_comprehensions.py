# Dict and nested list comprehensions, generator expressions with sum/max/any inside a jit function.
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def comp(x, y):
    d = {k: x * k for k in (1, 2, 3)}
    grid = [[x[i] * y[j] for j in range(2)] for i in range(2)]
    s = sum(t.sum() for t in d.values())
    m = max([len(r) for r in grid])
    flat = ops.stack([v for row in grid for v in row])
    return d[2], s, m, flat


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([-1.0, 3.0], np.float32))
RESULTS.append(comp(x, y))
RESULTS.append(comp(y, x))
