# not-cpython
# @jit and GRAPH_MODE: compiled graphs compute what PyNative computes,
# recompile when a Tensor's shape or a constant changes, read Parameters
# when they run (an optimizer's update is seen), and take gradients.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, jit, Tensor, Parameter

x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))


@jit
def f(x, n):
    y = ops.relu(x - 2) * n
    return y.sum(axis=1), x.mean()


def f_eager(x, n):
    y = ops.relu(x - 2) * n
    return y.sum(axis=1), x.mean()


print(f(x, 3))
print(f_eager(x, 3))
# Another constant, another shape: two more graphs.
print(f(x, 4)[0], f(Tensor(np.ones((3, 2), np.float32)), 4)[0])
# numpy on constants runs while compiling; the result is a constant.
@jit
def with_numpy(x):
    return x + Tensor(np.arange(2, dtype=np.float32))


print(with_numpy(x))


# A Cell in GRAPH_MODE: its Parameter is read when the graph runs.
class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, -1.0], np.float32)), name="w")

    def construct(self, x):
        return (x * self.w).sum()


ms.set_context(mode=ms.GRAPH_MODE)
net = Scale()
print(net(x))                                    # 1-2+3-4 = -2
opt = nn.SGD(net.trainable_params(), learning_rate=0.5)
grads = ms.grad(net, None, net.trainable_params())(x)
print(grads)                                     # d/dw = column sums (4, 6)
opt(grads)
print(net.w.asnumpy(), net(x))                   # w = (-1, -4): -1-8-3-16 = -28
ms.set_context(mode=ms.PYNATIVE_MODE)
print(net(x))                                    # the same in PyNative


# Gradients through a jit function: d/dx sum(x*x) = 2x.
@jit
def sq(x):
    return (x * x).sum()


print(ms.grad(sq)(x))
