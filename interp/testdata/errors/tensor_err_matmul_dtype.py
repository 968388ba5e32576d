# not-cpython
import mindspore as ms
from mindspore import ops

a = ops.ones((2, 2), ms.float32)
b = ops.ones((2, 2), ms.int32)
ops.matmul(a, b)
