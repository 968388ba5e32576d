# ops.assign on a Parameter in an unrolled loop and in a while on a Tensor: each read sees the last write.
import numpy as np
from mindspore import Tensor, jit, Parameter, ops

RESULTS = []
p = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="p")


@jit
def run(x):
    seen = []
    for _ in range(3):
        ops.assign(p, p * 2 + x)
        seen.append(p * 1)
    while p.sum() < 100:
        ops.assign(p, p + 10)
    return seen, p + 0


RESULTS.append(run(Tensor(np.array([0.0, 1.0], np.float32))))
RESULTS.append(Tensor(p.asnumpy()))
RESULTS.append(run(Tensor(np.array([-1.0, 0.0], np.float32))))
RESULTS.append(Tensor(p.asnumpy()))
