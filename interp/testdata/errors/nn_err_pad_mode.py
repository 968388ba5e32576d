# not-cpython
# Conv2d's pad_mode is one of 'valid', 'same' and 'pad'.
from mindspore import nn

print(nn.Conv2d(1, 2, 3, pad_mode='PAD', padding=1).pad_mode)
nn.Conv2d(1, 2, 3, pad_mode='full')
