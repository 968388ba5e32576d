# not-cpython
# A Dense layer's input must end in in_channels features.
import numpy as np
from mindspore import nn, Tensor

fc = nn.Dense(4, 2)
fc(Tensor(np.ones((3, 5), np.float32)))
