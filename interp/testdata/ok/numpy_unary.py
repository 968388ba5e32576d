# not-cpython
import numpy as np

a = np.array([1, -2, 3])
print(-a, +a, abs(a), np.abs(a), np.absolute(a), np.negative(a))
f = np.array([-1.5, 0.0, 2.5], dtype=np.float32)
print(repr(-f), repr(abs(f)), repr(+f))
print(repr(-np.array([1, 2], np.uint8)), repr(abs(np.array([-128, 5], np.int8))))
print(repr(abs(np.array([True, False]))), repr(np.square(np.array([True, False]))))
print(repr(np.square(a)), repr(np.square(f)), repr(np.square(3)), repr(np.square(2.5)))
print(repr(-np.float16(2.5)), repr(abs(np.int64(-3))))
b = +a
b[0] = 99
print(a, b)
