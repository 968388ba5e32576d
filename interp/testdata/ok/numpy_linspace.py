# not-cpython
import numpy as np

print(repr(np.linspace(0, 1, 5)))
print(repr(np.linspace(0, 1, 5, endpoint=False)))
print(repr(np.linspace(-1, 1)))
print(repr(np.linspace(2, 3, 1)))
print(repr(np.linspace(2, 3, 0)))
print(repr(np.linspace(0, 10, 4, dtype=int)))
print(repr(np.linspace(0, 1, 3, dtype=np.float32)))
y, step = np.linspace(1, 2, 4, retstep=True)
print(repr(y), step, type(step))
print(repr(np.linspace(0, 0.1, 7)))
print(repr(np.linspace(5, -5, 6)))
print(np.linspace(0, 2 * np.pi, 9)[-1] == 2 * np.pi)
