# nn.Momentum in a jit training step of a two-layer net with CrossEntropyLoss; losses and weights.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 5, weight_init=Tensor(np.linspace(-0.5, 0.5, 20, dtype=np.float32).reshape(5, 4)), bias_init='zeros')
        self.fc2 = nn.Dense(5, 3, weight_init=Tensor(np.linspace(0.3, -0.3, 15, dtype=np.float32).reshape(3, 5)), bias_init='ones')

    def construct(self, x):
        return self.fc2(ms.ops.relu(self.fc1(x)))


net = Net()
opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)


@jit
def train_step(x, y):
    loss, grads = grad_fn(x, y)
    opt(grads)
    return loss


x = Tensor(np.linspace(-2, 2, 24, dtype=np.float32).reshape(6, 4))
y = Tensor(np.array([0, 1, 2, 2, 1, 0], np.int32))
for _ in range(4):
    RESULTS.append(train_step(x, y))
for p in net.trainable_params():
    RESULTS.append(Tensor(p.asnumpy()))
RESULTS.append(Tensor(opt.moments[0].asnumpy()))
