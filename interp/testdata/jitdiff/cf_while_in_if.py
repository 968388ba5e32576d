# A while on a Tensor condition inside one arm of a Tensor if, with an if inside the while.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def f(x, y):
    if x.sum() > y.sum():
        while x.sum() > y.sum():
            if x.max() > 4:
                x = x - 2
            else:
                x = x - 0.5
        z = x + y
    else:
        z = x * y
    return z


a = Tensor(np.array([6.0, 1.0], np.float32))
b = Tensor(np.array([1.0, 1.0], np.float32))
RESULTS.append(f(a, b))
RESULTS.append(f(b, a))
RESULTS.append(f(a * 3, b))
