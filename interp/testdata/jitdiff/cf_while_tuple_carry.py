# A while on a Tensor condition carrying a tuple of Tensors (unpacked and repacked each iteration).
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def fib_like(a, b):
    state = (a, b)
    steps = 0
    while state[1].sum() < 100:
        x, y = state
        state = (y, x + y)
        steps += 1
    return state, steps


RESULTS.append(fib_like(Tensor(np.array([1.0, 1.0], np.float32)), Tensor(np.array([1.0, 2.0], np.float32))))
RESULTS.append(fib_like(Tensor(np.array([10.0], np.float32)), Tensor(np.array([20.0], np.float32))))
