# not-cpython
# The losses against torch.nn.functional's values (to float32 rounding).
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

x = Tensor(np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0], [-2.0, 0.0, 1.0]], np.float32))
y = Tensor(np.array([[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [0.5, 0.5, 0.5]], np.float32))
labels = Tensor(np.array([2, 0, 1], np.int32))
probs = Tensor(np.array([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0], [0.1, 0.8, 0.1]], np.float32))
weight = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def check(name, got, want):
    print(name, got.shape, got.dtype, np.allclose(got.asnumpy(), np.array(want, np.float32), rtol=1e-6, atol=1e-6))


print(nn.MSELoss()(x, y), nn.MSELoss(reduction='sum')(x, y))
print(nn.MSELoss(reduction='none')(x, y))
check('L1Loss', nn.L1Loss()(x, y), 1.0999999)
check('L1Loss sum', nn.L1Loss('sum')(x, y), 9.9)
print(nn.MSELoss(), nn.L1Loss().reduce, nn.L1Loss('sum').average)

sce = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
check('SoftmaxCE sparse', sce(x, labels), [1.9643688, 2.9707744, 1.3490123])
check('SoftmaxCE sparse mean', nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')(x, labels), 2.0947185)
check('SoftmaxCE dense', nn.SoftmaxCrossEntropyWithLogits()(x, probs), [1.4143689, 2.9707744, 1.4490123])
check('SoftmaxCE dense sum', nn.SoftmaxCrossEntropyWithLogits(reduction='sum')(x, probs), 5.8341556)

check('CrossEntropyLoss', nn.CrossEntropyLoss()(x, labels), 2.0947185)
check('weighted', nn.CrossEntropyLoss(weight=weight)(x, labels), 1.9269842)
check('weighted sum', nn.CrossEntropyLoss(weight=weight, reduction='sum')(x, labels), 11.561905)
check('ignore_index', nn.CrossEntropyLoss(ignore_index=0)(x, labels), 1.6566906)
check('ignore_index none', nn.CrossEntropyLoss(ignore_index=0, reduction='none')(x, labels), [1.9643688, 0.0, 1.3490123])
check('label_smoothing none', nn.CrossEntropyLoss(reduction='none', label_smoothing=0.1)(x, labels),
      [1.8977022, 2.9107745, 1.3823456])
check('label_smoothing', nn.CrossEntropyLoss(label_smoothing=0.2)(x, labels), 2.0324965)
check('probabilities', nn.CrossEntropyLoss()(x, probs), 1.9447185)
check('probabilities none', nn.CrossEntropyLoss(reduction='none')(x, probs), [1.4143689, 2.9707744, 1.4490123])
check('probabilities weighted', nn.CrossEntropyLoss(weight=weight, reduction='sum')(x, probs), 9.086847)
# Classes on axis 1 of (N, C, H, W) logits.
x4 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2) % 5 * 0.5)
t4 = Tensor(np.array([[[0, 1], [2, 1]], [[1, 1], [0, 2]]], np.int64))
check('4-D', nn.CrossEntropyLoss()(x4, t4), 1.4772022)
check('4-D none', nn.CrossEntropyLoss(reduction='none')(x4, t4),
      [[[2.554957, 2.3063557], [1.6802697, 1.1802697]], [[1.1802697, 1.1802697], [0.68026966, 1.0549569]]])

t = Tensor(np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], np.float32))
check('BCEWithLogitsLoss', nn.BCEWithLogitsLoss()(x, t), 0.45042768)
check('BCEWithLogitsLoss none', nn.BCEWithLogitsLoss(reduction='none')(x, t),
      [[1.3132616, 0.12692805, 0.474077], [0.64439666, 0.31326166, 0.04858733], [0.12692805, 0.6931472, 0.31326166]])
check('BCEWithLogitsLoss weighted', nn.BCEWithLogitsLoss(reduction='sum', weight=weight,
                                                         pos_weight=Tensor(np.array([1.0, 0.5, 2.0], np.float32)))(x, t), 9.239888)
# Large logits stay finite.
print(nn.BCEWithLogitsLoss(reduction='none')(Tensor(np.array([[100.0, -100.0]], np.float32)),
                                            Tensor(np.array([[0.0, 1.0]], np.float32))))


# A user loss built on LossBase.get_loss.
class WeightedL1(nn.LossBase):
    def __init__(self, reduction='mean'):
        super().__init__(reduction)

    def construct(self, logits, labels):
        return self.get_loss(ops.abs(logits - labels), 2.0)


check('LossBase mean', WeightedL1()(x, y), 2.1999998)
check('LossBase none', WeightedL1('none')(x, y), 2 * np.abs(x.asnumpy() - y.asnumpy()))
# The loss reduces in float32 and returns the input's dtype.
half = nn.MSELoss()(x.astype(ms.float16), y.astype(ms.float16))
print(half, half.dtype)

for bad in (lambda: nn.MSELoss('avg'), lambda: nn.CrossEntropyLoss(label_smoothing=1),
            lambda: nn.CrossEntropyLoss(label_smoothing=1.5), lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=1)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
