# not-cpython
# JIT Fallback at run time (jit_syntax_level LAX, the default): a statement
# that needs a Tensor's value becomes a node that runs it on the host each
# time the graph runs. Its numbers enter the graph as Float64 0-d Tensors
# (MindSpore's Any), or as the dtype a "# @jit.typing:" comment gives.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit


@jit
def scale(x):
    n = int(x.sum())
    print("n is", n, "and x is", x.asnumpy())
    y = x * n
    if float(x.max()) > 2.5:
        y = y + 1
    return y


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
print(scale(x))
print(scale(x * 0.5))


@jit
def center(x):
    m = float(x.mean())  # @jit.typing: () -> tensor_type[float32]
    return x - m, m


print(center(x))
