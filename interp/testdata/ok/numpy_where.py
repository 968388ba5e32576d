# not-cpython
import numpy as np

a = np.arange(6).reshape(2, 3)
print(np.where(a > 2, a, -1))
print(np.where(a % 2 == 0, 1.5, 0))
print(repr(np.where([True, False], np.array([1, 2], np.float32), 0)))
print(repr(np.where(np.array([True, False]), np.array([1, 2], np.int8), np.array([3, 4], np.int16))))
print(np.where(a > 2))
print(np.where([0, 3, 0, 5]))
print(repr(np.where(True, 1, 2)), repr(np.where(a > 3, a, np.array([10, 20, 30]))))
x = np.array([-2.0, 0.5, 3.0])
print(np.where(x < 0, 0, x), np.where(x > 1, x * 2, x / 2))
print(np.where(np.array([[1, 0], [0, 1]])))
