# Lambdas and comprehensions inside a jit function whose bodies branch on a Tensor (x if cond else y).
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []
g_abs = lambda t: t if t.sum() > 0 else -t


@jit
def f(xs):
    local_abs = lambda t: t if t.sum() > 0 else -t
    a = [local_abs(t) for t in xs]
    b = [t * 2 if t.sum() > 0 else t * 0 for t in xs]
    c = g_abs(xs[0])
    return ops.stack(a), ops.stack(b), c


xs = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([-3.0, 1.0], np.float32)))
RESULTS.append(f(xs))
RESULTS.append(f((xs[1], xs[1] * -2)))
