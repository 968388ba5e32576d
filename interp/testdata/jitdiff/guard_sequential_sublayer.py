# A layer inside a SequentialCell (a library Cell, run on the host while capturing) replaced between calls.
import numpy as np
from mindspore import nn, Tensor, jit

RESULTS = []


class Block(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.fc = nn.Dense(2, 2, weight_init=Tensor(np.array(w, np.float32)), bias_init='zeros')

    def construct(self, x):
        return x + self.fc(x)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.SequentialCell([Block([[1.0, 0.0], [0.0, 1.0]]), Block([[0.5, 0.5], [0.5, 0.5]])])

    @jit
    def construct(self, x):
        return self.blocks(x)


net = Net()
x = Tensor(np.array([[1.0, 2.0]], np.float32))
RESULTS.append(net(x))
net.blocks[0].fc = nn.Dense(2, 2, weight_init=Tensor(np.array([[2.0, 0.0], [0.0, -1.0]], np.float32)), bias_init='ones')
RESULTS.append(net(x))
net.blocks[1].fc.has_bias = False
RESULTS.append(net(x))
