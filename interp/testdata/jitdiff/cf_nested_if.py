# Nested ifs on Tensor conditions: four paths through two levels.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def quad(x, y):
    if x.sum() > 0:
        if y.sum() > 0:
            z = x + y
        else:
            z = x - y
        z = z * 2
    else:
        if y.max() > 1:
            z = x * y
        else:
            z = x / (y + 10)
    return z + 1


xs = [np.array([1.0, 2.0], np.float32), np.array([-1.0, -2.0], np.float32)]
ys = [np.array([0.5, 3.0], np.float32), np.array([-4.0, 0.5], np.float32)]
for a in xs:
    for b in ys:
        RESULTS.append(quad(Tensor(a), Tensor(b)))
