# not-cpython
import numpy as np

a = np.array([1, 2])
if a > 1:
    print("no")
