# Iterating over a Cell's trainable_params() in a jit function: an L2 penalty and a parameter count.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
net = nn.SequentialCell([
    nn.Dense(2, 3, weight_init=Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2)), bias_init='ones'),
    nn.ReLU(),
    nn.Dense(3, 1, weight_init=Tensor(np.array([[0.5, -0.5, 1.0]], np.float32)), bias_init='zeros'),
])
params = net.trainable_params()


@jit
def objective(x, lam):
    pen = 0
    count = 0
    for p in params:
        pen = pen + (p * p).sum()
        count = count + p.size
    return net(x).sum() + lam * pen, count


x = Tensor(np.array([[1.0, 2.0], [-1.0, 0.5]], np.float32))
RESULTS.append(objective(x, 0.1))
RESULTS.append(objective(x, 0.0))
RESULTS.append(ms.grad(lambda x: objective(x, 0.1)[0], None, params)(x))
