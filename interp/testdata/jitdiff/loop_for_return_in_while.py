# A for loop with a return under a Tensor condition inside a while loop on a Tensor: the for loop's break flag and the while loop's stay apart.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def steps(x):
    n = x.sum() * 0
    while x.sum() < 20:
        for k in range(3):
            x = x + k
            if x.sum() > 10:
                break
        n = n + 1
        if n > 5:
            break
    return x, n


for v in ([0.0, 0.0], [5.0, 5.0], [30.0, 1.0]):
    RESULTS.append(steps(Tensor(np.array(v, np.float32))))
