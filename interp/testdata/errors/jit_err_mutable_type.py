# not-cpython
# mutable() takes numbers, Tensors, and tuples, lists and dicts of them.
from mindspore import mutable

n = mutable(3)
s = mutable({"name": "lenet", "size": (3, "wide")})
