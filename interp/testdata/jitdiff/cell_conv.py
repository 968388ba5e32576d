# nn.Conv2d + ReLU + MaxPool2d + Flatten + Dense called from a jit function.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
ms.set_seed(7)
kw = Tensor(np.linspace(-0.5, 0.5, 2 * 1 * 3 * 3, dtype=np.float32).reshape(2, 1, 3, 3))
conv = nn.Conv2d(1, 2, 3, pad_mode='same', weight_init=kw, has_bias=False)
pool = nn.MaxPool2d(kernel_size=2, stride=2)
flat = nn.Flatten()
fc = nn.Dense(8, 3, weight_init=Tensor(np.linspace(-1, 1, 24, dtype=np.float32).reshape(3, 8)))


@jit
def net(x):
    y = ms.ops.relu(conv(x))
    y = pool(y)
    return fc(flat(y))


x = Tensor(np.arange(2 * 16, dtype=np.float32).reshape(2, 1, 4, 4) / 10 - 1)
RESULTS.append(net(x))
RESULTS.append(net(x[:1]))
params = conv.trainable_params() + fc.trainable_params()
RESULTS.append(ms.grad(lambda x: net(x).sum(), None, params)(x))
