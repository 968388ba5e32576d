# not-cpython
import numpy as np

a = np.array([1.5])
a & 1
