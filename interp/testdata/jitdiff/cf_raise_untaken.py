# raise under a Tensor condition that the inputs never meet: the graph computes what PyNative does.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def checked_sqrt(x):
    if x.min() < 0:
        raise ValueError("negative input")
    return x.sqrt()


RESULTS.append(checked_sqrt(Tensor(np.array([1.0, 4.0, 9.0], np.float32))))
RESULTS.append(checked_sqrt(Tensor(np.array([0.25, 0.0], np.float32))))
