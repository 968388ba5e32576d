"""Shared helpers for the generators of ops/testdata/cases/*.json.

Each generator module (elementwise.py, reduce.py, ...) builds a list of cases
with numpy 1.24 as the oracle and calls write(family, cases). Run every
generator with Debian's numpy:

    cd ops/testdata/gen && for f in [a-z]*.py; do [ $f = common.py ] || /usr/bin/python3 $f; done

A case applies one primitive to input tensors with attributes and gives the
expected outputs, or the expected error (kind and message). Attribute values
are typed: {"int": 3}, {"float": 0.5}, {"bool": true}, {"str": "same"},
{"ints": [0, 1]}, {"dtype": "float32"}.
"""
import json
import math
import os

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "cases")


def _num(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    f = float(v)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def tensor(a):
    """A numpy array as the JSON tensor the Go harness reads."""
    a = np.asarray(a)
    return {"dtype": a.dtype.name, "shape": list(a.shape), "data": [_num(v) for v in a.reshape(-1)]}


def I(v):
    return {"int": int(v)}


def F(v):
    return {"float": float(v)}


def B(v):
    return {"bool": bool(v)}


def S(v):
    return {"str": v}


def Ints(v):
    return {"ints": [int(x) for x in v]}


def D(v):
    return {"dtype": np.dtype(v).name}


def case(name, prim, inputs, outputs, attrs=None, rtol=0.0, atol=0.0):
    """A case whose expected outputs are numpy arrays."""
    return {
        "name": name,
        "prim": prim,
        "attrs": attrs or {},
        "inputs": [tensor(x) for x in inputs],
        "outputs": [tensor(y) for y in outputs],
        "rtol": rtol,
        "atol": atol,
    }


def error(name, prim, inputs, kind, message, attrs=None):
    """A case that must fail with a Python exception kind and exact message."""
    return {
        "name": name,
        "prim": prim,
        "attrs": attrs or {},
        "inputs": [tensor(x) for x in inputs],
        "error": {"kind": kind, "message": message},
    }


def rng(seed):
    return np.random.default_rng(seed)


def write(family, cases):
    names = [c["name"] for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    assert not dup, f"duplicate case names: {sorted(dup)}"
    path = os.path.join(OUT, family + ".json")
    with open(path, "w") as f:
        json.dump(cases, f, indent=0, separators=(",", ":"))
        f.write("\n")
    print(f"{path}: {len(cases)} cases")
