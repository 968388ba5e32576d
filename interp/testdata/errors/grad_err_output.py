# not-cpython
# The differentiated function must return Tensors.
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.grad(lambda x: "loss")(Tensor(np.ones(2, np.float32)))
