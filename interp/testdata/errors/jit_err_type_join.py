# not-cpython
# The arms of an if on a Tensor must leave each variable with one type:
# the error shows MindSpore's "Type Join Failed" and both arms' lines.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor, ops


@jit
def f(x):
    if x.sum() > 0:
        y = x * 2
    else:
        y = ops.cast(x, ms.int32)
    return y


f(Tensor(np.ones(2, np.float32)))
