# not-cpython
import mindspore as ms
from mindspore import Tensor, ops

x = Tensor([[1, 2, 3], [4, 5, 6]], ms.int32)
print(ops.reshape(x, (3, 2)), ops.transpose(x, (1, 0)))
print(ops.concat((x, x)), ops.concat([x, x], 1), ops.cat((x, x), axis=-1).shape)
print(ops.stack((x, x)).shape, ops.stack([x, x], 2).shape)
print(ops.split(x, 1, 1))
print(ops.split(Tensor([1, 2, 3, 4, 5]), [2, 3]))
print(ops.squeeze(Tensor([[[1.0], [2.0]]])), ops.expand_dims(x, 1).shape)
print(ops.broadcast_to(Tensor([1, 2, 3]), (2, 3)), x.broadcast_to((2, 2, 3)).shape)
print(ops.ones((2, 3)), ops.zeros(3, ms.int32), ops.ones_like(x), ops.zeros_like(x, ms.float32))
print(ops.full((2, 2), 7), ops.full((2,), 0.5), ops.fill(ms.int64, (2, 2), 3))
print(ops.cast(x, ms.float64), ops.gather(x, Tensor([2, 0]), 1), ops.gather(x, Tensor([1]), 0))
print(ops.one_hot(Tensor([0, 2, 5]), 3), ops.one_hot(Tensor([1, 0]), 2, 5.0, -1.0))
print(ops.shape(x), ops.rank(x), ops.Shape()(x))
print(ops.Reshape()(x, (6,)), ops.Transpose()(x, (1, 0)).shape, ops.ExpandDims()(x, 0).shape)
print(ops.Concat(axis=1)((x, x)).shape, ops.Squeeze(0)(Tensor([[1, 2]])), ops.Cast()(x, ms.float16).dtype)
print(ops.OneHot()(Tensor([0, 1]), 2, Tensor(1.0), Tensor(0.0)))
