# Parameters read in a graph see later updates (set_data and assignment between calls).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([0.5, -0.5], np.float32)), name="b")

    @jit
    def construct(self, x):
        return ms.ops.matmul(x, self.w) + self.b


net = Affine()
x = Tensor(np.array([[1.0, 1.0]], np.float32))
RESULTS.append(net(x))
net.w.set_data(Tensor(np.array([[0.0, 1.0], [1.0, 0.0]], np.float32)))
RESULTS.append(net(x))
net.b.set_data(net.b * 10)
RESULTS.append(net(x))
RESULTS.append(net.w.asnumpy().tolist())
