# not-cpython
import numpy as np

a = np.arange(6).reshape(2, 3)
print(a[None].shape, a[:, None].shape, a[..., None].shape, a[None, :, None].shape)
print(a[np.newaxis, 1], a[:, np.newaxis, 1])
print(a[None, ..., None, 0].shape, a[0, None], a[..., None, 2])
v = np.array([1, 2, 3])
print(v[:, None] * v[None, :])
print(v[:, None] + v)
print(a[None, None, 1, ::-1])
b = np.arange(24).reshape(2, 3, 4)
print(b[..., 1], b[1, ...], b[..., ::2, -1])
print(b[:, ..., 0].shape, b[..., 0, :].shape)
print(repr(np.array(7)[None]), repr(np.array(7)[..., None]))
