# not-cpython
# Dynamic shapes: one compiled graph serves many sizes.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Symbol, jit

class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Dense(8, 16)
        self.l2 = nn.Dense(16, 4)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.l2(self.relu(self.l1(x)))

# set_inputs with a None dim: one compile over 10 batch sizes, each run
# sized from its input, and the same numbers as PyNative.
ms.set_context(mode=ms.GRAPH_MODE)
net = MLP()
net.set_inputs(Tensor(shape=(None, 8), dtype=ms.float32))
print(net.get_inputs())
outs = []
for b in range(1, 11):
    x = Tensor(np.arange(b * 8).reshape(b, 8) / 10, ms.float32)
    outs.append((x, net(x)))
print("compiles:", ms.cache_info(net)["compiles"])
ms.set_context(mode=ms.PYNATIVE_MODE)
print("agrees with PyNative:", all(np.allclose(net(x).asnumpy(), y.asnumpy(), atol=1e-6) for x, y in outs))
ms.set_context(mode=ms.GRAPH_MODE)
%ir net

# A Symbol's properties are checked on every call.
s = Symbol(divisor=8, max=64)
print(s)

@jit(input_signature=(Tensor(shape=(s, 3), dtype=ms.float32),))
def halves(x):
    return ops.reshape(x, (x.shape[0] // 2, -1)) * 2

for n in (8, 16, 64):
    print(halves(Tensor(np.ones((n, 3)), ms.float32)).shape)
print("compiles:", ms.cache_info(halves)["compiles"])
for bad in ((12, 3), (72, 3), (8, 4)):
    try:
        halves(Tensor(np.ones(bad), ms.float32))
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
%ir halves

# jit(dynamic=1): the second shape makes the changed dim a symbol; sizes 0
# and 1 stay specialized.
@jit(dynamic=1)
def affine(x, w):
    return ops.matmul(x, w) + 1

w = Tensor(np.ones((3, 5)), ms.float32)
for n in range(2, 12):
    y = affine(Tensor(np.ones((n, 3)), ms.float32), w)
print(y.shape, "compiles:", ms.cache_info(affine)["compiles"])
print(affine(Tensor(np.ones((1, 3)), ms.float32), w).shape, "compiles:", ms.cache_info(affine)["compiles"])
print(ms.cache_info(affine)["reasons"])

# Inference unifies symbols: x + y makes their first dims one symbol, and
# the graph checks it when it runs.
@jit(input_signature=(Tensor(shape=(None, 3), dtype=ms.float32), Tensor(shape=(None, 3), dtype=ms.float32)))
def add(x, y):
    return ops.concat((x + y, y), axis=0)

print(add(Tensor(np.ones((2, 3)), ms.float32), Tensor(np.ones((2, 3)), ms.float32)).shape)
try:
    add(Tensor(np.ones((2, 3)), ms.float32), Tensor(np.ones((4, 3)), ms.float32))
except ValueError as e:
    print("ValueError:", e)
%ir add

# A dim of a dynamic shape is a size only the graph knows.
@jit(input_signature=(Tensor(shape=(None,), dtype=ms.float32),))
def branchy(x):
    if x.shape[0] > 3:
        return x
    return x * 2

try:
    branchy(Tensor(np.ones(4), ms.float32))
except RuntimeError as e:
    print("RuntimeError:", e)

# A signature for more arguments than the call has is refused.
@jit(input_signature=Tensor(shape=(None,), dtype=ms.float32))
def nothing():
    return 1

try:
    nothing()
except TypeError as e:
    print("TypeError:", e)

# A size the generated symbols do not admit (0 or 1) matches the symbolic
# entry's kinds, but its graph refuses it: that call is a miss, not a hit.
@jit(dynamic=1)
def poly(x):
    return x * x + 2 * x + 1

for n in [2, 3, 7, 1, 0]:
    poly(Tensor(np.arange(n), ms.float32))
info = ms.cache_info(poly)
print("poly compiles", info['compiles'], "hits", info['hits'], "misses", info['misses'])
