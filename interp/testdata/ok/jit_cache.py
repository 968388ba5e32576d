# not-cpython
# What a jit function's cache records: ms.cache_info counts compiles, hits
# and misses with the reason for each recompilation, and %cache shows it.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor

scale = 2


@jit
def f(x, n):
    return x * n * scale


x3 = Tensor(np.ones(3, np.float32))
x4 = Tensor(np.ones(4, np.float32))
f(x3, 1)
f(x3, 1)          # hit
f(x4, 1)          # the shape changed
f(x4, 2)          # the constant changed
scale = 3
print(f(x4, 2))   # a global the graph folded changed: [6 6 6 6]
info = ms.cache_info(f)
print({k: info[k] for k in ("entries", "compiles", "hits", "misses", "fallbacks", "peak_bytes")})
for r in info["reasons"]:
    print(r)

# A global Tensor the graph folded: assigning to its items changes its
# data, which recompiles (its Python identity alone would not).
bias = Tensor(np.array([1.0, 2.0], np.float32))


@jit
def g(x):
    return x + bias


print(g(x3[:2]))
bias[0] = 10.0
print(g(x3[:2]), ms.cache_info(g)["reasons"])
