# enumerate and zip over tuples of Tensors and constants.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def weighted(xs, ws):
    total = xs[0] * 0
    for i, x in enumerate(xs):
        total = total + x * (i + 1)
    for x, w in zip(xs, ws):
        total = total + x * w
    for i, (x, w) in enumerate(zip(xs, ws)):
        total = total - i * w
    return total


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([-1.0, 0.5], np.float32))
c = Tensor(np.array([3.0, 3.0], np.float32))
RESULTS.append(weighted((a, b, c), (0.5, 1.5, 2.0)))
RESULTS.append(weighted((a, b), (2.0, -1.0)))
RESULTS.append(weighted((c, a), (1.0, 1.0)))
