# not-cpython
# With fullgraph=True, a bytecode capture that would split raises at the
# line where it would.
import numpy as np
from mindspore import jit, Tensor

def clip(x):
    return x if x.max() < 10 else x / 10

@jit(capture_mode="bytecode", fullgraph=True)
def normalize(x):
    y = x * 2
    return clip(y) + 1

normalize(Tensor(np.array([1.0, 20.0], np.float32)))
