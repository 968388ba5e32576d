# Two early returns under successive Tensor ifs, returning tuples.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def bucket(x):
    m = x.mean()
    if m < 0:
        return x - 1, 0
    if m < 5:
        return x + 1, 1
    x = x * 0.5
    return x, 2


for v in ([-5.0, 1.0], [2.0, 3.0], [8.0, 9.0]):
    RESULTS.append(bucket(Tensor(np.array(v, np.float32))))
