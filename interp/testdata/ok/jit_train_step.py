# not-cpython
# A whole training step under @jit: the forward, the gradients (taken
# inside the graph, through the same rules) and SGD's in-place update are
# one graph, and it trains exactly as the same step run eagerly.
import numpy as np
import mindspore as ms
from mindspore import nn, jit, Tensor

w = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
b = np.array([0.1, -0.2, 0.3], np.float32)
x = Tensor(np.linspace(-2, 2, 32, dtype=np.float32).reshape(8, 4))
y = Tensor(np.array([0, 1, 2, 0, 1, 2, 0, 1], np.int32))


def make():
    net = nn.Dense(4, 3, weight_init=Tensor(w), bias_init=Tensor(b))
    opt = nn.SGD(net.trainable_params(), learning_rate=0.5)
    loss_fn = nn.CrossEntropyLoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss
    return net, step


eager_net, eager_step = make()
graph_net, step = make()
graph_step = jit(step)
eager_losses = [float(eager_step(x, y)) for _ in range(5)]
graph_losses = [float(graph_step(x, y)) for _ in range(5)]
print(eager_losses == graph_losses, [round(l, 5) for l in graph_losses])
print(np.array_equal(eager_net.weight.asnumpy(), graph_net.weight.asnumpy()),
      np.array_equal(eager_net.bias.asnumpy(), graph_net.bias.asnumpy()))
print(ms.cache_info(graph_step)["compiles"], ms.cache_info(graph_step)["hits"])

# A Cell reached only through a closure: its Parameters are still weights,
# read when the graph runs, so a set_data between calls is seen.
def make_scaled():
    scale = nn.Dense(2, 1, weight_init=Tensor(np.array([[1.0, 2.0]], np.float32)), has_bias=False)

    @jit
    def apply(x):
        return scale(x)
    return scale, apply


scale, apply = make_scaled()
v = Tensor(np.array([[1.0, 1.0]], np.float32))
print(apply(v))
scale.weight.set_data(Tensor(np.array([[10.0, 20.0]], np.float32)))
print(apply(v), ms.cache_info(apply)["compiles"])
