# WithLossCell + TrainOneStepCell driven from a jit function for a few steps.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
net = nn.Dense(2, 1, weight_init=Tensor(np.array([[0.3, -0.7]], np.float32)), bias_init='zeros')
loss_net = nn.WithLossCell(net, nn.L1Loss())
opt = nn.SGD(net.trainable_params(), learning_rate=0.05)
train_net = nn.TrainOneStepCell(loss_net, opt)


@jit
def run(x, y):
    return train_net(x, y)


x = Tensor(np.array([[1.0, 2.0], [2.0, -1.0], [0.0, 1.0]], np.float32))
y = Tensor(np.array([[1.0], [0.0], [2.0]], np.float32))
for _ in range(4):
    RESULTS.append(run(x, y))
RESULTS.append(Tensor(net.weight.asnumpy()))
RESULTS.append(Tensor(net.bias.asnumpy()))
