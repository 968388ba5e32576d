# Gradients for inputs the output does not depend on (zeros), and for an int input next to float ones.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def f(x, y, z, n):
    if n > 0:
        return x * n + z * 0
    return x * 2


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))
z = Tensor(np.array([5.0, 6.0], np.float32))
RESULTS.append(ms.grad(f, (0, 1, 2))(x, y, z, Tensor(np.array(3, np.int32))))
RESULTS.append(ms.grad(f, (0, 1, 2))(x, y, z, Tensor(np.array(-1, np.int32))))
