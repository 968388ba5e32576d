# Closures made inside the graph capture Tensors: a factory called in the jit function returns an adder.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


def make_affine(w, b):
    def apply(u):
        return u * w + b
    return apply


def compose(f, g):
    return lambda u: f(g(u))


@jit
def run(x, y):
    f = make_affine(x, 1.0)
    g = make_affine(2.0, y)
    h = compose(f, g)
    return f(y), g(x), h(x + y)


x = Tensor(np.array([1.0, -2.0], np.float32))
y = Tensor(np.array([0.5, 3.0], np.float32))
RESULTS.append(run(x, y))
RESULTS.append(run(y, x))
RESULTS.append(ms.grad(lambda a, b: run(a, b)[2].sum(), (0, 1))(x, y))
