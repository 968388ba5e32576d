# not-cpython
import numpy as np

a = np.arange(6)
print(a.reshape(2, 3))
a.reshape(4, -1)
