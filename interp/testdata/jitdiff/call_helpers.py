# Helper functions called from a jit function are inlined; helpers call helpers.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


def norm(x):
    return ops.sqrt((x * x).sum())


def normalize(x):
    return x / norm(x)


def project(x, d):
    d = normalize(d)
    return (x * d).sum() * d


@jit
def reject(x, d):
    return x - project(x, d), norm(x)


x = Tensor(np.array([3.0, 4.0, 0.0], np.float32))
d = Tensor(np.array([1.0, 0.0, 1.0], np.float32))
RESULTS.append(reject(x, d))
RESULTS.append(reject(d, x))
RESULTS.append(ms.grad(lambda a, b: reject(a, b)[0].sum(), (0, 1))(x, d))
