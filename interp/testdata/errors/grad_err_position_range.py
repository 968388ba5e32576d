# not-cpython
# A grad_position past the arguments is named with the number given.
import numpy as np
import mindspore as ms
from mindspore import Tensor

g = ms.grad(lambda x, y: x * y, (0, 2))
g(Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32)))
