# not-cpython
from mindspore import runtime

runtime.memory_allocated("Ascend")
