# A while whose counter is a Tensor argument (a variable trip count) accumulating a sum and a product.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def accumulate(x, n):
    i = Tensor(0, ms.int32)
    s = x * 0
    p = x * 0 + 1
    while i < n:
        s = s + x * ms.ops.cast(i, ms.float32)
        p = p * x
        i = i + 1
    return s, p, i


x = Tensor(np.array([1.5, -1.0], np.float32))
RESULTS.append(accumulate(x, Tensor(3, ms.int32)))
RESULTS.append(accumulate(x, Tensor(0, ms.int32)))
RESULTS.append(accumulate(x, Tensor(6, ms.int32)))
RESULTS.append(ms.grad(lambda t, n: accumulate(t, n)[1].sum())(x, Tensor(3, ms.int32)))
