# Attributes of a plain object and a Cell's non-Parameter Tensor attribute changed between calls.
import numpy as np
from mindspore import nn, Tensor, jit

RESULTS = []


class Config:
    def __init__(self):
        self.scale = 2.0
        self.steps = 1


cfg = Config()


class Offset(nn.Cell):
    def __init__(self):
        super().__init__()
        self.offset = Tensor(np.array([1.0, 1.0], np.float32))

    def construct(self, x):
        return x + self.offset


off = Offset()


@jit
def f(x):
    for _ in range(cfg.steps):
        x = off(x) * cfg.scale
    return x


x = Tensor(np.array([1.0, -1.0], np.float32))
RESULTS.append(f(x))
cfg.scale = 3.0
RESULTS.append(f(x))
cfg.steps = 2
RESULTS.append(f(x))
off.offset = Tensor(np.array([0.0, 10.0], np.float32))
RESULTS.append(f(x))
