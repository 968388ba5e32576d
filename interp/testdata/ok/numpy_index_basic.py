# not-cpython
import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a[0], a[1, 2], a[1, 2, 3], repr(a[1, 2, 3]), type(a[0, 0, 0]))
print(a[-1, -1], a[0][1][2], a[(1, 0)])
print(a[1:], a[:, 1], a[:, :, 0])
print(a[0, 1:3], a[0, :, 1:3])
print(a[..., 0], a[0, ...], a[..., 1, 2])
print(repr(np.arange(3)[..., 0]), repr(np.array(5)[()]), repr(np.array(5)[...]))
print(a[()].shape, a[:].shape, a[..., :].shape)
v = np.array([10, 20, 30])
print(v[0], v[-3], repr(v[1]), v[True].shape if False else "")
f = np.array([1.5, 2.5], dtype=np.float32)
print(repr(f[0]), type(f[0]), f[0] + 1, repr(f[1:]))
print(np.float32(2.5)[()], repr(np.float32(2.5)[...]))
