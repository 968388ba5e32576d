# not-cpython
# Under jit_syntax_level=STRICT there is no JIT Fallback: a Tensor's value
# turned into a Python number exists only when the graph runs, and the
# error names the line that needs it.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor

ms.set_context(jit_syntax_level=ms.STRICT)


@jit
def f(x):
    n = int(x.sum())
    return x * n


f(Tensor(np.ones(2, np.float32)))
