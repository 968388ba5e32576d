# A Cell's training flag read in construct is a constant: set_train() between calls must recompile.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []


class Mode(nn.Cell):
    def construct(self, x):
        if self.training:
            return x * 2
        return x - 1


cell = Mode()


@jit
def run(x):
    return cell(x) + 1


x = Tensor(np.array([1.0, 3.0], np.float32))
RESULTS.append(run(x))
cell.set_train()
RESULTS.append(run(x))
cell.set_train(False)
RESULTS.append(run(x))
