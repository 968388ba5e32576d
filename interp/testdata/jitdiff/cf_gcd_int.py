# Euclid's algorithm on int Tensors: a while carrying two int Tensors swapped each iteration.
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit

RESULTS = []


@jit
def gcd(a, b):
    steps = 0
    while b != 0:
        a, b = b, a % b
        steps += 1
    return a, steps


for p, q in ((48, 18), (17, 5), (100, 0), (7, 21)):
    RESULTS.append(gcd(Tensor(p, ms.int32), Tensor(q, ms.int32)))
