# CellList indexed by constants, len() of it, SequentialCell slicing and reversed order in a @jit construct.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


def dense(k):
    return nn.Dense(2, 2, weight_init=Tensor(np.array([[1.0, 0.1 * k], [-0.1 * k, 1.0]], np.float32)), bias_init='zeros')


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense(k) for k in range(4)])
        self.seq = nn.SequentialCell([dense(k + 4) for k in range(3)])

    @jit
    def construct(self, x):
        a = self.layers[0](x) + self.layers[-1](x)
        for i in range(len(self.layers) - 1, 0, -1):
            a = self.layers[i](a)
        b = self.seq[1:](x)
        return a, b, len(self.seq)


net = Net()
x = Tensor(np.array([[1.0, 2.0], [-1.0, 0.5]], np.float32))
RESULTS.append(net(x))
RESULTS.append(ms.grad(lambda x: net(x)[0].sum() + net(x)[1].sum(), None, net.trainable_params())(x))
