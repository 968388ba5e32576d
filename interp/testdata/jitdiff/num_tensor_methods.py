# Tensor methods in a jit function: abs, exp, log, sqrt, square, relu, sigmoid, tanh, squeeze, expand_dims, permute, view, copy, broadcast_to.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def methods(x):
    a = x.abs().sqrt() + x.square().mean()
    b = x.exp().log() + x.relu() - x.sigmoid() * x.tanh()
    c = x.expand_dims(0).squeeze(0)
    d = x.reshape(1, 2, 3).permute(2, 0, 1).view(3, 2)
    e = x.copy().broadcast_to((2, 2, 3))
    f = x.neg().amax(axis=1) + x.amin(axis=0).sum()
    return a, b, c, d, e, f, x.argmax(axis=1), x.astype(ms.float16)


x = Tensor(np.array([[1.0, -2.0, 0.5], [3.0, 0.25, -1.5]], np.float32))
RESULTS.append(methods(x))
RESULTS.append(methods(x * -2))
