# not-cpython
import mindspore as ms
from mindspore import ops

x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.sum(axis=1))
print(ops.softmax(x, axis=2))
