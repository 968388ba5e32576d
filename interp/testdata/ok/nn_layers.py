# not-cpython
# nn.Flatten, nn.Dropout and nn.Embedding.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
print(nn.Flatten()(x).shape, nn.Flatten(0, 1)(x).shape, nn.Flatten(start_dim=-2)(x).shape,
      nn.Flatten(1, 1)(x).shape, nn.Flatten()(Tensor(3.0)).shape)
print(nn.Flatten(0, -1)(x))
print(nn.Flatten())

# Dropout is the identity until set_train().
d = nn.Dropout(p=0.5)
print(d, d.p, d.keep_prob, d(x) is x)
print(nn.Dropout(), nn.Dropout(keep_prob=0.8))
d.set_train()
ms.set_seed(7)
ones = Tensor(np.ones((20, 50), np.float32))
y = d(ones).asnumpy()
# Each element is dropped (0) or kept and scaled by 1/(1-p).
kept = (y == 2.0).sum()
print(((y == 0.0) | (y == 2.0)).all(), 400 < kept < 600)
y = nn.Dropout(keep_prob=0.8).set_train()(ones).asnumpy()
print(((y == 0.0) | (y == 1.25)).all(), 700 < (y == 1.25).sum() < 900)
print(nn.Dropout(p=0.0).set_train()(x) is x)

# Embedding looks rows up; padding_idx zeroes its row of the table.
table = Tensor(np.arange(15, dtype=np.float32).reshape(5, 3))
ids = Tensor(np.array([[0, 1], [4, 2]], np.int32))
e = nn.Embedding(5, 3, embedding_table=table)
print(e(ids))
print(nn.Embedding(5, 3, use_one_hot=True, embedding_table=table)(ids))
ep = nn.Embedding(5, 3, embedding_table=table, padding_idx=1)
print(ep(Tensor(np.array([1, 3], np.int64))))
print(ep.embedding_table.name, ep.embedding_table.shape, ep.padding_idx, ep.vocab_size, ep.embedding_size)
print(nn.Embedding(5, 3))
ms.set_seed(1)
big = nn.Embedding(100, 100).embedding_table.asnumpy()
print(big.dtype, abs(np.sqrt((big ** 2).mean()) / 0.01 - 1) < 0.05)
