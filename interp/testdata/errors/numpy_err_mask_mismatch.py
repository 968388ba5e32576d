# not-cpython
import numpy as np

a = np.arange(3)
a[np.array([True, False])]
