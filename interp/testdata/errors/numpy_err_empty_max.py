# not-cpython
import numpy as np

print(np.zeros(0).sum())
np.zeros(0).max()
