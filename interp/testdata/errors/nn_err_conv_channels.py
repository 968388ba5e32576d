# not-cpython
# An input whose channels differ from the Conv2d's in_channels fails in
# the Conv2D primitive, at the line of the construct that calls the layer.
import numpy as np
from mindspore import nn, Tensor


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, pad_mode='valid')
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.conv(x))


net = Net()
print(net(Tensor(np.ones((2, 3, 6, 6), np.float32))).shape)
net(Tensor(np.ones((2, 1, 6, 6), np.float32)))
