# Builtins on Tensors and tuples of Tensors inside a jit function: abs, sum, len, map, filter, zip, any/all on constants.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def builtins(x, y):
    a = abs(x - y)
    s = sum((x, y, a))
    doubled = tuple(map(lambda t: t * 2, (x, y)))
    big = tuple(filter(lambda k: k > 1, (0, 1, 2, 3)))
    pairs = [p * q for p, q in zip((x, y), (1.0, -1.0, 5.0))]
    flags = (any((0, 0, 1)), all((1, 1, 0)))
    e = [t + i for i, t in enumerate((x, y), start=1)]
    r = tuple(reversed((x, y)))
    return a, s, doubled, big, pairs, flags, e, r, sorted((3, 1, 2))


x = Tensor(np.array([1.0, -2.0], np.float32))
y = Tensor(np.array([0.5, 3.0], np.float32))
RESULTS.append(builtins(x, y))
RESULTS.append(builtins(y, x))
