# not-cpython
# A Jacobian needs one Tensor output.
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.jacrev(lambda x: (x, x))(Tensor(np.ones(2, np.float32)))
