# not-cpython
import numpy as np

a = np.array([True, False])
print(a + a)
a - a
