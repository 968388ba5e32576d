# Reductions with axis and keepdims in a jit function: sum, mean, max, min, prod, argmax, argmin, amax.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def red(x):
    return (x.sum(), x.sum(axis=0), x.sum(axis=(0, 2)), x.mean(axis=1, keep_dims=True),
            x.max(), x.max(axis=2), x.min(axis=-1), x.prod(axis=1), x.argmax(axis=1), x.argmin(axis=2),
            ops.amax(x, axis=0), ops.amin(x, axis=(1, 2)), ops.sum(x, 1, keepdim=True), ops.mean(x, (0, 1)),
            ops.prod(x, 2), (x > 0).any(), (x > -100).all())


x = Tensor(np.array([[[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], [[2.0, 2.0, -3.0], [1.5, -0.5, 6.0]]], np.float32))
RESULTS.append(red(x))
RESULTS.append(red(x[:, :1]))
RESULTS.append(ms.grad(lambda t: red(t)[3].sum() + red(t)[5].sum() + red(t)[7].sum())(x))
