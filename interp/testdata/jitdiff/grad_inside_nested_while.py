# A gradient taken inside a jit function of nested while loops on Tensors.
# jit-limit: A while loop on a Tensor inside the body of another is not supported in a function differentiated inside a graph
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def f(x):
    while x.sum() < 5:
        x = x * 2
        while x.sum() < 3:
            x = x + 1
    return x.sum()


@jit
def g(x):
    return ms.grad(f)(x)


RESULTS.append(g(Tensor(np.array([1.5, 1.2], np.float32))))
