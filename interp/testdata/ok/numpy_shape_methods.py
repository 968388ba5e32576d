# not-cpython
import numpy as np

a = np.arange(6)
print(a.reshape(2, 3), a.reshape((3, 2)), a.reshape(-1, 2), a.reshape([2, -1]), a.reshape(6, 1).shape, a.reshape(1, -1, 3).shape)
print(np.reshape(a, (3, 2)), np.reshape(a, -1), a.reshape(2, 3).reshape(-1))
b = a.reshape(2, 3)
print(b.T, b.transpose(), b.transpose(1, 0), b.transpose((1, 0)), np.transpose(b))
c = np.arange(24).reshape(2, 3, 4)
print(c.T.shape, c.transpose(1, 2, 0).shape, c.transpose(-1, 0, 1).shape, np.transpose(c, (2, 0, 1)).shape)
print(c.transpose(2, 0, 1)[1])
print(a.T, np.float32(3).T, repr(np.array(2).T))
print(b.flatten(), b.ravel(), c.flatten().shape, b.T.flatten())
d = np.zeros((1, 3, 1))
print(d.squeeze().shape, d.squeeze(0).shape, d.squeeze(axis=2).shape, d.squeeze((0, 2)).shape)
e = b.copy()
e[0, 0] = 100
print(b[0, 0], e[0, 0])
f = b.astype(np.float32)
f[0] = 1.5
print(repr(b), repr(f))
g = np.ones(4)
g.fill(3)
print(g)
h = np.arange(6, dtype=np.int16)
h.fill(2.9)
print(repr(h), np.shape(h), np.shape([[1, 2]]))
print(b.reshape(3, 2).T.shape, np.arange(6).reshape(2, 3).T.reshape(-1))
