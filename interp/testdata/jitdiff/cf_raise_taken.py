# raise under Tensor conditions that the inputs meet: after a return in the other arm, in both arms, in an unrolled loop.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def pos(x):
    if x.sum() > 0:
        return x * 2
    raise ValueError("not positive")


@jit
def both(x):
    if x.sum() > 0:
        raise ValueError("positive")
    else:
        raise ValueError("not positive")


@jit
def loop(x):
    y = x
    for i in range(3):
        if y.sum() > 100:
            raise ValueError("too big")
        y = y * 10
    return y


RESULTS.append(pos(Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(loop(Tensor(np.array([0.1, 0.2], np.float32))))
for f, v in ((pos, [-1.0, 0.0]), (both, [1.0, 1.0]), (both, [-1.0, 0.0]), (loop, [1.0, 2.0])):
    try:
        f(Tensor(np.array(v, np.float32)))
    except ValueError as e:
        RESULTS.append(str(e))
