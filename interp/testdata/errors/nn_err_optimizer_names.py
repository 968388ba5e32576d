# not-cpython
# An optimizer's Parameters need distinct names: two standalone layers
# both have a 'weight'.
from mindspore import nn

a = nn.Dense(2, 2)
b = nn.Dense(2, 1)
print([p.name for p in a.trainable_params() + b.trainable_params()])
nn.SGD(a.trainable_params() + b.trainable_params())
