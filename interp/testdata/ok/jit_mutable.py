# not-cpython
# mutable(): numbers a jit function or a GRAPH_MODE Cell takes as graph
# inputs, so that a new value runs the same graph. In PyNative code a
# mutable value is the value itself.
import numpy as np
import mindspore as ms
from mindspore import jit, mutable, nn, Tensor

m = mutable(2)
print(m, type(m), m + 1, 1.5 * m, -m, m == 2, isinstance(m, int))
print([10, 20, 30][m], list(range(m)), {2: "two"}[m], m in (1, 2))
t = mutable((1, 2.5, [True, 3]))
print(t, len(t), t[2][1], t.index(2.5))
print(mutable(Tensor(np.ones(2, np.float32))))


@jit
def scaled(x, n):
    return x * n, n + 1


x = Tensor(np.array([1.0, 2.0], np.float32))
for n in (2, 3, 4):
    y, k = scaled(x, mutable(n))
    print(y, k)
info = ms.cache_info(scaled)
print(info["compiles"], info["hits"])
scaled(x, mutable(2.5))                   # a float is another type
scaled(x, 7)                              # a plain number is a constant
print(ms.cache_info(scaled)["reasons"])


@jit
def pick(x, bounds):
    lo, hi = bounds
    if lo > hi:
        return x * lo
    return x - hi


print(pick(x, mutable((2, 1.5))), pick(x, mutable((1, 1.5))))
print(ms.cache_info(pick)["compiles"])


@jit
def inside(x):
    k = mutable(3)
    return x * k


print(inside(x))


class Shift(nn.Cell):
    def construct(self, x, d):
        return x + d


ms.set_context(mode=ms.GRAPH_MODE)
net = Shift()
print(net(x, mutable(1.0)), net(x, mutable(4.0)))
print(ms.cache_info(net)["compiles"])
ms.set_context(mode=ms.PYNATIVE_MODE)
