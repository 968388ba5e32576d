# not-cpython
# The activation cells against torch.nn.functional's values (to float32
# rounding): relu, sigmoid, tanh, softmax, log_softmax, gelu (tanh and erf
# forms) and leaky_relu. The erf form is against float64 numpy, since
# 1 + erf(x) cancels digits in float32.
import numpy as np
from mindspore import nn, Tensor

x = Tensor(np.array([[-2.0, -0.5, 0.0], [0.5, 1.0, 3.0]], np.float32))


def check(cell, want):
    got = cell(x)
    print(cell, got.dtype, got.shape, np.allclose(got.asnumpy(), want, rtol=1e-6, atol=1e-7))


print(nn.ReLU()(x))
check(nn.ReLU(), [[0, 0, 0], [0.5, 1, 3]])
check(nn.Sigmoid(), [[0.11920292, 0.37754068, 0.5], [0.62245935, 0.7310586, 0.95257413]])
check(nn.Tanh(), [[-0.9640276, -0.46211717, 0.0], [0.46211717, 0.7615942, 0.9950548]])
check(nn.Softmax(), [[0.07769559, 0.34820744, 0.57409704], [0.06742536, 0.11116561, 0.821409]])
check(nn.Softmax(axis=0), [[0.07585818, 0.18242551, 0.04742587], [0.9241418, 0.81757444, 0.95257413]])
check(nn.LogSoftmax(), [[-2.554957, -1.0549569, -0.55495685], [-2.6967342, -2.1967342, -0.19673415]])
check(nn.GELU(), [[-0.04540229, -0.154286, 0.0], [0.345714, 0.841192, 2.9963627]])
check(nn.GELU(approximate=False), [[-0.04550026, -0.15426877, 0.0], [0.34573123, 0.8413448, 2.9959502]])
check(nn.LeakyReLU(), [[-0.4, -0.1, 0.0], [0.5, 1.0, 3.0]])
check(nn.LeakyReLU(alpha=0.1), [[-0.2, -0.05, 0.0], [0.5, 1.0, 3.0]])
# A slope above 1 takes the smaller of x and alpha*x, as MindSpore does.
check(nn.LeakyReLU(alpha=1.5), [[-3.0, -0.75, 0.0], [0.5, 1.0, 3.0]])
print(nn.Softmax(axis=0).axis, nn.GELU(approximate=False).approximate, nn.LeakyReLU().alpha)
print(nn.Softmax()(Tensor(np.array([1.0, 2.0, 3.0], np.float64))).dtype)
