# A dict of Tensors and numbers as a jit argument: read by key, iterated, and its items returned.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def use(cfg, x):
    y = x * cfg["scale"] + cfg["bias"]
    for k in cfg:
        if k == "extra":
            y = y + cfg[k]
    return y, len(cfg)


x = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([0.5, -0.5], np.float32))
RESULTS.append(use({"scale": 2.0, "bias": b}, x))
RESULTS.append(use({"scale": -1.0, "bias": b, "extra": x * 10}, x))
