# not-cpython
# Capture inlines calls; a recursion that the graph cannot end is stopped
# at max_call_depth with MindSpore's error.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor

ms.set_context(max_call_depth=50)


def down(x, n):
    if n == 0:
        return x
    return down(x * 2, n - 1)


@jit
def f(x, n):
    return down(x, n)


print(f(Tensor(np.ones(2, np.float32)), 10))
f(Tensor(np.ones(2, np.float32)), 100)
