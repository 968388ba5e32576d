# range with start, stop and negative step; reversed() over a range.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def steps(x):
    for i in range(10, 0, -3):
        x = x * 0.5 + i
    for j in reversed(range(3)):
        x = x - j
    for k in range(2, 7, 2):
        x = x + k * k
    return x


RESULTS.append(steps(Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(steps(Tensor(np.array([[1.0], [-3.0]], np.float32))))
