# not-cpython
import numpy as np

def show(x):
    print(x.dtype, x)

for dt in [np.int8, np.uint8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64, np.bool_]:
    a = np.array([1, 0], dtype=dt)
    for v in [1, -1, 200, 300, -200, 70000, 2.5, 1e5, True]:
        if dt is np.uint8 and v in (300, 70000):
            continue  # numpy gives uint16 and uint32, which msrepl lacks
        r = a + v
        print(dt.__name__, repr(v), r.dtype, r)
show(np.array([1, 2], np.float32) * 2.0)
show(np.array([1, 2], np.int32) / 2)
show(np.array([1, 2], np.int8) * 2.5)
show(np.array([1, 2], np.float16) + np.float64(3))
show(np.array([1, 2], np.float32) - np.array(1.0))
show(np.array([1, 2], np.int16) + np.int64(5))
show(np.array([1, 2], np.int16) + np.array(100000))
show(np.float32(2) + 1.0)
show(np.float32(2) + 1)
show(np.int8(2) + 1)
show(np.int8(2) + np.int8(3))
show(np.array(2, np.float32) * np.array(2.0))
show(2 * np.array([1.5], np.float16))
show(2.5 - np.array([1], np.int32))
show(True + np.array([1], np.uint8))
