# not-cpython
# BatchNorm2d normalizes (N, C, H, W) inputs.
import numpy as np
from mindspore import nn, Tensor

bn = nn.BatchNorm2d(3)
bn(Tensor(np.ones((2, 3), np.float32)))
