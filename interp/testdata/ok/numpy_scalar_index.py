# not-cpython
# numpy's integer scalars are indices (__index__) and its number scalars
# are real numbers (__float__), as in numpy; bool_ and floats are not
# indices. (Checked against Debian's numpy 1.24.)
import math
import numpy as np

print(range(np.int64(3)), list(range(np.int32(1), np.int64(7), np.int8(2))))
print([10, 20, 30][np.int32(1)], 'abc'[np.int64(-1)])
print(math.sqrt(np.float32(2)), math.floor(np.float64(2.5)), math.exp(np.int64(0)))
print(float(np.float32(1.5)), int(np.int64(7)))
try:
    [1, 2][np.float64(1.0)]
except TypeError as e:
    print(e)
try:
    range(np.float32(2))
except TypeError as e:
    print(e)
