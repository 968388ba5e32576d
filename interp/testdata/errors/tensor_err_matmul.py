# not-cpython
import mindspore as ms
from mindspore import ops

a = ops.ones((2, 3), ms.float32)
b = ops.ones((4, 5), ms.float32)
c = a @ b
