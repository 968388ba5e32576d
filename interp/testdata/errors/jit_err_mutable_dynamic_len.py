# not-cpython
# A sequence whose length mutable() makes variable needs elements of one type and shape.
import numpy as np
from mindspore import mutable, Tensor

ok = mutable([1, 2, 3], dynamic_len=True)
bad = mutable([Tensor(np.ones(2, np.float32)), Tensor(np.ones(3, np.float32))], dynamic_len=True)
