# not-cpython
import numpy as np

a = np.arange(12).reshape(3, 4)
print(a[[0, 1], [1, 2]])
print(a[[0, 1], [1, 9]])
