# break and continue in an unrolled for loop, on constants and on Tensor conditions.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def scan(x):
    for i in range(6):
        if i == 1:
            continue
        x = x + i
        if x.sum() > 12:
            break
        if i == 4:
            break
    return x


RESULTS.append(scan(Tensor(np.array([0.0, 1.0], np.float32))))
RESULTS.append(scan(Tensor(np.array([4.0, 4.0], np.float32))))
RESULTS.append(scan(Tensor(np.array([-9.0, -9.0], np.float32))))
