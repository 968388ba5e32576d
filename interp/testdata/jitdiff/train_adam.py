# nn.Adam in a jit training step of a Cell with a raw Parameter; losses, weights and moments.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Quad(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Parameter(Tensor(np.array([1.0, -2.0, 0.5], np.float32)), name="a")
        self.c = Parameter(Tensor(np.array(0.3, np.float32)), name="c")

    def construct(self, x):
        return ((self.a * x * x + self.c - x) ** 2).mean()


net = Quad()
opt = nn.Adam(net.trainable_params(), learning_rate=0.05)
grad_fn = ms.value_and_grad(net, None, opt.parameters)


@jit
def step(x):
    loss, grads = grad_fn(x)
    opt(grads)
    return loss, grads


x = Tensor(np.array([0.5, 1.0, -1.5], np.float32))
for _ in range(4):
    RESULTS.append(step(x))
RESULTS.append(Tensor(net.a.asnumpy()))
RESULTS.append(Tensor(net.c.asnumpy()))
RESULTS.append(Tensor(opt.moment1[0].asnumpy()))
RESULTS.append(Tensor(opt.moment2[0].asnumpy()))
