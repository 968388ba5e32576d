# not-cpython
import numpy as np

a = np.array([[3, 7, 7], [9, 1, 4]])
print(a.argmax(), a.argmin(), repr(a.argmax()), type(a.argmax()))
print(a.argmax(axis=0), a.argmax(axis=1), a.argmin(axis=0), a.argmin(axis=-1))
print(np.argmax(a), np.argmin(a, axis=1), np.argmax([1, 5, 2]), np.argmax(a, axis=1, keepdims=True))
print(repr(a.argmax(keepdims=True)))
f = np.array([0.5, np.nan, 2.0])
print(f.argmax(), f.argmin())
print(np.array([True, False, True]).argmin(), np.array(3).argmax())
print(repr(np.array([[1.5, -2.5], [0.0, 9.0]], np.float32).argmax(axis=0)))
