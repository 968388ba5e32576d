# not-cpython
import mindspore as ms
from mindspore import ops

a = ms.Tensor([1.0, 2.0])
mask = ms.Tensor([True, False])
r = ops.exp(a) + ops.neg(mask)
