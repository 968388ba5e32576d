# Tensor indexing and slicing in a jit function: ints, negative indices, steps, None, Ellipsis, tensor indices.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def idx(x, ids):
    return (x[1], x[-1, 2], x[:, 1:3], x[::2, ::-1], x[None, 0], x[..., 1], x[1:, None, :2],
            x[ids], x[0, ids], x[-2:, -3:-1])


x = Tensor(np.arange(20, dtype=np.float32).reshape(4, 5) - 7)
ids = Tensor(np.array([2, 0, 2], np.int32))
RESULTS.append(idx(x, ids))
RESULTS.append(idx(x * 2 + 1, Tensor(np.array([3, 1, 0], np.int32))))
RESULTS.append(ms.grad(lambda t: sum([r.sum() * (k + 1) for k, r in enumerate(idx(t, ids))]))(x))
