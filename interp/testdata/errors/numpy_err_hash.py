# not-cpython
import numpy as np

d = {np.float64(1.5): 1}
print(d)
d[np.array([1.5])] = 2
