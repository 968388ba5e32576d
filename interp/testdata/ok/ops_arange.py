# not-cpython
import mindspore as ms
from mindspore import ops

for t in (ops.arange(5), ops.arange(1, 4, 0.5), ops.arange(0, 10, 3, dtype=ms.int32), ops.arange(end=3), ops.arange(2.0)):
    print(t.dtype, t)
