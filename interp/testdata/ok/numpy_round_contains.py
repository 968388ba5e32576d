# not-cpython
import numpy as np
print(round(np.float64(2.5)), type(round(np.float64(2.5))), round(np.float32(3.5)), type(round(np.float32(3.5))), round(np.float64(2.675), 2), round(np.float32(1.23456), 3), type(round(np.float32(1.23456), 3)), round(np.int64(1234), -2), type(round(np.int64(5))), round(np.float64(1234.5), -2))
try: round(np.array([1.5]))
except Exception as e: print(type(e).__name__, e)
print(2 in np.array([[1,2],[3,4]]), [1,2] in np.array([[1,2],[3,4]]), 5 in np.arange(3), None in np.arange(3))
try: 1 in np.float32(1)
except Exception as e: print(type(e).__name__, e)
print(round(np.float16(2.5)), type(round(np.float16(2.5))), round(np.float64(-0.5)), round(np.float64(1e20)))
vals = [round(np.float64(x), 1) for x in [0.25, 0.35, 1.45, -2.55]]
print(vals, [round(np.float32(x), 2) for x in [0.125, 0.135, 9.995]])
