# not-cpython
import numpy as np

a = np.arange(12).reshape(3, 4)
print(a[a > 5], a[a % 2 == 0], repr(a[a > 100]))
print(a[np.array([True, False, True])])
print(a[:, np.array([True, False, True, False])])
print(a[np.array([True, False, True]), 1:3])
print(a[np.array([False, True, True]), np.array([True, False, False, True])])
print(a[[True, False, True], 0])
m = np.array([[True, False, False, True], [False] * 4, [True, True, False, False]])
print(a[m], a[m].shape)
f = np.array([1.5, -2.0, 3.0, -0.5], dtype=np.float32)
print(repr(f[f < 0]), repr(f[f > 10]))
c = np.arange(24).reshape(2, 3, 4)
print(c[c[:, :, 0] > 4])
print(c[np.array([True, False])].shape, c[..., np.array([True, False, True, True])].shape)
