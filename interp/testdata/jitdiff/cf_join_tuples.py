# Tuples and lists of Tensors assigned in both arms of a Tensor if join element by element.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def swap(x, y):
    if x.mean() > y.mean():
        pair = (y, x)
        lst = [x + 1, 0]
    else:
        pair = (x, y)
        lst = [y - 1, 0]
    lo, hi = pair
    return hi - lo, lst


a = Tensor(np.array([1.0, 5.0], np.float32))
b = Tensor(np.array([2.0, 2.0], np.float32))
RESULTS.append(swap(a, b))
RESULTS.append(swap(b, a * 0))
