# not-cpython
import numpy as np

a = np.ones((2, 3))
b = np.ones((4, 5))
print(a.shape, b.shape)
c = a + b
