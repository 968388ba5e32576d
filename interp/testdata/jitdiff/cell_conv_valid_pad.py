# nn.Conv2d with pad_mode valid and pad, stride 2, bias, in a Cell with a @jit construct.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Two(nn.Cell):
    def __init__(self):
        super().__init__()
        k1 = Tensor(np.linspace(-1, 1, 3 * 2 * 2 * 2, dtype=np.float32).reshape(3, 2, 2, 2))
        k2 = Tensor(np.linspace(1, -1, 3 * 3 * 3 * 3, dtype=np.float32).reshape(3, 3, 3, 3))
        self.c1 = nn.Conv2d(2, 3, 2, stride=2, pad_mode='valid', weight_init=k1, has_bias=True, bias_init='ones')
        self.c2 = nn.Conv2d(3, 3, 3, pad_mode='pad', padding=1, weight_init=k2, has_bias=False)

    @jit
    def construct(self, x):
        return self.c2(ms.ops.relu(self.c1(x)))


net = Two()
x = Tensor(np.arange(2 * 2 * 6 * 6, dtype=np.float32).reshape(2, 2, 6, 6) / 20 - 3)
RESULTS.append(net(x))
RESULTS.append(net(x[:, :, :4, :4]))
RESULTS.append(ms.grad(net, 0, net.trainable_params())(x[:1]))
