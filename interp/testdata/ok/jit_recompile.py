# not-cpython
# One recompile per kind of guard, each with its reason and the counts
# ms.cache_info keeps: a Tensor's dtype and rank, a constant argument (a
# number, a tuple, None against a Tensor), a Cell attribute the graph
# folded. (The cache's limit is TestJitCacheLimit's.)
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor, nn


@jit
def f(x, k):
    return x * 2 if k is None else x * k[0]


f(Tensor(np.ones(3, np.float32)), None)
f(Tensor(np.ones(3, np.float64)), None)        # dtype
f(Tensor(np.ones((3, 1), np.float64)), None)   # rank
f(Tensor(np.ones((3, 1), np.float64)), (2,))   # None against a tuple
f(Tensor(np.ones((3, 1), np.float64)), (3,))   # the tuple's value
info = ms.cache_info(f)
print(info["entries"], info["compiles"], info["misses"], info["hits"])
for r in info["reasons"]:
    print(r)


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    @jit
    def construct(self, x):
        return x * self.scale


net = Scale()
x = Tensor(np.ones(2, np.float32))
print(net(x))
net.scale = 5.0                                # a folded attribute
print(net(x))
print(ms.cache_info(net.construct)["reasons"])



def make(k):
    @jit
    def shifted(x):
        return x + k

    def rebind(v):
        nonlocal k
        k = v

    return shifted, rebind


shifted, rebind = make(1.0)
shifted(x)
rebind(2.0)                                    # a closure variable
print(shifted(x))
print(ms.cache_info(shifted)["reasons"])

weights = [1.0, 2.0]


@jit
def dot(x):
    return x[0] * weights[0] + x[1] * weights[1]


dot(x)
weights[1] = 3.0                               # a global list changed in place
print(dot(x), dot(Tensor(np.ones(3, np.float32))))  # and a dim
info = ms.cache_info(dot)
print(info["compiles"], info["reasons"])


@jit
def times(x, n):
    return x * n


times(x, ms.mutable(2))
times(x, ms.mutable(3))                        # a mutable number: no recompile
times(x, ms.mutable(2.0))                      # another type
info = ms.cache_info(times)
print(info["compiles"], info["hits"], info["reasons"])
