# not-cpython
import numpy as np

len(np.array(1.0))
