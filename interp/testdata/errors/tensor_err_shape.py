# not-cpython
import mindspore as ms
from mindspore import ops

x = ms.Tensor([1.0, 2.0, 3.0])
y = ms.Tensor([1.0, 2.0, 3.0, 4.0])
print("before")
z = ops.mul(x, y)
