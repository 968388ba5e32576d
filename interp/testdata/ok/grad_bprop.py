# not-cpython
# Cell.bprop beyond the basics: several outputs (dout is a tuple), a
# non-Tensor argument (its gradient is whatever bprop returns for it, and
# ignored), None for an input's gradient (zero), and a bprop that raises:
# the error reaches the caller with its traceback, and the session goes on.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))


class Split(nn.Cell):
    """Returns (x + y, x * y); its bprop sees both cotangents."""

    def construct(self, x, y):
        return x + y, x * y

    def bprop(self, x, y, out, dout):
        d_sum, d_prod = dout
        print('bprop got', type(dout).__name__, len(out))
        return d_sum + d_prod * y, d_sum + d_prod * x


s = Split()
# Gradient of sum(x + y) + sum(x * y): (1 + y, 1 + x) = ([4 5], [2 3]).
print(ms.grad(s, (0, 1))(x, y))
# Only the first output used: dout for the second is zero: ([1 1], [1 1]).
print(ms.grad(lambda x, y: s(x, y)[0], (0, 1))(x, y))


class Scaled(nn.Cell):
    """x * k for a Python number k, with a bprop that multiplies by 2k."""

    def construct(self, x, k):
        return x * k

    def bprop(self, x, k, out, dout):
        return dout * (2 * k), None


print(ms.grad(Scaled())(x, 3))               # [6 6]


class HalfDone(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * y, None


print(ms.grad(HalfDone(), (0, 1))(x, y))      # ([3 4], [0 0])


class Broken(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, x, out, dout):
        raise RuntimeError('no gradient here')


try:
    ms.grad(Broken())(x)
except RuntimeError as e:
    print('caught:', e)
# The session still differentiates.
print(ms.grad(lambda x: (x * x).sum())(x))   # [2 4]
print(Broken()(x))                            # construct still runs: [2 4]
