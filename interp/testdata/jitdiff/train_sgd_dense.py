# A training step under @jit: value_and_grad of an MSE loss through nn.Dense and nn.SGD, five steps.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
net = nn.Dense(3, 2, weight_init=Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)), bias_init='zeros')
opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
loss_fn = nn.MSELoss()


def forward(x, y):
    return loss_fn(net(x), y)


grad_fn = ms.value_and_grad(forward, None, opt.parameters)


@jit
def step(x, y):
    loss, grads = grad_fn(x, y)
    opt(grads)
    return loss


x = Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0], [2.0, 0.0, -1.0]], np.float32))
y = Tensor(np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]], np.float32))
for _ in range(5):
    RESULTS.append(step(x, y))
RESULTS.append(Tensor(net.weight.asnumpy()))
RESULTS.append(Tensor(net.bias.asnumpy()))
