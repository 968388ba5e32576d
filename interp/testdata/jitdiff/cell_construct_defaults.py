# A Cell with a @jit construct taking a default argument, None, and keyword-free extra Tensors.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Mix(nn.Cell):
    def __init__(self):
        super().__init__()
        self.alpha = Parameter(Tensor(np.array(0.25, np.float32)), name="alpha")

    @jit
    def construct(self, x, y=None, power=1):
        if y is None:
            y = ms.ops.zeros_like(x)
        z = x * self.alpha + y * (1 - self.alpha)
        for _ in range(power - 1):
            z = z * z
        return z


m = Mix()
x = Tensor(np.array([1.0, 4.0], np.float32))
y = Tensor(np.array([-2.0, 2.0], np.float32))
RESULTS.append(m(x))
RESULTS.append(m(x, y))
RESULTS.append(m(x, y, 3))
RESULTS.append(m(x, None, 2))
RESULTS.append(ms.grad(m, (0, 1), m.trainable_params())(x, y, 2))
