# Gradients with respect to the weights of a CellList of Dense layers in a @jit construct with a Tensor if.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Stack(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([
            nn.Dense(2, 2, weight_init=Tensor(np.array([[1.0, 0.5], [-0.5, 1.0]], np.float32) * (k + 1)), bias_init='zeros')
            for k in range(3)])

    @jit
    def construct(self, x):
        for i, layer in enumerate(self.layers):
            y = layer(x)
            if y.sum() > 0:
                x = ms.ops.relu(y)
            else:
                x = y * 0.5
        return x.sum()


net = Stack()
x1 = Tensor(np.array([[1.0, 2.0]], np.float32))
x2 = Tensor(np.array([[-3.0, 1.0]], np.float32))
for x in (x1, x2):
    RESULTS.append(ms.value_and_grad(net, 0, net.trainable_params())(x))
