# Cell attributes that are not Parameters are compile-time constants; changing one recompiles.
import numpy as np
from mindspore import nn, Tensor, jit

RESULTS = []


class Scaler(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = 2.0
        self.mode = "add"
        self.steps = 2

    @jit
    def construct(self, x):
        for _ in range(self.steps):
            if self.mode == "add":
                x = x + self.scale
            else:
                x = x * self.scale
        return x


net = Scaler()
x = Tensor(np.array([1.0, -3.0], np.float32))
RESULTS.append(net(x))
net.mode = "mul"
RESULTS.append(net(x))
net.steps = 3
net.scale = 0.5
RESULTS.append(net(x))
