# Two networks with their own optimizers trained alternately by two jit step functions.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
g_net = nn.Dense(2, 2, weight_init=Tensor(np.array([[1.0, 0.5], [-0.5, 1.0]], np.float32)), bias_init='zeros')
d_net = nn.Dense(2, 1, weight_init=Tensor(np.array([[0.3, -0.2]], np.float32)), bias_init='zeros')
g_opt = nn.SGD(g_net.trainable_params(), learning_rate=0.05)
d_opt = nn.SGD(d_net.trainable_params(), learning_rate=0.1)
d_grad = ms.value_and_grad(lambda real, z: (d_net(g_net(z)) - d_net(real)).mean(), None, d_opt.parameters)
g_grad = ms.value_and_grad(lambda z: -d_net(g_net(z)).mean(), None, g_opt.parameters)


@jit
def d_step(real, z):
    loss, grads = d_grad(real, z)
    d_opt(grads)
    return loss


@jit
def g_step(z):
    loss, grads = g_grad(z)
    g_opt(grads)
    return loss


real = Tensor(np.array([[1.0, 1.0], [2.0, 0.0]], np.float32))
z = Tensor(np.array([[0.5, -0.5], [0.0, 1.0]], np.float32))
for _ in range(3):
    RESULTS.append((d_step(real, z), g_step(z)))
for p in g_net.trainable_params() + d_net.trainable_params():
    RESULTS.append(Tensor(p.asnumpy()))
