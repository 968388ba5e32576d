# not-cpython
import numpy as np

np.zeros(3, dtype="float512")
