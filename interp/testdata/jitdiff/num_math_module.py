# Python's math module and constant arithmetic on numbers inside a jit function fold at compile time.
import math
import numpy as np
from mindspore import Tensor, jit, ops

RESULTS = []


@jit
def rot(x, deg):
    rad = deg * math.pi / 180
    c, s = math.cos(rad), math.sin(rad)
    m = Tensor(np.array([[c, -s], [s, c]], np.float32))
    scale = math.sqrt(2) * math.exp(0) + abs(-1) + max(1, 2, 3) + min(4, 5) + round(2.6) + int(3.9) + float(2)
    return ops.matmul(x, m) * scale, scale, 7 // 2, 7 % 3, 2 ** 10, divmod(17, 5)


x = Tensor(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], np.float32))
RESULTS.append(rot(x, 90))
RESULTS.append(rot(x, 30.0))
