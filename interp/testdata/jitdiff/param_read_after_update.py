# A Parameter read again after an optimizer updates it in the same graph must see the new value.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []
w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
opt = nn.SGD([w], learning_rate=1.0)


@jit
def update_and_read(x):
    a = (w * x).sum()
    opt((x,))
    b = (w * x).sum()
    return a, b


x = Tensor(np.array([1.0, 1.0], np.float32))
RESULTS.append(update_and_read(x))
RESULTS.append(update_and_read(x * 2))
RESULTS.append(Tensor(w.asnumpy()))
