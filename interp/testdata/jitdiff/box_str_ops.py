# String constants in a jit function: methods, formatting and comparisons pick the computation.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def by_name(x, name):
    key = name.strip().lower()
    tag = f"{key}-{x.shape[0]}"
    if key.startswith("dou"):
        y = x * 2
    elif key in ("neg", "negate"):
        y = -x
    else:
        y = x
    return y, tag, len(tag), key.upper()


x = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
for n in (" Double ", "NEG", "negate", "other"):
    RESULTS.append(by_name(x, n))
