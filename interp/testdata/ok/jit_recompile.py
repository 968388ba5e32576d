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

