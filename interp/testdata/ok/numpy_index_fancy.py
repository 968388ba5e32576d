# not-cpython
import numpy as np

x = np.arange(10) * 10
print(x[[0, 2, 4]], x[[-1, -2]], x[np.array([3, 3, 1])], x[[[0, 1], [2, 3]]])
print(repr(x[[]]), x[np.array([1, 2], dtype=np.int32)], x[np.array([1], dtype=np.uint8)])
b = np.arange(12).reshape(3, 4)
print(b[[0, 2]])
print(b[[0, 2], 1:3])
print(b[1:3, [0, 2]])
print(b[[0, 2], [1, 3]])
print(b[[0, 1, 2], [0, 1, 2]], b[[[0], [2]], [1, 3]])
print(b[..., [0]])
print(b[[0, 1], None, [1, 2]].shape, b[:, None, [1, 2]].shape)
print(b[1, [0, 3]], b[[2], 0], b[[0, 2], -1])
c = np.arange(24).reshape(2, 3, 4)
print(c[[0, 1], :, [1, 2]])
print(c[:, [0, 2], [1, 3]])
print(c[[1], [2], [3]], c[1, [0, 2], 1:3])
print(c[[0, 1], 1:, [0]].shape, c[0, :, [1, 2, 3]].shape)
print(x[np.argmax(x)], b[np.array([2, 0])][:, np.array([1])])
print(b[True].shape, b[False].shape)
