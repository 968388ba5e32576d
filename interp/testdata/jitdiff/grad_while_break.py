# Gradients through a while on a Tensor condition that exits by break: the trip count depends on the input.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def f(x, w):
    i = 0
    while i < 10:
        x = x * w + 1
        if x.sum() > 50:
            break
        i += 1
    return x.sum()


w = Tensor(np.array([1.5, 2.0], np.float32))
for v in ([1.0, 1.0], [10.0, 20.0], [0.01, 0.01]):
    RESULTS.append(ms.value_and_grad(f, (0, 1))(Tensor(np.array(v, np.float32)), w))
