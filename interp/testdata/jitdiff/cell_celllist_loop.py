# nn.CellList iterated in construct (unrolled), with a residual connection.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Residual(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.CellList([
            nn.Dense(2, 2, weight_init=Tensor(np.array([[1.0, 0.5 * i], [-0.5, 1.0]], np.float32)), bias_init='zeros')
            for i in range(n)])

    @jit
    def construct(self, x):
        for layer in self.layers:
            x = x + ms.ops.tanh(layer(x))
        return x


net = Residual(3)
x = Tensor(np.array([[1.0, -1.0], [0.5, 2.0]], np.float32))
RESULTS.append(net(x))
RESULTS.append(net(x * -2))
RESULTS.append(ms.grad(net, 0, net.trainable_params())(x))
