# A frozen Parameter (requires_grad=False) read in a @jit construct: excluded from trainable_params, zero grad when asked.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
        self.scale = Parameter(Tensor(np.array([3.0, 3.0], np.float32)), name="scale", requires_grad=False)

    @jit
    def construct(self, x):
        return (x * self.w * self.scale).sum()


net = Net()
x = Tensor(np.array([0.5, -1.0], np.float32))
RESULTS.append(len(net.trainable_params()))
RESULTS.append(ms.grad(net, None, net.trainable_params())(x))
RESULTS.append(ms.grad(net, None, [net.w, net.scale])(x))
net.scale.set_data(Tensor(np.array([1.0, -1.0], np.float32)))
RESULTS.append(net(x))
