# not-cpython
# Conv2d takes (N, C, H, W) inputs.
import numpy as np
from mindspore import nn, Tensor

conv = nn.Conv2d(3, 4, 3)
print(conv(Tensor(np.ones((1, 3, 5, 5), np.float32))).shape)
conv(Tensor(np.ones((3, 5, 5), np.float32)))
