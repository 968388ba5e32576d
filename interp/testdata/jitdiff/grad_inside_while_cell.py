# Gradients of a Cell with a while loop on a Tensor, taken inside a jit function: a break, an if in the body, and the Cell's Parameters.
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, jit, nn, ops

RESULTS = []


class Iterate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([[0.9, 0.2], [-0.1, 0.8]], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([0.1, -0.05], np.float32)), name="b")

    def construct(self, x):
        k = x.sum() * 0
        while k < 6:
            x = ops.tanh(ops.matmul(x, self.w) + self.b) * 2
            if x.sum() > 1.5:
                x = x * 0.9
            else:
                x = x + 0.1
            k = k + 1
            if ops.abs(x).max() > 3.0:
                break
        return (x ** 2).sum()


net = Iterate()
grad_fn = ms.value_and_grad(net, grad_position=0, weights=net.trainable_params())


@jit
def step(x):
    return grad_fn(x)


for v in ([0.3, -0.2], [2.0, 1.0], [-1.0, 0.5]):
    x = Tensor(np.array([v], np.float32))
    RESULTS.append(step(x))
