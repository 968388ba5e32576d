# A jit training step with Tensor control flow on the gradients: scale them down when their norm is large.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter, ops

RESULTS = []


class Model(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([[2.0, -1.0], [0.5, 3.0]], np.float32)), name="w")

    def construct(self, x, y):
        return ((ops.matmul(x, self.w) - y) ** 2).sum()


model = Model()
opt = nn.SGD(model.trainable_params(), learning_rate=0.01)
grad_fn = ms.value_and_grad(model, None, opt.parameters)


@jit
def step(x, y, max_norm):
    loss, grads = grad_fn(x, y)
    g = grads[0]
    norm = ops.sqrt((g * g).sum())
    if norm > max_norm:
        g = g * (max_norm / norm)
    opt((g,))
    return loss, norm


x = Tensor(np.array([[1.0, 2.0], [-1.0, 0.5]], np.float32))
y = Tensor(np.array([[0.0, 1.0], [1.0, 0.0]], np.float32))
for _ in range(3):
    RESULTS.append(step(x, y, 5.0))
for _ in range(2):
    RESULTS.append(step(x, y, 1000.0))
RESULTS.append(Tensor(model.w.asnumpy()))
