# ops.GradOperation of a @jit function: first input, get_all, get_by_list, sens_param.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, Parameter, ops

RESULTS = []
p = Parameter(Tensor(np.array([2.0, -1.0, 0.5], np.float32)), name="p")


@jit
def f(x, y):
    return x * y * p + ops.exp(x * 0.1)


class Wrap(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = p

    def construct(self, x, y):
        return f(x, y)


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([-1.0, 0.5, 2.0], np.float32))
s = Tensor(np.array([1.0, 0.0, -2.0], np.float32))
RESULTS.append(ops.GradOperation()(f)(x, y))
RESULTS.append(ops.GradOperation(get_all=True)(f)(x, y))
RESULTS.append(ops.GradOperation(sens_param=True)(f)(x, y, s))
w = Wrap()
RESULTS.append(ops.GradOperation(get_by_list=True)(w, ms.ParameterTuple(w.trainable_params()))(x, y))
RESULTS.append(ops.GradOperation(get_all=True, get_by_list=True)(w, ms.ParameterTuple(w.trainable_params()))(x, y))
