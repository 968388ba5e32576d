# Lambdas with default arguments bound in a loop (a list of scaled functions) applied inside a jit function.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []
SCALERS = [lambda t, k=k: t * k + k for k in range(1, 4)]


@jit
def apply_all(x):
    outs = [f(x) for f in SCALERS]
    total = x * 0
    for f in SCALERS:
        total = total + f(x)
    return outs, total


RESULTS.append(apply_all(Tensor(np.array([1.0, -1.0], np.float32))))
RESULTS.append(apply_all(Tensor(np.array([[2.0], [0.5]], np.float32))))
