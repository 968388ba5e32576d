# not-cpython
# nn.Dense: activation(x @ weight.T + bias) with weight (out, in), as
# torch.nn.functional.linear computes it; inputs of rank other than 2 are
# flattened to rows and back.
import math
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.common.initializer import Normal

w = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32))
b = Tensor(np.array([0.1, -0.2], np.float32))
x = Tensor(np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 4.0]], np.float32))

net = nn.Dense(3, 2, weight_init=w, bias_init=b)
print(net)
print(net(x))
print(net(Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
y = net(Tensor(np.arange(12, dtype=np.float32).reshape(2, 2, 3)))
print(y.shape)
print(y)

# Activations by name, as a Cell or as a primitive; the expected values
# are torch's, to float32 rounding.
print(nn.Dense(3, 2, weight_init=w, bias_init=b, activation='relu')(x))
sig = nn.Dense(3, 2, weight_init=w, bias_init=b, activation=nn.Sigmoid())(x)
print(sig, np.allclose(sig.asnumpy(), [[0.99004817, 0.38936076], [0.9991756, 0.01020116]], rtol=1e-6))
tanh = nn.Dense(3, 2, weight_init=w, bias_init=b, activation=ops.Tanh())(x)
print(tanh, np.allclose(tanh.asnumpy(), [[0.99979794, -0.421899], [0.9999986, -0.99978757]], rtol=1e-6))
print(nn.Dense(3, 2, weight_init=w, has_bias=False))
print(nn.Dense(3, 2, weight_init=w, has_bias=False)(x))

# Parameters: named weight and bias, then prefixed by the attribute.
for name, p in net.parameters_and_names():
    print(name, p.name, p.shape, p.dtype, p.requires_grad)


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3)
        self.fc2 = nn.Dense(3, 2, weight_init=Normal(0.02), dtype=ms.float64)

    def construct(self, x):
        return self.fc2(self.fc1(x))


head = Head()
print([p.name for p in head.trainable_params()])
print(head.fc2.weight.dtype, head.fc1.in_channels, head.fc1.out_channels, head.fc1.has_bias)

# The default initializers are HeUniform(sqrt(5)) for the weight and
# Uniform(1/sqrt(in_channels)) for the bias: both bounded by 1/sqrt(in).
ms.set_seed(5)
big = nn.Dense(400, 300)
bound = 1 / math.sqrt(400)
for p in (big.weight, big.bias):
    a = np.abs(p.asnumpy())
    print(p.name, p.shape, a.max() <= bound, a.max() > 0.9 * bound)
