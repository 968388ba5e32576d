# not-cpython
import mindspore as ms
from mindspore import ops

ms.set_context(max_device_memory="64MB")
small = ops.ones((1024, 1024), ms.float32)
print(small.sum())
big = ops.ones((8192, 8192), ms.float32)
