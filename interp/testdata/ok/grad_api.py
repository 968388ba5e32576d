# not-cpython
# The grad API's semantics, case by case. Each expected value is derived by
# hand in the comment above it; x = [1, 2, 3] and y = [4, 5, 6] keep every
# result exact in float32.
import numpy as np
import mindspore as ms
from mindspore import ops, nn, Tensor, Parameter, ParameterTuple

x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([4.0, 5.0, 6.0], np.float32))

def f(x, y):
    return x * x * y

# Position int: df/dx = 2xy = [8 20 36].
print(ms.grad(f)(x, y))
print(ms.grad(f, 1)(x, y))                   # df/dy = x^2 = [1 4 9]
# Position tuple: a tuple, even of one.
print(ms.grad(f, (0, 1))(x, y))
print(ms.grad(f, (1,))(x, y))

# Several outputs without has_aux: the gradient of their sum.
# d/dx (x^2 y + 3x) = 2xy + 3 = [11 23 39].
def two(x, y):
    return x * x * y, 3 * x
print(ms.grad(two)(x, y))
# Outputs in a list, nested: d/dx (x^2 y + 3x + x) = [12 24 40].
def nested(x, y):
    return [x * x * y, (3 * x, x)]
print(ms.grad(nested)(x, y))

# has_aux: only the first output is differentiated; the rest come back.
print(ms.grad(two, has_aux=True)(x, y))
# stop_gradient on the extra output does the same: [8 20 36].
def two_stopped(x, y):
    return x * x * y, ops.stop_gradient(3 * x)
print(ms.grad(two_stopped)(x, y))
# stop_gradient inside: d/dx (sg(x) * x * y) = x y = [4 10 18].
print(ms.grad(lambda x, y: ops.stop_gradient(x) * x * y)(x, y))

# sens_param: the last argument is the output's cotangent.
# d/dx <x^2 y, s> = 2xy s, with s = [1 0 -1]: [8 0 -36].
s = Tensor(np.array([1.0, 0.0, -1.0], np.float32))
print(ms.grad(f, sens_param=True)(x, y, s))
# With two outputs, one cotangent each: 2xy*s + 3*[2 2 2] = [14 6 -30].
print(ms.grad(two, sens_param=True)(x, y, (s, Tensor(np.full(3, 2.0, np.float32)))))

# value_and_grad: the whole output, then the gradients.
print(ms.value_and_grad(f)(x, y))
print(ms.value_and_grad(two, (0, 1), has_aux=True)(x, y))

# return_ids: each gradient with its position.
print(ms.grad(f, (0, 1), return_ids=True)(x, y))
print(ms.grad(f, 1, return_ids=True)(x, y))

# Weights. z = w * x + b with w = [2 2 2], b = 1: out = sum(w x + b).
class Lin(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.full(3, 2.0, np.float32)), name="w")
        self.b = Parameter(Tensor(np.array(1.0, np.float32)), name="b")
    def construct(self, x):
        return (self.w * x + self.b).sum()

net = Lin()
# d/dw = x = [1 2 3]; d/db = 3 (b is broadcast over 3 elements).
print(ms.grad(net, None, net.trainable_params())(x))
print(ms.grad(net, None, ParameterTuple(net.trainable_params()))(x))
print(ms.grad(net, None, net.w)(x))
# Positions and weights: (d/dx, (d/dw, d/db)); d/dx = w = [2 2 2].
print(ms.grad(net, 0, net.trainable_params())(x))
print(ms.grad(net, None, net.trainable_params(), return_ids=True)(x))
# requires_grad=False: not among trainable_params, and a zero gradient
# when asked for by name.
net.b.requires_grad = False
print([p.name for p in net.trainable_params()])
print(ms.grad(net, None, [net.w, net.b])(x))
net.b.requires_grad = True

# An argument the output does not depend on gets zeros.
print(ms.grad(lambda x, y: x * 2, (0, 1))(x, y))

# GradOperation: the first input by default, all with get_all, weights
# with get_by_list, and both as (inputs, weights).
print(ops.GradOperation()(f)(x, y))
print(ops.GradOperation(get_all=True)(f)(x, y))
print(ops.GradOperation(get_by_list=True)(net, net.trainable_params())(x))
print(ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x))
print(ops.GradOperation(sens_param=True)(f)(x, y, s))

# Higher order: d2/dx2 x^3 = 6x = [6 12 18]; d3/dx3 = 6.
cube = lambda x: x * x * x
print(ms.grad(ms.grad(cube))(x))
print(ms.grad(ms.grad(ms.grad(cube)))(x))
# Mixed: d/dy (d/dx x^2 y) = d/dy 2xy = 2x = [2 4 6].
print(ms.grad(lambda x, y: ms.grad(f)(x, y), 1)(x, y))

# Cell.bprop replaces the cell's gradient: here it claims 10 * dout for x
# and dout for y, whatever construct computes.
class Custom(nn.Cell):
    def construct(self, x, y):
        return x * y
    def bprop(self, x, y, out, dout):
        return 10 * dout, dout
c = Custom()
print(ms.grad(c, (0, 1))(x, y))
# Composed with ordinary ops: d/dx custom(x*x, y) = 10 * 2x = [20 40 60].
print(ms.grad(lambda x, y: c(x * x, y))(x, y))
# Outside grad, construct runs as usual.
print(c(x, y))

# A training step by hand: w -= 0.1 * d/dw, so w = 2 - 0.1 * x.
opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
loss, grads = ms.value_and_grad(net, None, opt.parameters)(x)
print(loss, grads)
opt(grads)
print(net.w.asnumpy(), net.b.asnumpy())
