# not-cpython
# An exception in a Cell's bprop propagates from the gradient call, with
# the bprop's line in the traceback.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


class Broken(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, x, out, dout):
        return dout / undefined_name


ms.grad(Broken())(Tensor(np.ones(2, np.float32)))
