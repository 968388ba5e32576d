# not-cpython: CPython here has no matplotlib; the messages follow matplotlib 3.8.
# pyplot's errors, caught, and the data it takes: lists, ranges, numpy
# arrays and mindspore Tensors.
import matplotlib.pyplot as plt
import numpy as np
from mindspore import Tensor


def attempt(f):
    try:
        f()
        print('ok')
    except Exception as e:
        print(type(e).__name__ + ':', str(e)[:100])


attempt(lambda: plt.plot([1, 2, 3], [1, 2, 3, 4]))
attempt(lambda: plt.plot([1, 2, 3], [1, 2, 3], 'r--o-'))
attempt(lambda: plt.plot([1, 2, 3], [1, 2, 3], 'rg'))
attempt(lambda: plt.plot([1, 2], color='blu'))
attempt(lambda: plt.plot([1, 2], linestyle='=='))
attempt(lambda: plt.plot([1, 2], marker='Q'))
attempt(lambda: plt.plot([1, 2], foo=1))
attempt(lambda: plt.plot([[1, 2, 3]], [[1, 2]]))
attempt(lambda: plt.scatter([1, 2], [1, 2, 3]))
attempt(lambda: plt.scatter([1, 2], [1, 2], s=[1, 2, 3]))
attempt(lambda: plt.scatter([1, 2], [1, 2], c=[1, 2, 3]))
attempt(lambda: plt.bar([1, 2], [1, 2, 3]))
attempt(lambda: plt.bar([1, 2], [1, 2], align='foo'))
attempt(lambda: plt.imshow(np.zeros((2, 2, 2))))
attempt(lambda: plt.imshow([1, 2]))
attempt(lambda: plt.imshow([[1, 2]], cmap='nope'))
attempt(lambda: plt.imshow([[1, 2]], origin='foo'))
attempt(lambda: plt.hist([1, 2, 3], bins=0))
attempt(lambda: plt.hist([1, 2, 3], bins=[3, 2, 1]))
attempt(lambda: plt.hist([1, 2, 3], range=(3, 1)))
attempt(lambda: plt.hist([1, 2], weights=[1]))
attempt(lambda: plt.hist([1, 2], histtype='foo'))
attempt(lambda: plt.hist([1, float('inf')]))
attempt(lambda: plt.subplot(2, 2, 5))
attempt(lambda: plt.subplot(2221))
attempt(lambda: plt.subplots(0, 2))
attempt(lambda: plt.axis('foo'))
attempt(lambda: plt.legend(loc='nowhere'))
attempt(lambda: plt.figure(figsize=(0, 1)))
attempt(lambda: plt.savefig('no_such_folder/x.png'))
attempt(lambda: plt.close(1.5))
plt.close('all')
attempt(lambda: plt.colorbar())

lines = plt.plot(range(4), Tensor(np.array([1.0, 2.0, 0.5, 3.0], np.float32)), 'g:')
print(lines[0].get_color(), list(lines[0].get_xdata()), list(lines[0].get_ydata()))
print(plt.ylim())
n, bins, _ = plt.hist(Tensor(np.array([0.1, 0.2, 0.7, 0.3], np.float32)), bins=3)
print(n, bins)
print(type(plt.scatter([Tensor(1.0), 2], (3, 4))).__name__)
plt.close()
