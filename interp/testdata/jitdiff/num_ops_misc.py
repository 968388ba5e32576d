# where, clip_by_value, one_hot, gather, softmax, log_softmax, fill, zeros_like/ones_like in a jit function.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def misc(x, labels):
    w = ops.where(x > 0, x, x * 0.1)
    c = ops.clip_by_value(x, -1.0, 1.5)
    oh = ops.one_hot(labels, 4, Tensor(1.0, ms.float32), Tensor(0.0, ms.float32))
    g = ops.gather(x, labels, 1)
    sm = ops.softmax(x, axis=-1)
    lsm = ops.log_softmax(x, axis=1)
    f = ops.fill(ms.float32, (2, 2), 3.5)
    z = ops.zeros_like(x) + ops.ones_like(x) * 2
    full = ops.full((2,), 7.0)
    return w, c, oh, g, sm, lsm, f, z, full, ops.zeros((2, 3), ms.int32), ops.ones(3)


x = Tensor(np.array([[1.0, -2.0, 3.0, 0.5], [-0.5, 2.5, -1.0, 0.0]], np.float32))
labels = Tensor(np.array([3, 0], np.int32))
RESULTS.append(misc(x, labels))
RESULTS.append(misc(-x, Tensor(np.array([1, 1], np.int32))))
RESULTS.append(ms.grad(lambda t: (misc(t, labels)[0] * misc(t, labels)[5]).sum() + misc(t, labels)[1].sum())(x))
