# not-cpython
import numpy as np

a = np.ones((2, 3))
a @ a
