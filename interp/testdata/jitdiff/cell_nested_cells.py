# Cells built from user Cells (a block reused twice), called from an outer @jit construct.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Block(nn.Cell):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.w = Parameter(Tensor(np.array([1.0, -0.5], np.float32) * scale), name="w")

    def construct(self, x):
        return ms.ops.tanh(x * self.w) + x


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Block(1.0)
        self.b = Block(2.0)

    @jit
    def construct(self, x):
        y = self.a(x)
        y = self.b(y)
        return self.a(y)


net = Net()
x = Tensor(np.array([[0.5, 1.0], [-1.0, 2.0]], np.float32))
RESULTS.append(net(x))
RESULTS.append(ms.grad(net, None, net.trainable_params())(x))
