# Dicts built, read and updated in the function, returned as a dict of Tensors.
import numpy as np
from mindspore import Tensor, jit

RESULTS = []


@jit
def stats(x):
    d = {"sum": x.sum(), "max": x.max()}
    d["min"] = x.min()
    d["range"] = d["max"] - d["min"]
    keys = list(d.keys())
    total = 0
    for k in d:
        total = total + d[k]
    return d, total, len(keys), d.get("mean", x.mean())


for v in ([1.0, 5.0, -2.0], [3.0, 3.0]):
    d, total, n, m = stats(Tensor(np.array(v, np.float32)))
    RESULTS.append([d["sum"], d["max"], d["min"], d["range"], sorted(d.keys()), total, n, m])
