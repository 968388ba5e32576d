# not-cpython (numpy is not in the CPython the test finds; the output is numpy 1.24.2's)
import numpy as np

print(np.bincount(np.array([0, 1, 1, 3, 2, 1, 7])))
print(np.bincount(np.array([0, 1, 1, 2]), weights=np.array([0.5, 1.0, 1.0, 2.0]), minlength=5))
print(np.bincount(np.array([2, 2], dtype=np.int32), minlength=2).dtype)
print(np.bincount([1, 1, 4]))
for bad in ([-1, 2], np.array([1.5, 2.0])):
    try:
        np.bincount(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    np.bincount([1, 2], weights=[1.0])
except ValueError as e:
    print("ValueError", e)
