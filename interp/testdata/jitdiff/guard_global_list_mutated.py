# A global list and dict mutated in place between calls: the graph that read them must not go stale.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []
COEFFS = [1.0, 2.0]
CFG = {"shift": 0.5}


@jit
def apply(x):
    y = x * 0
    for c in COEFFS:
        y = y * x + c
    return y + CFG["shift"]


x = Tensor(np.array([1.0, 2.0, -1.0], np.float32))
RESULTS.append(apply(x))
COEFFS.append(3.0)
RESULTS.append(apply(x))
CFG["shift"] = -10.0
RESULTS.append(apply(x))
COEFFS[0] = 0.0
RESULTS.append(apply(x))
