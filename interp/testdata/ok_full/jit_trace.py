# not-cpython
# capture_mode="trace": the first call runs as PyNative code and records
# its operations; later calls run the recording. Where a Tensor's value
# decided Python control flow, the recording warns once per line that the
# graph keeps what this run did.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, jit, Tensor

@jit(capture_mode="trace")
def tensor_cal(x, y, z):
    return ops.matmul(x, y) + z

x = Tensor(np.ones((2, 3)), ms.float32)
y = Tensor(np.ones((3, 4)), ms.float32)
z = Tensor(np.ones((2, 4)), ms.float32)
print(tensor_cal(x, y, z))
print(tensor_cal(x * 2, y, z))
print("compiles:", ms.cache_info(tensor_cal)["compiles"])

# The branch taken while recording is baked in: the second call takes it
# too, where PyNative would not.
@jit(capture_mode="trace")
def branch(x):
    if x.sum() > 0:
        return x * 2
    return x - 1

print(branch(Tensor([1.0, 2.0])))
print(branch(Tensor([-1.0, -2.0])))  # PyNative gives [-2. -3.]
print(branch(Tensor([-5.0, -6.0])))
%ir branch

# So is a loop's count, and a number computed from a Tensor's value.
@jit(capture_mode="trace")
def doubling(x):
    n = 0
    while x.sum() < 100:
        x = x * 2
        n += 1
    return x, n, float(x.max())

print(doubling(Tensor([1.0, 2.0])))
print(doubling(Tensor([50.0, 60.0])))

# Cells and Parameters: the Parameters are weights, read when the
# recording runs, so updates to them are seen.
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return ops.relu(self.dense(x))

net = Net()
step = jit(net.construct, capture_mode="trace")
print(step(Tensor([[1.0, -2.0, 3.0]])))
net.dense.weight.set_data(Tensor(np.full((2, 3), 2.0), ms.float32))
print(step(Tensor([[1.0, -2.0, 3.0]])))
print("compiles:", ms.cache_info(step)["compiles"])
