# An optimizer step taken only when the loss is above a threshold (the update under a Tensor if).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []
w = Parameter(Tensor(np.array([2.0, -1.0], np.float32)), name="w")
opt = nn.SGD([w], learning_rate=0.1)
x = Tensor(np.array([[1.0, 0.5], [0.5, 2.0]], np.float32))
y = Tensor(np.array([1.0, 1.0], np.float32))
grad_fn = ms.value_and_grad(lambda: (((x * w).sum(axis=1) - y) ** 2).mean(), None, [w])


@jit
def maybe_step(threshold):
    loss, grads = grad_fn()
    if loss > threshold:
        opt(grads)
        stepped = 1
    else:
        stepped = 0
    return loss, stepped


for th in (0.5, 0.5, 100.0, 0.01, 0.01):
    RESULTS.append(maybe_step(Tensor(th, ms.float32)))
    RESULTS.append(Tensor(w.asnumpy()))
