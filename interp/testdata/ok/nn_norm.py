# not-cpython
# BatchNorm1d/2d and LayerNorm against numpy and torch. A new cell is in
# inference mode and normalizes by the running statistics; after
# set_train() it normalizes by the batch's mean and biased variance and
# moves the running statistics, moving = momentum*moving + (1-momentum)*batch.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


def close(got, want):
    return np.allclose(got.asnumpy(), np.array(want, np.float32), rtol=1e-5, atol=1e-6)


x = Tensor((np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2) % 5) * 0.5 - 1)
bn = nn.BatchNorm2d(3, gamma_init=Tensor(np.array([1.0, 2.0, 0.5], np.float32)),
                    beta_init=Tensor(np.array([0.0, 0.5, -1.0], np.float32)))
print(bn)
print(bn.training, bn.momentum, bn.eps, bn.num_features)
y = bn(x)
print(y.shape, close(y, [[[[-0.999995, -0.4999975], [0.0, 0.4999975]], [[2.49999, -1.49999], [-0.499995, 0.5]],
                          [[-0.75000125, -0.5000025], [-1.4999975, -1.2499988]]],
                         [[[0.0, 0.4999975], [0.999995, -0.999995]], [[-0.499995, 0.5], [1.499995, 2.49999]],
                          [[-1.4999975, -1.2499988], [-1.0, -0.75000125]]]]))
print(bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy())

bn.set_train()
y = bn(x)
print(close(y, [[[[-1.3750329, -0.641682], [0.09166886, 0.8250198]], [[3.2500658, -2.6167412], [-1.1500396, 0.31666228]],
                 [[-0.5509914, -0.1917845], [-1.628612, -1.2694051]]],
                [[[0.09166886, 0.8250198], [1.5583706, -1.3750329]], [[-1.1500396, 0.31666228], [1.783364, 3.2500658]],
                 [[-1.628612, -1.2694051], [-0.9101983, -0.5509914]]]]))
print(bn.moving_mean.asnumpy(), close(bn.moving_variance, [0.9464843, 0.9464843, 0.94843745]))
y = bn(x * 2)
print(close(y, [[[[-1.375044, -0.6416872], [0.0916696, 0.8250264]], [[3.250088, -2.6167665], [-1.1500528, 0.31666082]],
                 [[-0.5509879, -0.19177818], [-1.6286169, -1.2694073]]],
                [[[0.0916696, 0.8250264], [1.5583832, -1.375044]], [[-1.1500528, 0.31666082], [1.7833744, 3.250088]],
                 [[-1.6286169, -1.2694073], [-0.91019756, -0.5509879]]]]))
print(close(bn.moving_mean, [-0.018125, 0.018125, -0.03625]), close(bn.moving_variance, [1.0377734, 1.0377734, 1.0473437]))

# Back in inference the running statistics normalize, and stay put.
bn.set_train(False)
y = bn(x)
print(close(y, [[[[-0.9638353, -0.47302166], [0.01779199, 0.50860566]], [[2.4276705, -1.4988387], [-0.5172113, 0.46441603]],
                 [[-0.7380065, -0.4937234], [-1.4708555, -1.2265725]]],
                [[[0.01779199, 0.50860566], [0.99941933, -0.9638353]], [[-0.5172113, 0.46441603], [1.4460433, 2.4276705]],
                 [[-1.4708555, -1.2265725], [-0.9822895, -0.7380065]]]]))
print(close(bn.moving_mean, [-0.018125, 0.018125, -0.03625]))
for name, p in bn.parameters_and_names():
    print(name, p.name, p.requires_grad)
print([p.name for p in nn.BatchNorm2d(2, affine=False).trainable_params()])

# BatchNorm1d on (N, C) and (N, C, L), with momentum 0.5.
x1 = Tensor(np.array([[1.0, 2.0, 3.0], [3.0, 5.0, 9.0], [2.0, -1.0, 0.0]], np.float32))
bn1 = nn.BatchNorm1d(3, momentum=0.5)
bn1.set_train()
y = bn1(x1)
print(y.shape, close(y, [[-1.2247356, 0.0, -0.26726115], [1.2247356, 1.2247438, 1.3363057], [0.0, -1.2247438, -1.0690446]]))
print(bn1.moving_mean.asnumpy(), close(bn1.moving_variance, [0.8333334, 3.5, 7.5]))
x3 = Tensor(np.arange(12, dtype=np.float32).reshape(2, 2, 3) % 4)
y = nn.BatchNorm1d(2).set_train()(x3)
print(y.shape, close(y, [[[-1.2060405, -0.30151016, 0.6030202], [1.2060405, -1.5075505, -0.6030202]],
                         [[0.6030202, 1.5075505, -1.2060405], [-0.6030202, 0.30151016, 1.2060405]]]))

# use_batch_statistics overrides the mode.
fixed = nn.BatchNorm1d(3, use_batch_statistics=True)
print(fixed.training, close(fixed(x1), [[-1.2247356, 0.0, -0.26726115], [1.2247356, 1.2247438, 1.3363057],
                                        [0.0, -1.2247438, -1.0690446]]))
frozen = nn.BatchNorm1d(3, use_batch_statistics=False).set_train()
print(close(frozen(x1), x1.asnumpy() / np.sqrt(1 + 1e-5)), frozen.moving_mean.asnumpy())

ln = nn.LayerNorm((3,))
print(ln)
xl = Tensor(np.array([[1.0, 2.0, 3.0], [3.0, 5.0, 9.0]], np.float32))
print(close(ln(xl), [[-1.2247448, 0.0, 1.2247448], [-1.0690448, -0.2672612, 1.3363061]]))
ln2 = nn.LayerNorm([3], gamma_init=Tensor(np.array([1.0, 0.5, 2.0], np.float32)),
                   beta_init=Tensor(np.array([0.1, 0.2, 0.3], np.float32)))
print(close(ln2(xl), [[-1.1247448, 0.2, 2.7494895], [-0.9690448, 0.0663694, 2.9726121]]))
x4 = Tensor(np.arange(12, dtype=np.float32).reshape(2, 2, 3) % 5)
ln3 = nn.LayerNorm((2, 3), begin_norm_axis=1, begin_params_axis=1)
print(ln3.gamma.shape, close(ln3(x4), [[[-1.118034, -0.4472136, 0.22360682], [0.89442724, 1.5652477, -1.118034]],
                                       [[-0.6201737, 0.12403476, 0.8682432], [1.6124517, -1.3643821, -0.6201737]]]))
print([p.name for p in ln3.trainable_params()], ln3.epsilon)
