# Broadcasting in a jit function: column against row, scalars, broadcast_to, expand_dims; gradients reduce back.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def bc(col, row, s):
    outer = col * row
    shifted = outer + s
    b = ops.broadcast_to(row, (3, 4))
    e = ops.expand_dims(col.squeeze(1), 0) - col
    return outer, shifted, b + 1, e, (col + row * 2.5 - 1).sum(axis=0)


col = Tensor(np.array([[1.0], [-2.0], [0.5]], np.float32))
row = Tensor(np.array([[0.5, 1.0, -1.0, 2.0]], np.float32))
s = Tensor(np.array(3.0, np.float32))
RESULTS.append(bc(col, row, s))
RESULTS.append(ms.grad(lambda a, b, c: sum([t.sum() for t in bc(a, b, c)]), (0, 1, 2))(col, row, s))
