# not-cpython
# jit_class: a graph calls a plain object's methods (compiled into the graph,
# control flow included) and reads its attributes as guarded constants.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, jit_class

@jit_class
class Affine:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __call__(self, x):
        return self.apply(x) * 1

    def apply(self, x):
        if x.sum() > 0:
            return x * self.a + self.b
        return x - self.b

aff = Affine(2.0, 1.0)

@jit
def f(x):
    return aff(x), aff.apply(-x)

print(f(Tensor(np.array([1.0, 2.0], np.float32))))
aff.a = 3.0
print(f(Tensor(np.array([1.0, 2.0], np.float32))))
print(Affine.__ms_class__)
try:
    jit_class(len)
except TypeError as e:
    print(e)
