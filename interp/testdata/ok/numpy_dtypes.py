# not-cpython
import numpy as np

for t in [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8, np.bool_]:
    a = np.array([1, 0, 2], dtype=t)
    print(t, t.__name__, a.dtype, repr(a.dtype), a.dtype.itemsize, a.itemsize, a.nbytes, a.dtype.kind, a.dtype.name)
print(np.dtype("float32"), repr(np.dtype(np.int16)), np.dtype(float), np.dtype(int), np.dtype(bool))
a = np.ones(3, dtype=np.float32)
print(a.dtype == np.float32, a.dtype == "float32", a.dtype == np.float64, a.dtype != np.int8)
print(a.dtype.type is np.float32, np.dtype("int64").type)
for t in [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8, bool, int, float]:
    b = np.array([-1.5, 0.0, 2.7, 300.0]).astype(t)
    print(repr(b))
print(repr(np.array([1, 2, 3]).astype(np.float32)), repr(np.array([0.5, 1.5]).astype(bool)))
print(issubclass(np.float32, np.floating), issubclass(np.int8, np.signedinteger), issubclass(np.uint8, np.unsignedinteger))
print(issubclass(np.float64, np.number), issubclass(np.bool_, np.generic), issubclass(np.int32, np.integer))
print(isinstance(np.float32(1), np.floating), isinstance(np.int64(1), np.integer), isinstance(np.float32(1), np.ndarray))
print(np.float_ is np.float64, np.int_ is np.int64, np.double is np.float64)
