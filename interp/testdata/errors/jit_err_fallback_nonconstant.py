# not-cpython
# Under jit_syntax_level=COMPATIBLE, JIT Fallback runs only at compile time:
# code that needs a Tensor's value is MindSpore's error, naming the
# variable that is not a constant.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

ms.set_context(jit_syntax_level=ms.COMPATIBLE)


@jit
def f(x):
    total = np.sum(x.asnumpy())
    return x * total


f(Tensor(np.ones(2, np.float32)))
