# BatchNorm2d in training mode inside a jit function: batch statistics, and moving statistics updated.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
bn = nn.BatchNorm2d(2, momentum=0.8)
bn.set_train()


@jit
def run(x):
    return bn(x) * 2


x = Tensor(np.arange(2 * 2 * 2 * 2, dtype=np.float32).reshape(2, 2, 2, 2) / 3 - 1)
RESULTS.append(run(x))
RESULTS.append(Tensor(bn.moving_mean.asnumpy()))
RESULTS.append(run(x * x))
RESULTS.append(Tensor(bn.moving_mean.asnumpy()))
RESULTS.append(Tensor(bn.moving_variance.asnumpy()))
