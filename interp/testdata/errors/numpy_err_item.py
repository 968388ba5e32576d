# not-cpython
import numpy as np

print(np.array([5]).item())
np.ones(3).item()
