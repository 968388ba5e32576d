# not-cpython
# A Cell's bprop must take the forward inputs, out and dout: MindSpore's
# TypeError when it does not, raised when the gradient is taken.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


class Custom(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, out, dout):
        return dout, dout


x = Tensor(np.ones(2, np.float32))
print(Custom()(x, x))
ms.grad(Custom())(x, x)
