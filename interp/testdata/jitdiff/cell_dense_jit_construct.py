# A Cell whose construct is decorated @jit: two nn.Dense layers and a ReLU with fixed weights.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
w1 = Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3))
w2 = Tensor(np.linspace(0.5, -0.5, 8, dtype=np.float32).reshape(2, 4))


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4, weight_init=w1, bias_init='ones')
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(4, 2, weight_init=w2, bias_init='zeros')

    @jit
    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


net = MLP()
x = Tensor(np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]], np.float32))
RESULTS.append(net(x))
RESULTS.append(net(x[:1] * 2))
RESULTS.append(ms.grad(net, None, net.trainable_params())(x))
RESULTS.append(ms.grad(net)(x))
