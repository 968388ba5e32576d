# not-cpython
# SGD, Momentum and Adam, three steps on hand-made gradients, against
# torch.optim (SGD and Momentum) and numpy running MindSpore's Adam kernel
# (whose eps is added to sqrt(v) before the bias correction of lr).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

W = np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)
B = np.array([0.1, -0.1], np.float32)
grads = (Tensor(np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], np.float32)), Tensor(np.array([0.5, -0.5], np.float32)))


def run(name, make, w_want, b_want, gradients=grads):
    net = nn.Dense(3, 2, weight_init=Tensor(W), bias_init=Tensor(B))
    opt = make(net.trainable_params())
    for _ in range(3):
        out = opt(gradients)
    ok = np.allclose(net.weight.asnumpy(), w_want, rtol=1e-6, atol=1e-6) and np.allclose(net.bias.asnumpy(), b_want, rtol=1e-6, atol=1e-6)
    print(name, out, ok)
    return opt


opt = run('SGD', lambda p: nn.SGD(p, learning_rate=0.1),
          [[-0.2, -0.8, -0.6], [0.70000005, 0.34999996, -1.2]], [-0.05, 0.05])
print(opt.learning_rate.name, opt.get_lr().asnumpy(), opt.momentum.asnumpy(), opt.dampening, opt.nesterov, opt.weight_decay)
print(opt.parameters)
print([p.name for p in opt.accum], [p.name for p in opt.stat], opt.accum[0].shape)
run('SGD momentum dampening weight_decay', lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01),
    [[-0.43210867, -1.2620909, -1.2963259], [0.92945075, 0.23155357, -1.6599647]], [-0.1663201, 0.1663201])
run('SGD nesterov', lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9, nesterov=True),
    [[-0.70489997, -1.8097999, -2.1147], [1.2049, 0.09754999, -2.2098]], [-0.30245, 0.30245])
# A loss scale divides the gradients.
run('SGD loss_scale', lambda p: nn.SGD(p, learning_rate=0.1, loss_scale=4.0),
    [[0.025, -0.35000002, 0.075], [0.47500002, 0.46250004, -0.75000006]], [0.0625, -0.0625])

opt = run('Momentum', lambda p: nn.Momentum(p, 0.1, 0.9),
          [[-0.461, -1.322, -1.3829999], [0.961, 0.21949999, -1.7220001]], [-0.1805, 0.1805])
print([p.name for p in opt.moments], opt.use_nesterov)
run('Momentum nesterov weight_decay', lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9, use_nesterov=True, weight_decay=0.1),
    [[-0.6989712, -1.7663, -2.0969136], [1.1594181, 0.06491669, -2.1346576]], [-0.3034409, 0.3034409])

opt = run('Adam', lambda p: nn.Adam(p, learning_rate=0.01),
          [[0.07000001, -0.23000002, 0.27000004], [0.42999998, 0.47000003, -0.63]], [0.07000002, -0.07000002])
print([p.name for p in opt.moment1], [p.name for p in opt.moment2], opt.beta1_power.name, opt.beta1_power.shape)
print(np.allclose(opt.moment1[0].asnumpy(), [[0.271, 0.542, 0.813], [-0.271, 0.1355, 0.542]]),
      np.allclose(opt.beta1_power.asnumpy(), [0.729]), opt.beta1.asnumpy(), opt.eps.dtype)
run('Adam nesterov weight_decay', lambda p: nn.Adam(p, learning_rate=0.01, use_nesterov=True, weight_decay=0.1),
    [[0.05405905, -0.24594694, 0.25405088], [0.44594032, 0.45406932, -0.64594686]], [0.05407112, -0.05407112])
run('Adam betas eps', lambda p: nn.Adam(p, learning_rate=0.1, beta1=0.5, beta2=0.9, eps=1e-3),
    [[-1.9926415e-01, -4.9963158e-01, 2.4572760e-04], [6.9926417e-01, 2.0146795e-01, -8.9963162e-01]], [-0.19853206, 0.19853206])
# Gradients as a list, and a Tensor learning rate.
run('SGD list lr tensor', lambda p: nn.SGD(p, learning_rate=Tensor(0.1, ms.float32)),
    [[-0.2, -0.8, -0.6], [0.70000005, 0.34999996, -1.2]], [-0.05, 0.05], gradients=list(grads))

# Weight decay spares the normalization parameters (names with beta or gamma).
gamma = Parameter(Tensor(np.ones(2, np.float32)), name='bn.gamma')
w = Parameter(Tensor(np.ones(2, np.float32)), name='fc.weight')
nn.SGD([gamma, w], learning_rate=1.0, weight_decay=0.5)((Tensor(np.zeros(2, np.float32)),) * 2)
print(gamma.asnumpy(), w.asnumpy())

for bad in (lambda: nn.SGD([]), lambda: nn.SGD(w), lambda: nn.SGD([w, 3]), lambda: nn.Momentum([w], 0.1, 1),
            lambda: nn.Adam([w], beta1=1.0), lambda: nn.SGD([w], nesterov=True), lambda: nn.SGD([w], learning_rate=-1.0),
            lambda: nn.SGD([w])((grads[1], grads[1])), lambda: nn.SGD([w])((grads[0],))):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
