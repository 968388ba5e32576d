# Indexing a tuple with a constant computed in the function; tuple comparison, `in` and count.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def sel(xs, k):
    idx = (k * 2 + 1) % len(xs)
    t = xs[idx]
    shape = t.shape
    big = shape[0] > 2
    has = 3 in shape
    return t * 2, idx, shape, big, has


xs = (Tensor(np.ones((2, 3), np.float32)), Tensor(np.arange(4, dtype=np.float32)), Tensor(np.zeros((3, 1), np.float32)))
RESULTS.append(sel(xs, 0))
RESULTS.append(sel(xs, 1))
RESULTS.append(sel(xs, 2))
