# A Cell subclass whose @jit construct calls super().construct and an overridden helper.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Base(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def act(self, x):
        return ms.ops.relu(x)

    def construct(self, x):
        return self.act(x * self.w)


class Child(Base):
    def __init__(self):
        super().__init__()
        self.b = Parameter(Tensor(np.array([0.5, -0.5], np.float32)), name="b")

    def act(self, x):
        return ms.ops.tanh(x)

    @jit
    def construct(self, x):
        return super().construct(x) + self.b


c = Child()
x = Tensor(np.array([1.0, -3.0], np.float32))
RESULTS.append(c(x))
RESULTS.append(c(x * 0.1))
RESULTS.append(ms.grad(c, 0, c.trainable_params())(x))
