# not-cpython
import numpy as np

x = np.arange(10)
print(x[2:5], x[:3], x[7:], x[::2], x[1::3], x[-3:], x[:-7], x[-4:-1])
print(x[::-1], x[::-2], x[8:2:-2], x[-1:-4:-1], x[5::-1], x[:5:-1], x[2:8:-1])
print(x[100:], x[-100:3], x[3:3], repr(x[5:2]))
m = np.arange(20).reshape(4, 5)
print(m[::-1])
print(m[:, ::-1])
print(m[::-2, 1:4])
print(m[1:3, ::-2])
print(m[-1, ::-1], m[::3, -1])
print(m[3:0:-1, 4:0:-2])
print(x[slice(1, 8, 3)], m[slice(None), slice(2, None)])
