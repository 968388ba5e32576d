# not-cpython
# Padding needs pad_mode='pad'.
from mindspore import nn

nn.Conv2d(1, 2, 3, padding=1)
