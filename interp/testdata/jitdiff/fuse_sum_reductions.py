# Elementwise chains that feed a sum, mean, max or min over every axis, or
# over trailing axes, fuse into it under jit: losses over tensors that span
# several fused blocks, with a broadcast row, a scalar, keep_dims and a
# mean, row-wise sums, means and maxima, and chains that must not fuse (a
# leading axis, an output also read elsewhere).
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []
np.random.seed(3)
x = Tensor(np.random.randn(40, 700).astype(np.float32))
y = Tensor(np.random.randn(700).astype(np.float32))


@jit
def losses(x, y):
    d = x - y
    mse = (d * d).mean()
    energy = ops.sum(ops.exp(-ops.relu(x)) * 0.5, (0, 1), keepdim=True)
    partial = (x * y).sum(axis=1)
    z = ops.tanh(x) + 1.0
    shared = z.sum() + z[0, 0]
    top = (x * y).max()
    low = ops.relu(x - y).min()
    rows = (x - y).abs().mean(axis=-1, keep_dims=True)
    peaks = (x * 2.0).max(axis=1)
    columns = (x * y).sum(axis=0)
    return mse, energy, partial, shared, top, low, rows, peaks, columns


RESULTS.append(losses(x, y))
RESULTS.append(losses(x[:3], y))
RESULTS.append(ms.grad(lambda a, b: losses(a, b)[0] + losses(a, b)[3])(x, y))
