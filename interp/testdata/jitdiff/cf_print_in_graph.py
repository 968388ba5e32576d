# print inside a jit function with Tensor control flow does not change the results.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def noisy(x):
    print("start", x)
    if x.sum() > 0:
        print("positive branch", x * 2)
        x = x * 2
    i = 0
    while x.sum() < 10:
        x = x + 3
        i += 1
    print("done", i)
    return x


RESULTS.append(noisy(Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(noisy(Tensor(np.array([-1.0, -2.0], np.float32))))
