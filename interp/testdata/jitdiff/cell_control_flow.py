# A Cell with Tensor control flow in its @jit construct: an if choosing a layer and a while refining.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Gate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([0.5, -1.0, 2.0], np.float32)), name="w")
        self.limit = 10.0

    @jit
    def construct(self, x):
        if (x * self.w).sum() > 0:
            y = x * self.w
        else:
            y = x - self.w
        while y.abs().sum() < self.limit:
            y = y * 2
        return y


net = Gate()
RESULTS.append(net(Tensor(np.array([1.0, 0.0, 1.0], np.float32))))
RESULTS.append(net(Tensor(np.array([1.0, 2.0, 0.0], np.float32))))
RESULTS.append(ms.grad(net, (0,), net.trainable_params())(Tensor(np.array([1.0, 0.0, 1.0], np.float32))))
