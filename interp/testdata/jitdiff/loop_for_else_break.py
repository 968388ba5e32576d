# for...else after a break under a Tensor condition: the else clause runs only when no iteration broke, and the loop variable keeps its last value.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def search(x, target):
    found = x * 0
    for i in range(4):
        x = x + 1
        if x.sum() >= target:
            found = found + i
            break
        x = x * 1.5
    else:
        found = found - 1
    return x, found, i


for t in (1.0, 5.0, 9.0, 50.0):
    RESULTS.append(search(Tensor(np.array([0.5, 1.0], np.float32)), t))
