# not-cpython
# The functional transforms, each against a hand-derived answer:
# f(x, y) = x·x·y on x = [1 2 3], y = [4 5 6].
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([4.0, 5.0, 6.0], np.float32))
f = lambda x, y: x * x * y

# vjp: the outputs, and v ↦ (2xy·v, x²·v); the function can be reused.
out, vjp_fn = ms.vjp(f, x, y)
print(out)                                                   # [4 20 54]
print(vjp_fn(Tensor(np.ones(3, np.float32))))                # ([8 20 36], [1 4 9])
print(vjp_fn(Tensor(np.array([1.0, 0.0, 2.0], np.float32)))) # ([8 0 72], [1 0 18])
# One input gives a bare gradient; has_aux returns the rest last.
out, vjp_fn, aux = ms.vjp(lambda x: (x * x, x + 1), x, has_aux=True)
print(out, aux, vjp_fn(Tensor(np.ones(3, np.float32))))      # [1 4 9] ([2 3 4],) [2 4 6]

# With weights: (input cotangents, weight cotangents); d/dw sum(w·x) = x.
class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.full(3, 2.0, np.float32)), name="w")

    def construct(self, x):
        return self.w * x

net = Scale()
out, vjp_fn = ms.vjp(net, x, weights=net.trainable_params())
print(vjp_fn(Tensor(np.ones(3, np.float32))))                # ([2 2 2], ([1 2 3],))

# jvp: the derivative along v. Along (1, 0): 2xy = [8 20 36].
print(ms.jvp(f, (x, y), (Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32)))))
# d/dx x³ along 1: 3x² = [3 12 27].
print(ms.jvp(lambda x: x * x * x, x, Tensor(np.ones(3, np.float32))))
# Two outputs: the derivative of each.
print(ms.jvp(lambda x: (x * 2, x * x), x, Tensor(np.ones(3, np.float32))))

# Jacobians, output shape + input shape. d(x²)/dx = diag(2x).
print(ms.jacrev(lambda x: x * x)(x))
print(ms.jacfwd(lambda x: x * x)(x))
# C = A·B: dC[i]/dA[k, l] = δ_ik·B[l], dC[i]/dB[l] = A[i, l].
a = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
b = Tensor(np.array([[0.5], [-1.0]], np.float32))
ja, jb = ms.jacrev(ops.matmul, (0, 1))(a, b)
print(ja.shape, jb.shape)                                    # (2, 1, 2, 2) (2, 1, 2, 1)
print(ja.reshape(2, 4), jb.reshape(2, 2))
fa, fb = ms.jacfwd(ops.matmul, (0, 1))(a, b)
print(np.array_equal(fa.asnumpy(), ja.asnumpy()), np.array_equal(fb.asnumpy(), jb.asnumpy()))
# The Hessian of sum(x³) is diag(6x): jacfwd of jacrev.
print(ms.jacfwd(ms.jacrev(lambda x: (x * x * x).sum()))(x))
