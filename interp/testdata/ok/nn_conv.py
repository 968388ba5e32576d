# not-cpython
# nn.Conv2d, nn.MaxPool2d and nn.AvgPool2d against torch's conv2d and
# pooling: valid, same (TensorFlow's, the odd padding row after) and
# explicit padding, strides, dilation and groups. The data are small
# multiples of 1/2, so every sum is exact and the values print as torch's.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

x = Tensor((np.arange(50, dtype=np.float32).reshape(1, 2, 5, 5) % 7 - 3) / 2)
w = Tensor((np.arange(54, dtype=np.float32).reshape(3, 2, 3, 3) % 5 - 2) / 2)
b = Tensor(np.array([0.5, -1.0, 2.0], np.float32))

print(nn.Conv2d(2, 3, 3, pad_mode='valid', has_bias=True, weight_init='ones', bias_init='zeros'))
conv = nn.Conv2d(2, 3, 3, pad_mode='valid', has_bias=True, weight_init=w, bias_init=b)
print(conv(x))

# SAME with stride 2 on a 6x6 input pads one row and column, after.
x6 = Tensor((np.arange(72, dtype=np.float32).reshape(1, 2, 6, 6) % 5 - 2) / 2)
same = nn.Conv2d(2, 3, 3, stride=2, weight_init=w)
print(same(x6))

# Explicit (top, bottom, left, right) padding and dilation.
padded = nn.Conv2d(2, 3, 3, pad_mode='pad', padding=(1, 0, 2, 1), dilation=2, weight_init=w)
print(padded(x).shape)
print(padded(x))

# Two groups: each half of the output channels sees half of the input.
wg = Tensor((np.arange(36, dtype=np.float32).reshape(4, 1, 3, 3) % 4 - 1) / 2)
grouped = nn.Conv2d(2, 4, 3, pad_mode='valid', group=2, weight_init=wg)
print(grouped(x))
print(grouped.weight.shape, grouped.group, grouped.kernel_size, grouped.stride, grouped.dilation)

# Default initialization: HeUniform(sqrt(5)) weights, Uniform(1/sqrt(fan_in)) bias.
ms.set_seed(2)
big = nn.Conv2d(16, 32, (3, 5), has_bias=True)
bound = 1 / np.sqrt(16 * 3 * 5)
for p in big.trainable_params():
    print(p.name, p.shape, np.abs(p.asnumpy()).max() <= bound)
print(big)

xp = Tensor(np.array([[[[1, 5, 2, 0], [3, -1, 4, 6], [7, 2, -3, 1], [0, 8, 1, 2]]]], np.float32))
for pool in (nn.MaxPool2d(kernel_size=2, stride=2), nn.MaxPool2d(3, 2, pad_mode='same'),
             nn.AvgPool2d(kernel_size=2, stride=1), nn.AvgPool2d(3, 2, pad_mode='SAME')):
    print(pool)
    print(pool(xp))
# A (C, H, W) input is pooled as a batch of one.
print(nn.MaxPool2d(2, 2)(xp[0]).shape)
