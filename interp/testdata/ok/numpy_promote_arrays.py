# not-cpython
import numpy as np

types = [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64]
for s in types:
    row = []
    for t in types:
        a = np.array([1, 0], dtype=s)
        b = np.array([1, 1], dtype=t)
        row.append(str((a * b).dtype))
    print(s.__name__, " ".join(row))
for s in types:
    a = np.array([1, 0], dtype=s)
    print(s.__name__, (a / a).dtype, np.sqrt(a).dtype, np.exp(a).dtype, (a == a).dtype, np.abs(a).dtype, np.square(a).dtype)
x = np.array([1, 2, 3], dtype=np.uint8)
y = np.array([-1, 1, 2], dtype=np.int8)
print(repr(x + y), repr(x * y), repr(y - x))
print(repr(np.array([1.5], np.float16) + np.array([2], np.int16)))
print(repr(np.array([1.5], np.float32) * np.array([2], np.int64)))
