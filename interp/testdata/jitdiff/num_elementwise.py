# Elementwise math in a jit function, against PyNative, with gradients.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def unary(x):
    return (ops.exp(x), ops.log(x + 3), ops.sqrt(x + 3), ops.sin(x), ops.cos(x), ops.tanh(x),
            ops.sigmoid(x), ops.abs(x), ops.neg(x), ops.square(x), ops.reciprocal(x + 5),
            ops.rsqrt(x + 4), ops.floor(x), ops.ceil(x), ops.round(x), ops.sign(x), ops.erf(x),
            ops.expm1(x), ops.log1p(x + 2), ops.softplus(x), ops.relu(x), ops.gelu(x), ops.tan(x * 0.3))


@jit
def binary(x, y):
    return (x + y, x - y, x * y, x / y, ops.pow(ops.abs(x) + 1, y), ops.maximum(x, y), ops.minimum(x, y),
            ops.atan2(x, y), x ** 2, 2 ** x, 1 / y, -x, +y)


x = Tensor(np.array([-1.5, -0.5, 0.0, 0.5, 1.7, 2.5], np.float32))
y = Tensor(np.array([2.0, -1.0, 0.5, 3.0, -2.5, 1.0], np.float32))
RESULTS.append(unary(x))
RESULTS.append(binary(x, y))
RESULTS.append(ms.grad(lambda a: sum([t.sum() for t in unary(a)]))(x + 0.1))
RESULTS.append(ms.grad(lambda a, b: sum([t.sum() for t in binary(a, b)]), (0, 1))(x, y))
