# not-cpython
# Control flow in @jit functions: if, while and and/or on Tensors become
# If and While nodes; for loops and constant conditions unroll at compile
# time; a return or break under a Tensor condition takes the rest of the
# function (or iteration) into both arms.
import numpy as np
import mindspore as ms
from mindspore import jit, Tensor, ops

x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.5, -0.5, 4.0], np.float32))


@jit
def pick(a, b):
    if a.sum() > b.sum():
        z = a * 2
    elif a.max() > 2:
        z = b - 1
    else:
        z = a + b
    return z


print(pick(x, y), pick(y, x), pick(y * 0, y * 0))


@jit
def double_until(a, limit):
    steps = 0
    while a.sum() < limit:
        a = a * 2
        steps += 1
    return a, steps


r, steps = double_until(x, 100)
print(r, int(steps))


@jit
def early(a):
    if a.min() < 0:
        return -a
    a = a + 1
    return a * a


print(early(x), early(y))


@jit
def first_over(a, limit):
    n = 0
    while n < 10:
        a = a + 1
        if a.sum() > limit:
            break
        n += 1
    return a, n


r, n = first_over(x, 20)
print(r, int(n))


@jit
def unrolled(a):
    for i in range(3):
        a = a + i
    for row in ops.ones((2, 3), ms.float32):
        a = a * row
    total = 0
    for k in (1, 2, 3):
        total += k
    return a, total


print(unrolled(x))


@jit
def choose(a, b):
    c = a if a.sum() > 5 else b
    d = (a.sum() > 100) or (b.sum() > 4)
    return c, d


print(choose(x, y))
print(choose(y, x))
