# not-cpython
# Gradients through the nn library, against torch 1.13's autograd on the
# same data (the reference values were printed by torch and are written
# here to 6 or 7 digits): the losses, a Dense layer, a convolution with
# ReLU and max pooling, and training with WithLossCell, TrainOneStepCell
# and Momentum against torch.optim.SGD(momentum=0.9).
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

x = Tensor(np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0], [-2.0, 0.0, 1.0]], np.float32))
y = Tensor(np.array([[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [0.5, 0.5, 0.5]], np.float32))
labels = Tensor(np.array([2, 0, 1], np.int32))
probs = Tensor(np.array([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0], [0.1, 0.8, 0.1]], np.float32))
weight = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def check(name, got, want):
    ok = np.allclose(got.asnumpy().flatten(), np.array(want, np.float32), rtol=1e-5, atol=1e-6)
    print(name, got.shape, ok)


def grad_of(loss):
    return ms.grad(lambda x: loss(x))(x)


check('MSELoss', grad_of(lambda x: nn.MSELoss()(x, y)),
      [0.2222222, 0.0, -0.1111111, -0.2, -0.4444444, 0.4444444, -0.5555556, -0.1111111, 0.1111111])
check('MSELoss sum', grad_of(lambda x: nn.MSELoss(reduction='sum')(x, y)),
      [2.0, 0.0, -1.0, -1.8, -4.0, 4.0, -5.0, -1.0, 1.0])
# |x - y| has no slope where x == y (x[0, 1]); every framework gives 0.
check('L1Loss', grad_of(lambda x: nn.L1Loss()(x, y)),
      [0.1111111, 0.0, -0.1111111, -0.1111111, -0.1111111, 0.1111111, -0.1111111, -0.1111111, 0.1111111])
check('CrossEntropyLoss', grad_of(lambda x: nn.CrossEntropyLoss()(x, labels)),
      [0.0770746, 0.2095106, -0.2865852, -0.3162455, 0.0056881, 0.3105574, 0.0117063, -0.2468345, 0.2351282])
check('CrossEntropyLoss weighted', grad_of(lambda x: nn.CrossEntropyLoss(weight=weight)(x, labels)),
      [0.1156119, 0.3142658, -0.4298778, -0.1581227, 0.002844, 0.1552787, 0.0117063, -0.2468345, 0.2351282])
check('CrossEntropyLoss probabilities', grad_of(lambda x: nn.CrossEntropyLoss()(x, probs)),
      [0.010408, 0.1095106, -0.1199185, -0.3162455, 0.0056881, 0.3105574, -0.021627, -0.1801679, 0.2017948])
check('CrossEntropyLoss label_smoothing', grad_of(lambda x: nn.CrossEntropyLoss(label_smoothing=0.2)(x, labels)),
      [0.0548524, 0.1872883, -0.2421408, -0.271801, -0.0165342, 0.2883352, -0.0105159, -0.2023901, 0.2129059])
check('CrossEntropyLoss ignore_index', grad_of(lambda x: nn.CrossEntropyLoss(ignore_index=0)(x, labels)),
      [0.1156119, 0.3142658, -0.4298778, 0.0, 0.0, 0.0, 0.0175595, -0.3702518, 0.3526922])
sum_none = [0.2312239, 0.6285317, -0.8597556, -0.9487364, 0.0170642, 0.9316722, 0.035119, -0.7405035, 0.7053845]
check('SoftmaxCrossEntropyWithLogits sparse',
      grad_of(lambda x: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(x, labels)), sum_none)
check('SoftmaxCrossEntropyWithLogits sparse sum',
      grad_of(lambda x: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='sum')(x, labels)), sum_none)
check('SoftmaxCrossEntropyWithLogits dense mean',
      grad_of(lambda x: nn.SoftmaxCrossEntropyWithLogits(reduction='mean')(x, probs)),
      [0.010408, 0.1095106, -0.1199185, -0.3162455, 0.0056881, 0.3105574, -0.021627, -0.1801679, 0.2017948])


# A Dense layer with tanh, under the sum of its squared outputs.
class DenseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2, weight_init=Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)),
                           bias_init=Tensor(np.array([0.05, -0.05], np.float32)), activation='tanh')

    def construct(self, x):
        out = self.fc(x)
        return (out * out).sum()


dense = DenseNet()
xd = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], np.float32))
loss, (dx, (dw, db)) = ms.value_and_grad(dense, 0, dense.trainable_params())(xd)
check('Dense loss', loss, [1.911927])
check('Dense dx', dx, [-0.050861, -0.290282, 0.390192, 0.262007, 0.327509, -0.393011])
check('Dense dw', dw, [0.348778, -0.697556, 1.395112, 0.831756, 0.465297, -0.930593])
check('Dense db', db, [0.697556, 0.353476])


# A 3x3 convolution padded by 1, ReLU, 2x2 max pooling, weighted sum.
class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        w = (np.arange(36, dtype=np.float32).reshape(2, 2, 3, 3) % 7 - 3) / 10
        self.conv = nn.Conv2d(2, 2, 3, pad_mode='pad', padding=1, weight_init=Tensor(w))
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.scale = Tensor(np.array([1.0, -2.0, 3.0, 0.5] * 2, np.float32).reshape(1, 2, 2, 2))

    def construct(self, x):
        return (self.pool(ops.relu(self.conv(x))) * self.scale).sum()


conv = ConvNet()
xc = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4) / 8 - 2)
loss, (dx, (dw,)) = ms.value_and_grad(conv, 0, conv.trainable_params())(xc)
check('Conv loss', loss, [1.03125])
check('Conv dx', dx, [-0.6, -0.4, 1.0, 0.8, 0.0, 0.2, 0.45, -0.3, -0.6, -0.9, -1.4, 0.4, 0.0, 0.3, 0.6, 0.1, -0.2,
                      0.0, 0.6, 0.0, 0.4, 0.6, -1.25, -1.35, -0.5, -0.1, 0.6, 0.2, 0.6, 0.9, -0.7, 0.3])
check('Conv dw', dw, [-1.875, -1.5625, -4.0, -0.625, -0.3125, -2.0, 0.5, 0.375, -0.75, 3.125, 3.4375, 4.0, 4.375,
                      4.6875, 6.0, -1.5, -1.625, 1.25, -0.625, -0.5625, 0.0, 1.125, 1.0625, -1.75, 0.875, 0.8125,
                      -1.25, 0.375, 0.4375, 0.0, 0.125, 0.0625, 0.25, -0.125, -0.1875, 0.75])

# Three training steps: WithLossCell, Momentum and TrainOneStepCell give
# what torch.optim.SGD(lr=0.5, momentum=0.9) gives.
backbone = nn.Dense(3, 3, weight_init=Tensor(np.array([[0.1, 0.2, 0.3], [-0.3, 0.2, -0.1], [0.05, -0.05, 0.5]],
                                                      np.float32)),
                    bias_init=Tensor(np.array([0.0, 0.1, -0.1], np.float32)))
train = nn.TrainOneStepCell(nn.WithLossCell(backbone, nn.CrossEntropyLoss()),
                            nn.Momentum(backbone.trainable_params(), learning_rate=0.5, momentum=0.9))
xs = Tensor(np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], np.float32))
ys = Tensor(np.array([2, 0], np.int32))
for i, want in enumerate([1.281195, 0.271215, 0.03105]):
    check(f'step {i} loss', train(xs, ys), [want])
check('trained weight', backbone.weight,
      [-0.264645, -1.159585, 1.667155, -0.573627, -0.251567, -0.472043, 0.688271, 1.761152, -0.495113])
check('trained bias', backbone.bias, [0.108077, -0.245392, 0.137314])
