# Chained comparisons on Tensors, as conditions and as bool Tensor results.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def band(x, lo, hi):
    s = x.sum()
    inside = lo < s <= hi
    if 0 < s < lo:
        r = x * 2
    elif lo <= s < hi:
        r = x * 3
    else:
        r = -x
    return inside, r


for v in ([1.0, 1.0], [3.0, 4.0], [10.0, 20.0], [-1.0, -1.0]):
    RESULTS.append(band(Tensor(np.array(v, np.float32)), 5.0, 12.0))
