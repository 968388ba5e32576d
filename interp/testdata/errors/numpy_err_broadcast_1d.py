# not-cpython
import numpy as np

x = np.array([1, 2, 3])
y = np.array([1, 2, 3, 4])
print(x * 2)
print(x * y)
