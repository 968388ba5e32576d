# A module-level lambda with a Tensor conditional expression, called from a jit function.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []
soft_abs = lambda t: t if t.sum() > 0 else -t


@jit
def f(x, y):
    return soft_abs(x) + soft_abs(y)


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([-3.0, 1.0], np.float32))
RESULTS.append(f(a, b))
RESULTS.append(f(b, b))
