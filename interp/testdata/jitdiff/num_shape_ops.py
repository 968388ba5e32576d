# Shape manipulation in a jit function: reshape, transpose, concat, stack, split, squeeze, flatten, T.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def shapes(x):
    a = x.reshape(3, 2, 2)
    b = ops.transpose(a, (2, 0, 1))
    c = ops.concat((x, x * 2), axis=0)
    d = ops.stack((x, -x), axis=1)
    e1, e2 = ops.split(x, 2, axis=1)
    f = ops.expand_dims(x, 1).squeeze(1)
    g = a.flatten()
    h = x.T
    k = x.reshape(-1, 6)
    return a, b, c, d, e1, e2, f, g, h, k, ops.cat([e2, e1], 1)


x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 4)
RESULTS.append(shapes(x))
RESULTS.append(ms.grad(lambda t: sum([r.sum() * (k + 1) for k, r in enumerate(shapes(t))]))(x))
