# Other built-in layers in a jit function: LayerNorm, Softmax, GELU, LeakyReLU, Embedding.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

RESULTS = []
ln = nn.LayerNorm((4,))
sm = nn.Softmax()
gelu = nn.GELU()
lrelu = nn.LeakyReLU(0.1)
emb = nn.Embedding(5, 4, embedding_table=Tensor(np.linspace(-1, 1, 20, dtype=np.float32).reshape(5, 4)))


@jit
def f(x, ids):
    e = emb(ids)
    y = ln(x + e)
    return sm(y), gelu(y), lrelu(y)


x = Tensor(np.array([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0, 0.5]], np.float32))
RESULTS.append(f(x, Tensor(np.array([0, 3], np.int32))))
RESULTS.append(f(x, Tensor(np.array([4, 4], np.int32))))
RESULTS.append(ms.grad(lambda x, i: f(x, i)[1].sum())(x, Tensor(np.array([1, 2], np.int32))))
