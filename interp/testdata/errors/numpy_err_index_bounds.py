# not-cpython
import numpy as np

a = np.arange(3)
print(a[2])
print(a[5])
