# An elementwise chain around an in-place optimizer update inside jit: the
# ops before the update read the old weights, those after it the new ones,
# fused or not.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, nn

RESULTS = []
ms.set_seed(1)
net = nn.Dense(3, 2)
opt = nn.SGD(net.trainable_params(), learning_rate=0.5)


@jit
def step(g_w, g_b):
    before = net.weight * 2.0
    opt((g_w, g_b))
    return before + 1.0, net.weight * 3.0 - 1.0


g_w = Tensor(np.array([[1.0, -2.0, 0.5], [0.25, 4.0, -1.0]], np.float32))
g_b = Tensor(np.array([1.0, -1.0], np.float32))
RESULTS.append(step(g_w, g_b))
RESULTS.append(step(g_w, g_b))
RESULTS.append(Tensor(net.weight.asnumpy()))
