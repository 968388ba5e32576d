# not-cpython
# Dense's constructor arguments are bound as Python binds them.
from mindspore import nn

nn.Dense(3)
