# not-cpython
import mindspore as ms
from mindspore import Tensor, ops

x = Tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
print(x.sum(), x.sum(0), x.sum(axis=1), x.sum(axis=(0, 1)), x.sum(1, keepdims=True))
print(x.mean(), x.mean(0), x.max(), x.max(axis=1), x.min(0), x.prod(1))
print(x.argmax(), x.argmax(axis=1), x.argmin(0))
print((x > 2).any(), (x > 0).all(), (x > 2).all(axis=1), (x > 2).sum())
print(Tensor([1, 2, 3], ms.int32).mean(), Tensor([1, 2, 3], ms.int32).sum().dtype)
print(ops.sum(x), ops.sum(x, 1), ops.mean(x, 0, True), ops.amax(x, 1), ops.amin(x), ops.prod(x, 0))
print(ops.argmax(x, 1), ops.argmin(x, 0, True))
print(ops.ReduceMean(keep_dims=True)(x, 1), ops.ReduceMax()(x), ops.Argmax(axis=0)(x), ops.Argmax()(x).dtype)
print(ops.softmax(x), ops.log_softmax(x, 0))
print(ops.Softmax()(Tensor([1.0, 2.0, 3.0])))
