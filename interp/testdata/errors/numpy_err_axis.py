# not-cpython
import numpy as np

a = np.ones((2, 3))
print(a.sum(axis=1))
a.sum(axis=2)
