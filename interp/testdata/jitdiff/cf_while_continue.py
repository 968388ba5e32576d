# continue inside a while on a Tensor condition skips part of the body.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def odd_steps(x, y):
    while x.sum() < 20:
        x = x + 1
        if x.sum() % 2 < 1:
            continue
        y = y + x
    return x, y


RESULTS.append(odd_steps(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.zeros(2, np.float32))))
RESULTS.append(odd_steps(Tensor(np.array([4.0, 4.0], np.float32)), Tensor(np.ones(2, np.float32))))
RESULTS.append(odd_steps(Tensor(np.array([30.0, 4.0], np.float32)), Tensor(np.ones(2, np.float32))))
