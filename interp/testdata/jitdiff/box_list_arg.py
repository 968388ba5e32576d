# Lists of Tensors and of numbers passed as jit arguments, indexed, iterated and returned.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def mean_of(xs, ws):
    total = xs[0] * 0
    for x, w in zip(xs, ws):
        total = total + x * w
    return total / len(xs), [xs[-1], ws[0]]


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([-1.0, 0.5], np.float32))
RESULTS.append(mean_of([a, b], [1.0, 2.0]))
RESULTS.append(mean_of([a, b, a], [0.5, 0.5, 3.0]))
