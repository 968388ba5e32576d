# not-cpython
# The memory plan: a @jit function gives each buffer back as soon as no
# value holds it, so that a run needs no more than cache_info's
# peak_bytes, whenever the collector runs.
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, runtime


@ms.jit
def chain(x):
    for _ in range(20):
        x = ops.exp(ops.neg(x))
        x = ops.softmax(x)
    return x


x = Tensor(np.random.randn(256, 1024).astype(np.float32))  # 1 MiB
chain(x)
runtime.reset_peak_memory_stats()
base = runtime.memory_allocated()
y = chain(x)
run_peak = runtime.max_memory_allocated() - base
plan = ms.cache_info(chain)["peak_bytes"]
print("plan:", plan / (1 << 20), "MiB; within it:", run_peak <= plan)

print(runtime.memory_stats()["total_allocated_memory"] == runtime.memory_allocated())
runtime.memory_allocated(device_target="CPU")
