# Gradients through a SequentialCell whose output goes through a Tensor if and a while in a jit function.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
seq = nn.SequentialCell([
    nn.Dense(3, 2, weight_init=Tensor(np.array([[1.0, -1.0, 0.5], [0.5, 0.5, -1.0]], np.float32)), bias_init='zeros'),
    nn.Tanh(),
])


@jit
def f(x):
    y = seq(x)
    if y.sum() > 0:
        y = y * 3
    else:
        y = y - 1
    k = 0
    while k < 3:
        y = y * y + 0.1
        k += 1
    return y.sum()


for v in ([[1.0, 0.0, 0.5]], [[-1.0, 2.0, 1.0]]):
    x = Tensor(np.array(v, np.float32))
    RESULTS.append(ms.value_and_grad(f, 0, seq.trainable_params())(x))
