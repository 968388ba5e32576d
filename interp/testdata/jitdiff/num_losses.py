# Loss cells inside a jit function: MSE, L1, SoftmaxCrossEntropyWithLogits, BCEWithLogits, CrossEntropy.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit, ops

RESULTS = []
mse = nn.MSELoss()
l1 = nn.L1Loss(reduction='sum')
sce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
bce = nn.BCEWithLogitsLoss()
ce = nn.CrossEntropyLoss()


@jit
def losses(logits, labels, target):
    return mse(logits, target), l1(logits, target), sce(logits, labels), bce(logits, target), ce(logits, labels)


logits = Tensor(np.array([[1.0, -1.0, 0.5], [0.2, 2.0, -0.3]], np.float32))
labels = Tensor(np.array([2, 1], np.int32))
target = Tensor(np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]], np.float32))
RESULTS.append(losses(logits, labels, target))
RESULTS.append(ms.grad(lambda z: sum(losses(z, labels, target)))(logits))
