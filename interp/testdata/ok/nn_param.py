# not-cpython
# Parameter's name, requires_grad and set_data, which replaces the data in
# place: every holder of the Parameter sees the new data.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

p = Parameter(Tensor(np.zeros((2, 3), np.float32)), name='w')
print(p.name, p.requires_grad, repr(p))
frozen = Parameter(Tensor(np.zeros((2,), np.float32)), requires_grad=False)
print(frozen.name, frozen.requires_grad)

held = [p]
out = p.set_data(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
print(out is p, held[0].asnumpy())

# Data of a lower dtype is cast up to the Parameter's.
p.set_data(Tensor(np.ones((2, 3), np.int32)))
print(p.dtype, p.asnumpy())

# A number fills a 0-d Parameter.
s = Parameter(Tensor(1.5, ms.float32), name='s')
s.set_data(4)
print(s.asnumpy(), s.dtype)

# A Dense layer sees its weight's new data.
net = nn.Dense(2, 1, weight_init='zeros', bias_init='zeros')
x = Tensor(np.array([[1.0, 2.0]], np.float32))
print(net(x))
net.weight.set_data(Tensor(np.array([[3.0, -1.0]], np.float32)))
print(net(x), net.weight.data is net.weight)

for data in ([1, 2], Tensor(np.ones((3,), np.float32)), Tensor(np.ones((2, 3), np.float64))):
    try:
        p.set_data(data)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
