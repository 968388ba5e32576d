# not-cpython
# With sens_param, the sensitivity must be shaped as the output.
import numpy as np
import mindspore as ms
from mindspore import Tensor

x = Tensor(np.ones((2, 3), np.float32))
ms.grad(lambda x: x * 2, sens_param=True)(x, Tensor(np.ones(3, np.float32)))
