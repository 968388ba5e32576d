# not-cpython: CPython here has no matplotlib.
# savefig refuses a format it cannot write, before writing anything.
import matplotlib.pyplot as plt

plt.plot([1, 2, 3])
plt.savefig('figure.xyz')
