# A list comprehension whose element expression branches on a Tensor (t * 2 if t.sum() > 0 else t * 0).
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def f(xs):
    b = [t * 2 if t.sum() > 0 else t * 0 for t in xs]
    return ops.stack(b)


xs = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([-3.0, 1.0], np.float32)))
RESULTS.append(f(xs))
RESULTS.append(f((xs[1], xs[0])))
