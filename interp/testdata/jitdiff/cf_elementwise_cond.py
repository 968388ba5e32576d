# Tensor comparisons reduced with any()/all() as conditions.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def fix(x):
    if (x < 0).any():
        x = x.abs()
    if (x > 1).all():
        x = x - 1
    return x


for v in ([1.5, 2.5], [-1.5, 2.5], [0.5, -0.25], [-3.0, -4.0]):
    RESULTS.append(fix(Tensor(np.array(v, np.float32))))
