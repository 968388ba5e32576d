# A @jit construct choosing between two sub-Cells with a Tensor if and looping a sub-Cell while a norm is large.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Router(nn.Cell):
    def __init__(self):
        super().__init__()
        self.up = nn.Dense(2, 2, weight_init=Tensor(np.array([[2.0, 0.0], [0.0, 2.0]], np.float32)), bias_init='zeros')
        self.down = nn.Dense(2, 2, weight_init=Tensor(np.array([[0.5, 0.1], [0.0, 0.5]], np.float32)), bias_init='zeros')

    @jit
    def construct(self, x):
        if x.sum() < 1:
            x = self.up(x)
        else:
            x = self.down(x)
        while (x * x).sum() > 4:
            x = self.down(x)
        return x


r = Router()
for v in ([[0.1, 0.2]], [[10.0, 3.0]], [[-3.0, 1.0]]):
    x = Tensor(np.array(v, np.float32))
    RESULTS.append(r(x))
    RESULTS.append(ms.grad(r, 0, r.trainable_params())(x))
