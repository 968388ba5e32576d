# isinstance, type checks and `is None` on arguments are compile-time constants selecting code.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def flexible(x, extra):
    if isinstance(extra, tuple):
        for e in extra:
            x = x + e
    elif isinstance(extra, (int, float)):
        x = x * extra
    elif extra is None:
        x = -x
    else:
        x = x - extra
    return x


x = Tensor(np.array([1.0, -2.0], np.float32))
RESULTS.append(flexible(x, (1.0, 2.0)))
RESULTS.append(flexible(x, 3))
RESULTS.append(flexible(x, 0.5))
RESULTS.append(flexible(x, None))
RESULTS.append(flexible(x, Tensor(np.array([10.0, 10.0], np.float32))))
