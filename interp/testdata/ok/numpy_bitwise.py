# not-cpython
import numpy as np

a = np.array([12, 10, -3])
b = np.array([10, 6, 5])
print(a & b, a | b, a ^ b, ~a, a << 2, a >> 1)
print(repr(np.array([5, 3], np.uint8) & 1), repr(~np.array([0, 255], np.uint8)), repr(~np.array([1, -1], np.int16)))
t = np.array([True, False, True])
f = np.array([True, True, False])
print(t & f, t | f, t ^ f, ~t, repr(t & 1), repr(t << 1))
print(repr(np.array([1, 2], np.int8) | np.array([4, 8], np.int32)))
print(repr(1 << np.arange(4)), repr(256 >> np.arange(3)))
