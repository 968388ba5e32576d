# Training inside one graph until the loss drops below a threshold: SGD steps in a while on a Tensor.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter

RESULTS = []
w = Parameter(Tensor(np.array([0.0, 0.0], np.float32)), name="w")
opt = nn.SGD([w], learning_rate=0.2)
x = Tensor(np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]], np.float32))
y = Tensor(np.array([1.0, 2.0, 2.0], np.float32))
grad_fn = ms.value_and_grad(lambda: (((x * w).sum(axis=1) - y) ** 2).mean(), None, [w])


@jit
def fit(tol, max_steps):
    loss, grads = grad_fn()
    n = 0
    while loss > tol and n < max_steps:
        opt(grads)
        loss, grads = grad_fn()
        n += 1
    return loss, n


RESULTS.append(fit(Tensor(0.1, ms.float32), 50))
RESULTS.append(Tensor(w.asnumpy()))
RESULTS.append(fit(Tensor(0.001, ms.float32), 5))
RESULTS.append(Tensor(w.asnumpy()))
