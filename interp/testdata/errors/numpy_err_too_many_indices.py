# not-cpython
import numpy as np

a = np.arange(3)
a[1, 2]
