# not-cpython
import mindspore as ms

x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
print(x[1, 2])
print(x[1, 3])
