# not-cpython
import numpy as np

x = np.float32(1)
print(x[()])
x[0]
