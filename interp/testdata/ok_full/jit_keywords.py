# Keyword arguments of a @jit function bind to their parameters' places:
# f(a, b), f(x=a, y=b) and f(y=b, x=a) share one graph, and a call that
# does not bind raises Python's TypeError.
import mindspore as ms
from mindspore import Tensor, jit

@jit
def f(x, y, scale=2.0):
    return x * scale + y

a = Tensor([1.0, 2.0])
b = Tensor([3.0, 4.0])
print(f(a, b))
print(f(x=a, y=b))
print(f(a, y=b, scale=3.0))
print(f(y=b, x=a))
info = ms.cache_info(f)
print(info['entries'], info['compiles'], info['hits'], info['fallbacks'])
try:
    f(a, z=b)
except TypeError as e:
    print('TypeError:', e)
try:
    f(a, b, x=a)
except TypeError as e:
    print('TypeError:', e)
