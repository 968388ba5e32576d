# matmul forms in a jit function: ops.matmul, the @ operator, MatMul with transposes, BatchMatMul.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []
mm_t = ops.MatMul(transpose_a=True, transpose_b=True)
bmm = ops.BatchMatMul()


@jit
def products(a, b, c):
    return ops.matmul(a, b), a @ b, mm_t(b, a), bmm(c, c.transpose(0, 2, 1)), ops.matmul(c, b[:, :2])


a = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) - 2)
b = Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4))
c = Tensor(np.arange(2 * 4 * 3, dtype=np.float32).reshape(2, 4, 3) / 10)
RESULTS.append(products(a, b, c))
RESULTS.append(products(a[:1], b, c[:1]))
RESULTS.append(ms.grad(lambda a, b, c: sum([t.sum() for t in products(a, b, c)]), (0, 1, 2))(a, b, c))
