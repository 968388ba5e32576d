# for over a dict's items, keys and values (constant order), building a weighted sum of Tensors.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def weigh(parts, weights):
    total = 0
    names = []
    for name, t in parts.items():
        total = total + t.sum() * weights[name]
        names.append(name)
    for k in weights.keys():
        total = total + weights[k]
    vals = [v * 2 for v in parts.values()]
    return total, tuple(names), vals


p = {"a": Tensor(np.array([1.0, 2.0], np.float32)), "b": Tensor(np.array([3.0], np.float32))}
RESULTS.append(weigh(p, {"a": 0.5, "b": -1.0}))
RESULTS.append(weigh(p, {"a": 2.0, "b": 1.0}))
