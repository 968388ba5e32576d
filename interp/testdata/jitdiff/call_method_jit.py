# @jit on a Cell method other than construct, calling construct and a helper method.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Model(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, -1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        return x * self.w

    def penalty(self):
        return (self.w * self.w).sum()

    @jit
    def loss(self, x, y, lam):
        return ((self(x) - y) ** 2).mean() + lam * self.penalty()


m = Model()
x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.0, 1.0, 5.0], np.float32))
RESULTS.append(m.loss(x, y, 0.1))
RESULTS.append(m.loss(x, y, 0.0))
RESULTS.append(ms.grad(m.loss, (0, 1), m.trainable_params())(x, y, 0.1))
