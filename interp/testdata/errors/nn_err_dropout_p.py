# not-cpython
# Dropout's p is a probability in [0, 1).
from mindspore import nn

nn.Dropout(p=1.0)
