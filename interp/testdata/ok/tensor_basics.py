# not-cpython
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

x = Tensor([[1.0, -2.5, 3.0], [4.0, 5.0, -6.0]])
print(x)
print(repr(x))
print(x.shape, x.dtype, x.ndim, x.size, x.itemsize, x.nbytes)
print(Tensor(1), Tensor(2.5), Tensor(True), Tensor([1, 2]).dtype, Tensor([1.5]).dtype, Tensor([True]).dtype)
print(Tensor(np.array([1, 2], np.int32)).dtype, Tensor([1, 2], ms.float64))
print(ms.tensor([[1, 2], [3, 4]], ms.int8))
print(x.tolist(), x[0, 1].item(), float(x[1, 1]), int(x[1, 2]))
print(len(x), bool(Tensor([0])), bool(Tensor([2.0])))
print(x.astype(ms.int32), x.astype(ms.float16).dtype)
print(x.T)
print(x.reshape(3, 2), x.reshape((6,)), x.reshape(-1, 2).shape)
print(x.transpose(), x.flatten(), x.expand_dims(0).shape, x.expand_dims(0).squeeze().shape)
print(ms.float32 == ms.float32, ms.float32 == ms.int32, ms.float32)
print(ops.ones((2, 3, 4)).flatten(start_dim=1).shape, ops.ones((2, 3, 4)).flatten(start_dim=0, end_dim=1).shape)
