# Primitive objects created outside and inside a jit function: Mul, ReduceSum(keep_dims), Softmax, Concat, Cast.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []
mul = ops.Mul()
rsum = ops.ReduceSum(keep_dims=True)


@jit
def prims(x, y):
    sm = ops.Softmax(axis=0)
    cat = ops.Concat(axis=1)
    cast = ops.Cast()
    a = mul(x, y)
    b = rsum(a, 1)
    c = sm(x)
    d = cat((x, y))
    e = cast(x, ms.int32)
    f = ops.ReduceMax()(x, 0) + ops.Sub()(x, y).sum()
    return a, b, c, d, e, f, ops.Shape()(d), ops.Transpose()(x, (1, 0))


x = Tensor(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))
y = Tensor(np.array([[2.0, 2.0], [-1.0, 0.5]], np.float32))
RESULTS.append(prims(x, y))
RESULTS.append(prims(y, x))
