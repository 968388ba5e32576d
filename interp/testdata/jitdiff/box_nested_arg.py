# Nested tuples of Tensors and numbers as jit arguments, unpacked in the signature of a helper.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


def combine(pair, weights):
    (a, b), (wa, wb) = pair, weights
    return a * wa + b * wb


@jit
def f(data):
    pairs, weights, bias = data
    out = bias
    for p in pairs:
        out = out + combine(p, weights)
    return out, len(pairs)


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([-1.0, 0.5], np.float32))
RESULTS.append(f((((a, b), (b, a)), (2.0, 3.0), a)))
RESULTS.append(f((((a, a),), (1.0, -1.0), b)))
