# ms.grad called inside a @jit function: the gradient is part of the graph.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops


RESULTS = []


def energy(x, k):
    return (k * x * x * 0.5 + ops.cos(x)).sum()


@jit
def force_and_energy(x, k):
    e, g = ms.value_and_grad(energy, (0, 1))(x, k)
    return e, -g[0], g[1]


x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
k = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
RESULTS.append(force_and_energy(x, k))
RESULTS.append(force_and_energy(x * 2, k))
