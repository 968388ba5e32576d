# ops.assign on a Parameter in one arm of a Tensor if, and a read of it after the if.
import numpy as np
from mindspore import Tensor, jit, Parameter, ops

RESULTS = []
acc = Parameter(Tensor(np.zeros(2, np.float32)), name="acc")


@jit
def add_if_positive(x):
    if x.sum() > 0:
        ops.assign(acc, acc + x)
    return acc * 1


for v in ([1.0, 2.0], [-5.0, 1.0], [0.5, 0.5]):
    RESULTS.append(add_if_positive(Tensor(np.array(v, np.float32))))
    RESULTS.append(Tensor(acc.asnumpy()))
