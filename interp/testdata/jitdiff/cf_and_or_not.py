# and / or / not on one-element bool Tensors, as conditions and as values.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def logic(x, y):
    p = x.sum() > 0
    q = y.sum() > 0
    both = p and q
    either = p or q
    neither = not (p or q)
    if p and not q:
        z = x - y
    elif p or q:
        z = x + y
    else:
        z = x * y
    return both, either, neither, z


vals = [np.array([1.0, 2.0], np.float32), np.array([-1.0, -2.0], np.float32)]
for a in vals:
    for b in vals:
        RESULTS.append(logic(Tensor(a), Tensor(b)))
