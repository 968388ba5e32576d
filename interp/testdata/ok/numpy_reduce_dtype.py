# not-cpython
import numpy as np

for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64]:
    a = np.array([[1, 0, 1], [1, 1, 0]], dtype=t)
    s, m, mx, p = a.sum(), a.mean(), a.max(), a.prod()
    print(t.__name__, type(s).__name__, s, type(m).__name__, m, type(mx).__name__, mx, type(p).__name__, p, a.sum(axis=0).dtype)
a = np.array([100, 100, 100], dtype=np.int8)
print(repr(a.sum()), repr(a.sum(dtype=np.int8)), repr(a.mean(dtype=np.float32)), repr(a.sum(dtype=float)))
print(repr(np.sum(np.array([1.5, 2.5]), dtype=np.int32)), repr(np.prod(np.array([2, 3], np.int16), dtype=np.int16)))
print(repr(np.array([[1, 2], [3, 4]], np.int32).mean(axis=0)))
