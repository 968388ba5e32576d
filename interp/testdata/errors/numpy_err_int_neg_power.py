# not-cpython
import numpy as np

print(np.array([2, 3]) ** 2)
np.array([2, 3]) ** -1
