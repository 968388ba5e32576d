# not-cpython
# Graph capture runs the function on abstract Tensors: Python control flow
# that depends on a Tensor's value cannot be compiled yet, and says so at
# the line that needs the value.
import numpy as np
from mindspore import jit, Tensor


@jit
def f(x):
    if x.sum() > 0:
        return x
    return -x


f(Tensor(np.ones(2, np.float32)))
