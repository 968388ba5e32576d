# ms.grad and value_and_grad with weights of a Cell whose construct is @jit; inputs and weights together.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter, ops

RESULTS = []


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([[1.0, -1.0], [0.5, 2.0]], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([0.1, 0.2], np.float32)), name="b")

    @jit
    def construct(self, x):
        return ops.tanh(ops.matmul(x, self.w) + self.b).sum()


net = Net()
x = Tensor(np.array([[1.0, 2.0], [0.0, -1.0]], np.float32))
params = net.trainable_params()
RESULTS.append(ms.grad(net, None, params)(x))
RESULTS.append(ms.grad(net, 0, params)(x))
RESULTS.append(ms.value_and_grad(net, None, params)(x))
RESULTS.append(ms.grad(net, None, net.w)(x))
RESULTS.append(ms.grad(net, 0, params, return_ids=True)(x))
