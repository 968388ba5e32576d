# Lambdas defined and called in the jit function, and lambdas passed to helpers.
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


def apply_twice(fn, x):
    return fn(fn(x))


sq = lambda t: t * t


@jit
def lam(x, k):
    add_k = lambda t: t + k
    r1 = apply_twice(add_k, x)
    r2 = apply_twice(sq, x)
    r3 = apply_twice(lambda t: ops.relu(t - 1), x)
    pair = (lambda a, b=2.0: a * b)(x)
    return r1, r2, r3, pair


x = Tensor(np.array([0.5, 2.0, 3.0], np.float32))
RESULTS.append(lam(x, 1.0))
RESULTS.append(lam(x, -4.0))
