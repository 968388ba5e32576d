# not-cpython
import numpy as np

a = np.arange(12).reshape(3, 4)
a[a > 8] = 0
print(a)
a[a % 2 == 1] = np.array([-1, -3, -5, -7, -9])[:4] if False else -1
print(a)
b = np.arange(12).reshape(3, 4)
b[b > 5] = np.arange(6) * 10
print(b)
b[np.array([True, False, True])] = 7
print(b)
b[np.array([False, True, False])] = [1, 2, 3, 4]
print(b)
b[:, np.array([True, False, False, True])] = 0
print(b)
c = np.arange(12).reshape(3, 4)
c[[0, 2]] = [[1, 1, 1, 1]]
print(c)
c[[0, 2], [1, 3]] = [-1, -2]
print(c)
c[1, [0, 3]] = 50
c[[2, 2], [0, 0]] = [8, 9]
print(c)
c[[0, 1], 1:3] = np.array([[10, 20], [30, 40]])
print(c)
d = np.arange(24).reshape(2, 3, 4)
d[[0, 1], :, [1, 2]] = np.array([[100, 101, 102], [200, 201, 202]])
print(d)
d[:, [0, 2], [1, 3]] = 0
print(d)
f = np.array([1.5, -2.0, 3.0, -0.5], dtype=np.float32)
f[f < 0] = 0
f[[0, -1]] += 1
print(repr(f))
x = np.zeros((2, 3))
x[x == 0] = [1, 2, 3, 4, 5, 6]
x[[1], [-1]] = 3.5
print(x)
m = np.arange(6)
m[m > 2] = m[m > 2] * 2
m[[-1]] = -m[[0, 1]].sum()
print(m)
