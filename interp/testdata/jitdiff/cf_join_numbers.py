# Numbers that differ between the arms of a Tensor if become variable scalars, used after the if.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def choose(x):
    if x.sum() > 0:
        k = 2
        f = 0.5
        same = 7
    else:
        k = 5
        f = -1.5
        same = 7
    return x * k + f, k, f, same * 2


RESULTS.append(choose(Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(choose(Tensor(np.array([-1.0, -2.0], np.float32))))
