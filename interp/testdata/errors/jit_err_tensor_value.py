# not-cpython
# A graph captures if and while on Tensors, but a Tensor's value turned
# into a Python number exists only when the graph runs: the error names the
# line that needs it.
import numpy as np
from mindspore import jit, Tensor


@jit
def f(x):
    n = int(x.sum())
    return x * n


f(Tensor(np.ones(2, np.float32)))
