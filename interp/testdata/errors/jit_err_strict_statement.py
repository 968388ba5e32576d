# not-cpython
# Under jit_syntax_level=STRICT a statement graph mode does not capture
# is a compile error at its line, not code run on the host.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor

ms.set_context(jit_syntax_level=ms.STRICT)


@jit
def f(x):
    try:
        y = x + 1
    except ValueError:
        y = x
    return y


f(Tensor(np.ones(2, np.float32)))
