# nn.SequentialCell of Dense/Tanh/Dense/Sigmoid called from a jit function.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
ms.set_seed(3)
seq = nn.SequentialCell([
    nn.Dense(3, 5, weight_init=Tensor(np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3))),
    nn.Tanh(),
    nn.Dense(5, 2, weight_init=Tensor(np.linspace(1, -1, 10, dtype=np.float32).reshape(2, 5)), bias_init='ones'),
    nn.Sigmoid(),
])


@jit
def run(x):
    y = seq(x)
    return y, y.sum()


x = Tensor(np.array([[0.1, 0.2, 0.3], [1.0, -1.0, 2.0], [0.0, 0.0, 0.0]], np.float32))
RESULTS.append(run(x))
RESULTS.append(run(x[1:]))
RESULTS.append(ms.grad(lambda x: run(x)[1], None, seq.trainable_params())(x))
