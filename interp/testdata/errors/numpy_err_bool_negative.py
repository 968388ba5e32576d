# not-cpython
import numpy as np

a = np.array([True, False])
-a
