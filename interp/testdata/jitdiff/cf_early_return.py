# An early return under a Tensor if: the rest of the function runs only on the other path.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def safe_log(x):
    if x.min() <= 0:
        return x * 0
    y = ms.ops.log(x)
    y = y * 2
    return y + 1


RESULTS.append(safe_log(Tensor(np.array([1.0, 2.0, 4.0], np.float32))))
RESULTS.append(safe_log(Tensor(np.array([1.0, -2.0, 4.0], np.float32))))
RESULTS.append(ms.grad(safe_log)(Tensor(np.array([1.0, 2.0, 4.0], np.float32))))
RESULTS.append(ms.grad(safe_log)(Tensor(np.array([1.0, -2.0, 4.0], np.float32))))
