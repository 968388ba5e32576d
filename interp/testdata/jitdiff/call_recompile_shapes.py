# One jit function called on several shapes and dtypes (each a new graph), then the first shape again.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def norm_rows(x):
    s = (x * x).sum(axis=-1, keepdims=True)
    return x / ops.sqrt(s + 1), x.shape[-1]


shapes = [(2, 3), (4, 3), (2, 5), (1, 1)]
for sh in shapes:
    RESULTS.append(norm_rows(Tensor(np.arange(int(np.prod(sh)), dtype=np.float32).reshape(sh) - 1)))
RESULTS.append(norm_rows(Tensor(np.arange(6, dtype=np.float64).reshape(2, 3))))
RESULTS.append(norm_rows(Tensor(np.ones((2, 3), np.float32))))
RESULTS.append(ms.cache_info(norm_rows)["compiles"] if hasattr(norm_rows, "__wrapped__") else 0)
