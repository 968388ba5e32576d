# not-cpython
# mindspore.common.initializer: the Initializer classes, their aliases,
# initializer() and Tensor(init=...), with MindSpore's fans and bounds.
import math
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.common.initializer import (initializer, Initializer, Zero, One, Constant, Normal, Uniform,
                                          HeUniform, HeNormal, XavierUniform, XavierNormal, TruncatedNormal)

# Constant initializers, by class, alias, number and shape form.
print(initializer(Zero(), [2, 3]))
print(initializer('ones', (2,), ms.int32))
print(initializer('One', 3, ms.float16))
print(initializer(Constant(2.5), [2, 2]))
print(initializer(7, (3,), ms.int64))
print(initializer(True, (2,), ms.bool_))
t = initializer('zeros', (2, 3), ms.float64)
print(t.shape, t.dtype)

# A Tensor init is returned as it is, once its shape is checked.
data = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
print(initializer(data, [2, 3]) is data)

# Tensor(init=...) fills at once; init_data() has nothing left to do.
x = Tensor(shape=(2, 2), dtype=ms.float32, init=One())
print(x, x.init_data() is x)
print(repr(Tensor(shape=[3], dtype=ms.int32, init=Constant(4))))

# The arguments are attributes, with MindSpore's defaults.
n = Normal()
print(n.sigma, n.mean, Normal(0.5, 1.0).sigma, Uniform().scale, TruncatedNormal().sigma)
h = HeUniform()
print(h.negative_slope, h.mode, h.nonlinearity, XavierUniform().gain)
print(isinstance(h, Initializer), type(h).__name__)

# Random draws follow set_seed.
ms.set_seed(3)
a = initializer(Normal(), [4, 5]).asnumpy()
ms.set_seed(3)
b = initializer('normal', [4, 5]).asnumpy()
print(np.array_equal(a, b), a.dtype)


def bound_check(name, init, shape, bound):
    w = initializer(init, shape).asnumpy()
    # Every draw lies within the bound, and the extremes come near it.
    print(name, w.shape, np.abs(w).max() <= bound, np.abs(w).max() > 0.95 * bound)


ms.set_seed(0)
# Dense-shaped weights [out, in]: fan_in = in, fan_out = out.
bound_check('HeUniform(sqrt(5))', HeUniform(math.sqrt(5)), [64, 100], 1 / math.sqrt(100))
bound_check('he_uniform', 'he_uniform', [64, 100], math.sqrt(6 / 100))
bound_check('HeUniform(fan_out, relu)', HeUniform(mode='fan_out', nonlinearity='relu'), [64, 100], math.sqrt(6 / 64))
bound_check('xavier_uniform', 'xavier_uniform', [64, 100], math.sqrt(6 / 164))
bound_check('XavierUniform(gain=2)', XavierUniform(gain=2), [64, 100], 2 * math.sqrt(6 / 164))
# Conv-shaped weights [out, in, kh, kw]: the receptive field multiplies both fans.
bound_check('HeUniform conv', HeUniform(math.sqrt(5)), [8, 4, 3, 3], 1 / math.sqrt(36))
bound_check('xavier_uniform conv', 'xavier_uniform', [8, 4, 3, 3], math.sqrt(6 / (36 + 72)))
bound_check('uniform', 'uniform', [1000], 0.07)
bound_check('Uniform(0.5)', Uniform(0.5), [1000], 0.5)

# TruncatedNormal keeps two standard deviations.
w = initializer(TruncatedNormal(0.1), [4000]).asnumpy()
print('truncated', np.abs(w).max() <= 0.2, np.abs(w).max() > 0.19, abs(w.mean()) < 0.01)


def std_check(name, init, shape, std):
    w = initializer(init, shape).asnumpy()
    sd = np.sqrt(((w - w.mean()) ** 2).mean())
    print(name, abs(sd / std - 1) < 0.05, abs(w.mean()) < 0.1 * std)


std_check('normal', 'normal', [10000], 0.01)
std_check('Normal(2.0)', Normal(2.0), [10000], 2.0)
std_check('he_normal', 'he_normal', [100, 100], math.sqrt(2 / 100))
std_check('xavier_normal', XavierNormal(), [100, 100], math.sqrt(2 / 200))
w = initializer(Normal(1.0, 5.0), [10000]).asnumpy()
print('Normal mean', abs(w.mean() - 5) < 0.05)

# Draws are made in float32 and converted.
print(initializer('normal', [2], ms.float64).dtype, initializer('uniform', [2], ms.float16).dtype)

for bad in (lambda: Tensor(init=One()), lambda: initializer([1], [2]), lambda: initializer('ones', [2, 0]),
            lambda: initializer(data, [3, 2]), lambda: initializer(HeUniform(), [5]),
            lambda: initializer(HeUniform(mode='fan'), [2, 2]), lambda: initializer(Normal(-1.0), [2]),
            lambda: Constant()):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
