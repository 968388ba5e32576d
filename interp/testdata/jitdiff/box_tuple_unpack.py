# Tuples built, indexed, sliced and unpacked in the function; a starred target.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def shuffle(x, y):
    t = (x, y, x + y, x * y)
    a, b = t[1], t[0]
    first, *rest = t
    c, (d, e) = t[2], (t[3], t[-1])
    s = t[1:3]
    return a - b, first, len(rest), rest[-1], c + d + e, s


RESULTS.append(shuffle(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 5.0], np.float32))))
RESULTS.append(shuffle(Tensor(np.array([[1.0]], np.float32)), Tensor(np.array([[-2.0]], np.float32))))
