# Lists built and changed in the function: append, index assignment, insert, pop, concatenation.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def listy(x):
    l = [x, x * 2]
    l.append(x * 3)
    l[0] = l[0] - 1
    l = l + [x + 10]
    l.insert(1, x * 0)
    last = l.pop()
    return l, last, len(l)


RESULTS.append(listy(Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(listy(Tensor(np.array(5.0, np.float32))))
