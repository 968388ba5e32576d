# A jit function that takes a Tensor and calls a global Cell (PyNative cell, graph caller).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []


class Shift(nn.Cell):
    def __init__(self):
        super().__init__()
        self.shift = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="shift")

    def construct(self, x, scale=1.0):
        return (x + self.shift) * scale


shift = Shift()


@jit
def twice(x):
    a = shift(x)
    b = shift(a, 0.5)
    return a, b


x = Tensor(np.array([1.0, -1.0, 0.0], np.float32))
RESULTS.append(twice(x))
RESULTS.append(twice(x * 4))
RESULTS.append(ms.grad(lambda x: twice(x)[1].sum(), 0, shift.trainable_params())(x))
