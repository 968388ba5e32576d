# Several SGD steps unrolled inside one jit function (the update is seen by the next step's forward).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Lin(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([0.5, -0.5], np.float32)), name="w")

    def construct(self, x, y):
        return ((x * self.w).sum(axis=1) - y).square().mean()


net = Lin()
opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
grad_fn = ms.value_and_grad(net, None, opt.parameters)


@jit
def train(x, y, n):
    losses = []
    for _ in range(n):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(loss)
    return losses


x = Tensor(np.array([[1.0, 2.0], [3.0, -1.0]], np.float32))
y = Tensor(np.array([1.0, 2.0], np.float32))
RESULTS.append(train(x, y, 3))
RESULTS.append(Tensor(net.w.asnumpy()))
RESULTS.append(train(x, y, 2))
RESULTS.append(Tensor(net.w.asnumpy()))
