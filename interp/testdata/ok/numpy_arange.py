# not-cpython
import numpy as np

print(repr(np.arange(5)))
print(repr(np.arange(2, 7)))
print(repr(np.arange(1, 10, 3)))
print(repr(np.arange(10, 0, -3)))
print(repr(np.arange(5, 0)))
print(repr(np.arange(0, 1, 0.1)))
print(repr(np.arange(1, 2, 0.1)))
print(repr(np.arange(0.5, 3)))
print(repr(np.arange(-1, 1, 0.5)))
print(repr(np.arange(5, dtype=np.float32)))
print(repr(np.arange(0, 1, 0.1, dtype=np.float32)))
print(repr(np.arange(4, dtype=np.int8)))
print(repr(np.arange(3.0)))
print(repr(np.arange(0, 5, 2.5)))
print(repr(np.arange(10).reshape(2, 5)))
print(len(np.arange(0, 1, 1 / 3)), np.arange(0, 1, 1 / 3))
