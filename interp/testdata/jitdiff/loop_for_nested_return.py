# A return under a Tensor condition in a nested unrolled for loop ends both loops and skips the code after them.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def find(grid, limit):
    total = grid[0][0] * 0
    for row in grid:
        for x in row:
            total = total + x
            if total.sum() > limit:
                return total, x
        total = total * 2
    total = total - 100
    return total, grid[0][0]


g = ((Tensor(np.array([1.0], np.float32)), Tensor(np.array([2.0], np.float32))),
     (Tensor(np.array([3.0], np.float32)), Tensor(np.array([4.0], np.float32))))
for lim in (0.5, 2.5, 8.0, 12.0, 100.0):
    RESULTS.append(find(g, lim))
