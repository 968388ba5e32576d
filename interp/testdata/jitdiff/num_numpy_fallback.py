# numpy on constants inside a jit function runs at compile time (JIT Fallback) and becomes a constant.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def with_np(x, n):
    grid = np.linspace(0, 1, n).astype(np.float32)
    eye = np.eye(n, dtype=np.float32)
    w = np.arange(n * n, dtype=np.float32).reshape(n, n) / (n * n)
    total = float(np.sum(w))
    y = ms.ops.matmul(x, Tensor(eye + w)) + Tensor(grid)
    return y * total, Tensor(np.sqrt(np.array([4.0, 9.0], np.float32)))


RESULTS.append(with_np(Tensor(np.ones((2, 3), np.float32)), 3))
RESULTS.append(with_np(Tensor(np.array([[1.0, -1.0, 0.5, 2.0]], np.float32)), 4))
