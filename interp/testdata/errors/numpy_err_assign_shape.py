# not-cpython
import numpy as np

a = np.zeros(5)
a[:2] = [1, 2, 3]
