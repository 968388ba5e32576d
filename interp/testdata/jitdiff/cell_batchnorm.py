# BatchNorm1d in inference mode and in training mode (moving statistics updated) inside a jit function.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
bn = nn.BatchNorm1d(3)


@jit
def run(x):
    return bn(x)


x = Tensor(np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 5.0], [0.5, 4.0, -2.0]], np.float32))
RESULTS.append(run(x))
bn.set_train()
RESULTS.append(run(x))
RESULTS.append(run(x * 2))
RESULTS.append(Tensor(bn.moving_mean.asnumpy()))
RESULTS.append(Tensor(bn.moving_variance.asnumpy()))
bn.set_train(False)
RESULTS.append(run(x))
