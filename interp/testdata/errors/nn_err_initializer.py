# not-cpython
# An initializer name must be one MindSpore registers.
from mindspore import nn

print(nn.Dense(2, 2, weight_init='XAVIER_UNIFORM').weight.shape)
nn.Dense(2, 2, weight_init='glorot')
