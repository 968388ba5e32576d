# Returning nested tuples, lists and dicts of Tensors and constants.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def nest(x):
    return (x, [x + 1, (x * 2, 3)], {"a": x - 1, "b": (x, 1.5)}, "tag")


for v in ([1.0, 2.0], [[0.5], [-0.5]]):
    t, l, d, s = nest(Tensor(np.array(v, np.float32)))
    RESULTS.append((t, l, d["a"], d["b"], s))
