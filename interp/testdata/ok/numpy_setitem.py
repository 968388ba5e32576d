# not-cpython
import numpy as np

a = np.zeros((3, 4))
a[0] = 1
a[1, 2] = 5
a[2, :] = [1, 2, 3, 4]
a[:, 0] = 9
print(a)
a[1:, 1:3] = np.array([[7, 8]])
a[..., -1] = -1
print(a)
b = np.arange(10)
b[::2] = 0
b[::-3] = [100, 200, 300, 400]
print(b)
b[2:5] = 2.9
b[-1] = -7.9
print(b)
c = np.arange(6, dtype=np.float32).reshape(2, 3)
c[0] = [0.1, 0.2, 0.3]
c[1, ::-1] = np.array([1, 2, 3])
print(repr(c))
d = np.array([True, False, True])
d[1] = 5
d[0] = 0
print(d)
e = np.arange(24).reshape(2, 3, 4)
e[1, None, 0] = 99
e[0, ...] = e[0, ...] * 10
e[:, 1, 1:3] = [[-1, -2], [-3, -4]]
print(e)
u = np.array([1, 2, 3], dtype=np.uint8)
u[0] = 255
u[1] = np.float64(3.99)
print(repr(u))
s = np.array(5.0)
s[()] = 7
s[...] = s + 1
print(repr(s))
v = np.zeros(3)
w = v
v[0] = 1
print(v, w, v is w)
