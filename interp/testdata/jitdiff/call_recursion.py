# Recursion whose depth is a compile-time constant unrolls: a power tower and a tree sum.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def repeat_square(x, n):
    if n == 0:
        return x
    return repeat_square(x * x, n - 1)


def tree(x, depth):
    if depth == 0:
        return x
    left = tree(x * 0.5, depth - 1)
    right = tree(x + 1, depth - 1)
    return left + right


@jit
def run(x, n):
    return repeat_square(x, n), tree(x, n)


a = Tensor(np.array([1.1, 0.9, -1.0], np.float32))
RESULTS.append(run(a, 0))
RESULTS.append(run(a, 2))
RESULTS.append(run(a, 3))
RESULTS.append(ms.grad(lambda x: run(x, 2)[0].sum() + run(x, 2)[1].sum())(a))
