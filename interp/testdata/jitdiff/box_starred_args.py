# *args and **kwargs: a jit function taking *args, and starred calls of helpers.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


def combine(a, b, c=0.0):
    return a * 2 + b - c


def total(*xs, **opts):
    s = xs[0] * 0
    for x in xs:
        s = s + x
    return s * opts.get("scale", 1.0)


@jit
def many(*args):
    pair = (args[0], args[1])
    r1 = combine(*pair)
    r2 = combine(*args[:2], c=args[-1])
    kw = {"scale": 3.0}
    r3 = total(*args, **kw)
    return r1, r2, r3, len(args)


a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([0.5, -0.5], np.float32))
RESULTS.append(many(a, b))
RESULTS.append(many(a, b, a * b))
