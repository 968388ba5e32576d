# A Cell whose @jit construct takes *inputs (a variable number of Tensors) and sums weighted inputs.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Merge(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 0.5, 0.25], np.float32)), name="w")

    @jit
    def construct(self, *inputs):
        out = inputs[0] * 0
        for i, t in enumerate(inputs):
            out = out + t * self.w[i]
        return out


m = Merge()
a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([4.0, -4.0], np.float32))
RESULTS.append(m(a))
RESULTS.append(m(a, b))
RESULTS.append(m(a, b, a + b))
RESULTS.append(ms.grad(m, (0, 1), m.trainable_params())(a, b))
