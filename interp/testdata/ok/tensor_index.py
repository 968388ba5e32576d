# not-cpython
import mindspore as ms
from mindspore import Tensor

x = Tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], ms.int64)
print(x[1], x[-1], x[1, 2], x[:, 0], x[::2, ::-1], x[1:, 1:3])
print(x[None].shape, x[..., None].shape, x[..., 1], x[0, None, 1:3])
print(x[Tensor([2, 0])], x[:, Tensor([3, 3])], x[[1, 2]])
print(x[x > 6], x[Tensor([True, False, True])])
y = x.copy()
y[0] = 100
y[1, 1:3] = Tensor([-1, -2])
y[:, 3] = 7.9
y[y < 5] = 0
print(y)
z = x.copy()
z[Tensor([0, 2])] = Tensor([[9, 9, 9, 9]])
print(z)
for row in x[:2]:
    print(row, row.sum())
alias = x
alias[0, 0] = 42
print(x[0, 0])
