# not-cpython
# print in a graph: the text of constants is fixed when the graph is
# compiled, and Tensors print when it runs, each call with its own values.
import numpy as np
from mindspore import jit, Tensor


@jit
def f(x, n):
    y = x * n
    print("y is", y, "and n is", n)
    print("sum:", y.sum(), end="!\n")
    return y


f(Tensor(np.array([1.0, 2.0], np.float32)), 3)
print(f(Tensor(np.array([4.0, 5.0], np.float32)), 3))
