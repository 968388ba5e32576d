# not-cpython: CPython here has no matplotlib.
# x and y of different lengths are refused with their shapes.
import matplotlib.pyplot as plt
import numpy as np

x = np.arange(3)
plt.plot(x, [1, 4, 9, 16])
