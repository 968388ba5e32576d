# Methods of a plain Python object (not a Cell) called in a jit function; its attributes are constants.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


class Poly:
    def __init__(self, coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        y = x * 0
        for c in self.coeffs:
            y = y * x + c
        return y

    def deriv(self, x):
        n = len(self.coeffs) - 1
        y = x * 0
        for i, c in enumerate(self.coeffs[:-1]):
            y = y * x + c * (n - i)
        return y


p = Poly((1.0, -2.0, 3.0))
q = Poly((2.0, 0.0, 0.0, 1.0))


@jit
def newton_step(x):
    return x - p(x) / p.deriv(x), q(x) / q.deriv(x)


x = Tensor(np.array([0.5, 2.0, -1.0], np.float32))
RESULTS.append(newton_step(x))
RESULTS.append(newton_step(x * 3))
