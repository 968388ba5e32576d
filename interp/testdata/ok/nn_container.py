# not-cpython
# SequentialCell, CellList and WithLossCell: order, indexing, and the
# names MindSpore gives the Parameters of contained cells.
import numpy as np
from mindspore import nn, Tensor

w1 = Tensor(np.array([[1.0, -1.0], [0.5, 2.0], [-1.0, 0.0]], np.float32))
w2 = Tensor(np.array([[1.0, 1.0, -2.0]], np.float32))


def mlp():
    return [nn.Dense(2, 3, weight_init=w1, bias_init='zeros'), nn.ReLU(),
            nn.Dense(3, 1, weight_init=w2, bias_init='ones')]


x = Tensor(np.array([[1.0, 2.0], [-3.0, 1.0]], np.float32))
seq = nn.SequentialCell(mlp())
print(seq(x))
print(len(seq), seq[1], seq[-1], seq[0].in_channels)
print([name for name, _ in seq.parameters_and_names()])
print([type(c).__name__ for c in seq])
print(len(seq[1:]), [p.name for p in seq[1:].trainable_params()])

# Cells as arguments, or an ordered dict of named cells.
print([p.name for p in nn.SequentialCell(nn.Dense(2, 2), nn.Tanh(), nn.Dense(2, 1)).trainable_params()])
named = nn.SequentialCell({'fc': nn.Dense(2, 2), 'act': nn.ReLU()})
print([p.name for p in named.trainable_params()], named[1])


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.features = nn.SequentialCell(mlp())

    def construct(self, x):
        return self.features(x)


net = Net()
print([p.name for p in net.trainable_params()])
# Appending keeps the prefix the container's Parameters carry.
net.features.append(nn.Dense(1, 1, weight_init='ones', bias_init='zeros'))
print(len(net.features), [p.name for p in net.trainable_params()][-2:], net(x))
del net.features[3]
print(len(net.features), net(x))

cells = nn.CellList([nn.Dense(2, 2), nn.ReLU()])
cells.append(nn.Dense(2, 1))
cells.insert(0, nn.Tanh())
print(len(cells), [type(c).__name__ for c in cells])
print([p.name for p in cells.trainable_params()])
del cells[0]
print([p.name for p in cells.trainable_params()])
cells.extend([nn.Sigmoid(), nn.Dense(1, 1)])
print(len(cells), [p.name for p in cells.trainable_params()][-2:])
cells[1] = nn.Softmax()
print(cells[1], [type(c).__name__ for c in cells[1:3]])

# WithLossCell keeps the backbone's names (MindSpore's auto_prefix=False).
backbone = nn.Dense(2, 1, weight_init=Tensor(np.array([[2.0, -1.0]], np.float32)), bias_init='zeros')
with_loss = nn.WithLossCell(backbone, nn.MSELoss())
label = Tensor(np.array([[1.0], [-5.0]], np.float32))
print(with_loss(x, label), [p.name for p in with_loss.trainable_params()], with_loss.backbone_network is backbone)

for bad in (lambda: seq[3], lambda: seq['a'], lambda: seq.append(3), lambda: nn.SequentialCell(5)):
    try:
        bad()
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)
