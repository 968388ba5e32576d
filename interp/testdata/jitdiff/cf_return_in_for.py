# A return under a Tensor if inside an unrolled for loop: later iterations run only on the other path.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def first_big(xs, limit):
    for i in range(len(xs)):
        if xs[i].sum() > limit:
            return xs[i] * 10
    return xs[0] * 0 - 1


xs = (Tensor(np.array([1.0, 1.0], np.float32)), Tensor(np.array([3.0, 4.0], np.float32)), Tensor(np.array([9.0, 9.0], np.float32)))
RESULTS.append(first_big(xs, 5.0))
RESULTS.append(first_big(xs, 1.0))
RESULTS.append(first_big(xs, 100.0))
