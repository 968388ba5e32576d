# not-cpython
# A constraint inference cannot satisfy is reported with the constraints
# it contradicts, each with the operation and line that required it.
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor, jit

@jit(input_signature=(Tensor(shape=(None, 3), dtype=ms.float32), Tensor(shape=(None, 3), dtype=ms.float32)))
def f(x, y):
    z = x + y
    w = x + ops.ones((4, 3), ms.float32)
    return y + ops.ones((5, 3), ms.float32)

f(Tensor(np.ones((4, 3)), ms.float32), Tensor(np.ones((4, 3)), ms.float32))
