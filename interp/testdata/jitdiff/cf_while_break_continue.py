# break and continue in the same while on a Tensor condition, carrying two Tensors and an int.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def loop(x, y):
    n = 0
    while x.sum() < 30:
        x = x + 2
        n = n + 1
        if x.max() > 8:
            y = y * 2
            continue
        if y.sum() > 20:
            break
        y = y + x
    return x, y, n


RESULTS.append(loop(Tensor(np.array([1.0, 1.0], np.float32)), Tensor(np.array([0.0, 1.0], np.float32))))
RESULTS.append(loop(Tensor(np.array([5.0, 0.0], np.float32)), Tensor(np.array([1.0, 1.0], np.float32))))
RESULTS.append(loop(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([30.0, 1.0], np.float32))))
