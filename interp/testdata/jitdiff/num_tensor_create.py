# Tensors created inside a jit function from Python numbers, lists, shapes of the inputs, and ms.tensor.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def create(x, k):
    a = Tensor(2.5, ms.float32) * x
    b = Tensor([1.0, 2.0, 3.0], ms.float32)[: x.shape[0]] + x
    c = ops.ones(x.shape, ms.float32) * k
    d = ms.tensor([[k, 0.0], [0.0, k]], ms.float32)
    e = ops.zeros((x.shape[0], 2), x.dtype) + ops.arange(2) if hasattr(ops, "arange") else ops.zeros((x.shape[0], 2), x.dtype)
    return a, b, c, d, e


RESULTS.append(create(Tensor(np.array([1.0, -1.0], np.float32)), 3.0))
RESULTS.append(create(Tensor(np.array([0.5, 2.0, 4.0], np.float32)), -1.0))
