# not-cpython
# Calling a Cell runs its construct: too few arguments is Python's TypeError
# at the call.
import numpy as np
from mindspore import nn, Tensor


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')

    def construct(self, x, y):
        return self.fc(x) + y


net = Net()
print(net(Tensor(np.ones((1, 2), np.float32)), 1.0))
net(Tensor(np.ones((1, 2), np.float32)))
