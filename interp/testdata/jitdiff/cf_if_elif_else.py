# if/elif/else on Tensor conditions: each of the three arms taken by some input.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def classify(x):
    s = x.sum()
    if s > 10:
        y = x * 2
    elif s > 0:
        y = x + 100
    else:
        y = -x
    return y


for v in ([5.0, 6.0, 7.0], [1.0, 2.0, -1.0], [-3.0, 0.0, 1.0]):
    RESULTS.append(classify(Tensor(np.array(v, np.float32))))
RESULTS.append(ms.grad(classify)(Tensor(np.array([1.0, 2.0, -1.0], np.float32))))
RESULTS.append(ms.grad(classify)(Tensor(np.array([-3.0, 0.0, 1.0], np.float32))))
