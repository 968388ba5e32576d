# not-cpython: CPython here has no matplotlib.
# A format string plot cannot read is refused with matplotlib's message.
import matplotlib.pyplot as plt

plt.plot([1, 2, 3], [1, 4, 9], 'zz')
