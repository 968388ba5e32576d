# not-cpython
import numpy as np

print(np.array([[1, 2], [3, 4]]).shape)
np.array([[1, 2], [3]])
