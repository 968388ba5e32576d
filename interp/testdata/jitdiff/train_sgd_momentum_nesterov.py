# nn.SGD with momentum, nesterov and weight decay under a jit step on a Conv2d net.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
conv = nn.Conv2d(1, 2, 2, pad_mode='valid', weight_init=Tensor(np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 1, 2, 2)), has_bias=True, bias_init='zeros')
opt = nn.SGD(conv.trainable_params(), learning_rate=0.02, momentum=0.9, nesterov=True, weight_decay=0.01)


def loss_of(x, t):
    return ((conv(x) - t) ** 2).mean()


grad_fn = ms.value_and_grad(loss_of, None, opt.parameters)


@jit
def step(x, t):
    loss, grads = grad_fn(x, t)
    opt(grads)
    return loss


x = Tensor(np.arange(18, dtype=np.float32).reshape(2, 1, 3, 3) / 9 - 1)
t = Tensor(np.ones((2, 2, 2, 2), np.float32) * 0.5)
for _ in range(4):
    RESULTS.append(step(x, t))
RESULTS.append(Tensor(conv.weight.asnumpy()))
RESULTS.append(Tensor(conv.bias.asnumpy()))
