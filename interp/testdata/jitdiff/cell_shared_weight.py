# One Dense layer used twice (weight tying) in a @jit construct: the gradient sums both uses.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Tied(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2, weight_init=Tensor(np.array([[0.5, -1.0], [1.0, 0.25]], np.float32)), bias_init='ones')

    @jit
    def construct(self, x):
        h = ms.ops.sigmoid(self.fc(x))
        return self.fc(h).sum()


t = Tied()
x = Tensor(np.array([[1.0, 2.0], [0.0, -1.0]], np.float32))
RESULTS.append(t(x))
RESULTS.append(ms.grad(t, 0, t.trainable_params())(x))
