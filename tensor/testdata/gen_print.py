"""Writes testdata/print/cases.json for tensor's printing tests: arrays with
numpy 1.24's str() and repr() of each, and scalars with their str() and
repr().

Run from the tensor directory with Debian's numpy 1.24:

    /usr/bin/python3 testdata/gen_print.py

Every value is written as text that rebuilds the element exactly: floats as
repr(float(v)) (exact for float16, float32 and float64), with "nan", "inf"
and "-inf"; integers and bools as decimal integers; an array's values are
one space-separated string in row-major order. The output is deterministic.
"""

import json
import math
import os

import numpy as np

assert np.__version__.startswith("1.24."), np.__version__

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64",
          "float16", "float32", "float64"]
FLOATS = ["float16", "float32", "float64"]
INTS = ["uint8", "int8", "int16", "int32", "int64"]

rng = np.random.default_rng(20240601)
cases = []


def text(v, dtype):
    if dtype in FLOATS:
        f = float(v)
        if math.isnan(f):
            return "nan"
        return repr(f)  # "inf", "-inf", "-0.0" included
    return str(int(v))


def add(name, a):
    a = np.asarray(a)
    case = {
        "name": name,
        "dtype": a.dtype.name,
        "shape": list(a.shape),
        "values": " ".join(text(v, a.dtype.name) for v in a.ravel()),
        "str": str(a),
        "repr": repr(a),
    }
    if a.ndim == 0:
        case["scalar"] = str(a[()])
    cases.append(case)


def arr(values, dtype, shape=None):
    with np.errstate(over="ignore", invalid="ignore"):
        a = np.array(values, dtype=np.float64).astype(dtype) \
            if dtype in FLOATS else np.array(values).astype(dtype)
    return a if shape is None else a.reshape(shape)


def ints(dtype, size):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=size, endpoint=True, dtype=dtype)


# Every dtype at every rank 0 to 4, small values with negatives.
for dt in DTYPES:
    for shape in [(), (5,), (2, 3), (2, 2, 3), (2, 1, 2, 3)]:
        n = int(np.prod(shape))
        if dt == "bool":
            a = rng.integers(0, 2, size=n).astype(bool)
        elif dt == "uint8":
            a = rng.integers(0, 200, size=n).astype(dt)
        elif dt in INTS:
            a = rng.integers(-120, 120, size=n).astype(dt)
        else:
            a = np.round(rng.normal(0, 10, size=n), 2).astype(dt)
        add(f"{dt}_rank{len(shape)}", a.reshape(shape))

# 0-d specials.
for dt in FLOATS:
    for v in [0.0, -0.0, 1.0, 3.5, -2.25, 0.1, 1e-5, 1e-4, 12345.678, 65504.0,
              float("nan"), float("inf"), float("-inf")]:
        add(f"{dt}_0d_{v!r}", arr(v, dt))
    add(f"{dt}_0d_big", arr(1e16 if dt != "float16" else 6e4, dt))
for dt in INTS:
    info = np.iinfo(dt)
    add(f"{dt}_0d_min", np.array(info.min, dtype=dt))
    add(f"{dt}_0d_max", np.array(info.max, dtype=dt))
add("bool_0d_false", np.array(False))

# Full-range integers: mixed widths, and rows that wrap at 75 columns.
for dt in INTS:
    add(f"{dt}_full_range", ints(dt, 12))
    add(f"{dt}_wrap_1d", ints(dt, 45))
    add(f"{dt}_wrap_2d", ints(dt, 3 * 30).reshape(3, 30))
add("int64_wrap_3d", rng.integers(-999, 999, size=(2, 3, 25)))
add("int64_arange_40", np.arange(40))
add("bool_wrap_1d", rng.integers(0, 2, size=40).astype(bool))
add("bool_wrap_3d", rng.integers(0, 2, size=(2, 2, 17)).astype(bool))

# Summarised arrays (more than 1000 elements) at ranks 1 to 4.
for dt in DTYPES:
    if dt == "bool":
        a = rng.integers(0, 2, size=1200).astype(bool)
    elif dt in INTS:
        a = ints(dt, 1200)
    else:
        a = arr(rng.normal(0, 100, size=1200), dt)
    add(f"{dt}_summary_1d", a)
add("int64_summary_2d", np.arange(50 * 40).reshape(50, 40))
add("int32_summary_2d_wide", ints("int32", 3 * 400).reshape(3, 400))
add("float64_summary_2d", rng.normal(0, 1, size=(40, 30)))
add("float32_summary_3d", arr(rng.normal(0, 1e3, size=(11, 10, 10)), "float32"))
add("float64_summary_3d_short_axis", rng.uniform(-1, 1, size=(2, 3, 200)))
add("int8_summary_4d", ints("int8", 6 * 6 * 6 * 6).reshape(6, 6, 6, 6))
add("bool_summary_2d", rng.integers(0, 2, size=(30, 40)).astype(bool))
add("float16_summary_2d_nan", arr([float("nan")] * 3 + list(rng.normal(0, 1, 1197)),
                                  "float16", (30, 40)))
add("float64_summary_sci", np.concatenate([rng.normal(0, 1e-7, 1000), [1e9]]))

# Empty arrays.
for dt in ["float32", "float64", "int64", "bool", "uint8"]:
    add(f"{dt}_empty_1d", np.zeros((0,), dtype=dt))
    add(f"{dt}_empty_2d", np.zeros((2, 0), dtype=dt))
add("float64_empty_3d", np.zeros((0, 3, 2)))

# Floats: notation, digits, padding, non-finite values.
float_lists = {
    "integral": [1.0, 2.0, 10.0, -3.0],
    "mixed_widths": [1.5, -10.25, 100.125, 0.5],
    "eight_digits": [0.123456789, 1.0 / 3, 2.0 / 3, -7.2],
    "tiny": [1e-5, 2e-6, 3.5e-7],
    "huge": [1e10, 2.5e12, -3e9],
    "ratio": [0.001, 1.5, 2.0],
    "ratio_edge": [1.0, 1000.0],
    "ratio_over": [1.0, 1000.5],
    "min_edge": [1e-4, 1.0],
    "max_edge": [99999999.0, 1.0],
    "max_over": [1e8, 1.0],
    "zeros": [0.0, 0.0, -0.0],
    "neg_zero_sci": [-0.0, 1e10],
    "with_nan": [float("nan"), 1.5, -2.0],
    "with_inf": [float("inf"), 1.5, 2.0],
    "with_neginf": [float("-inf"), 1.5, 2.0],
    "nan_sci": [float("nan"), 1e-10, 1.0],
    "inf_sci": [float("-inf"), 1.5, 1e12],
    "only_nan": [float("nan"), float("nan")],
    "only_inf": [float("inf"), float("-inf")],
    "nan_zero": [0.0, float("nan")],
    "carry": [9.9999999999, 1.2345678e10],
    "carry_pos": [0.999999999, 2.5],
    "half_even": [2.0 ** -9, 1.0],
    "seven_two": [7.2, 1.1, 0.7],
    "powers_two_sci": [2.0 ** -30, 2.0 ** 20, 1.2345678, 1e10],
    "exp3": [1e-120, 1.0, 1e200],
    "subnormal": [5e-324, 1.0],
}
for name, values in float_lists.items():
    for dt in FLOATS:
        add(f"{dt}_{name}", arr(values, dt))
add("float32_large_int", arr([99999992.0, 16777217.0, 3.0], "float32"))
# max/min is divided in the array's dtype: here it rounds down to 1000.
add("float32_ratio_rounding", arr([1.0000001, 1000.0001192], "float32"))
add("float16_ratio_rounding", arr([1.0009766, 1001.0], "float16"))
# Exact ties between two shortest candidates, broken to the even digit.
add("float32_tie", arr([2.0 ** -12, 1.2345678e10], "float32"))
# Powers of two have a lower margin half the upper one.
add("float16_pow2_sci", arr([2.0 ** -6, 1.123e-5], "float16"))
add("float32_pow2_sci", arr([2.0 ** -96, 1.2345678e-25], "float32"))
add("float16_extremes", arr([65504.0, 6e-8, -1e-4, 0.0999755859375], "float16"))
add("float16_subnormals", arr([6e-8, 1.2e-7, 3e-5, 6.1e-5], "float16"))
add("float32_wrap_sci", arr(rng.normal(0, 1, 30) * 10.0 ** rng.integers(-8, 9, 30), "float32"))
add("float64_wrap_2d", rng.normal(0, 1, (4, 12)))
add("float64_wrap_3d", rng.normal(0, 1, (2, 2, 10)))
add("float16_wrap_4d", arr(rng.normal(0, 1, (2, 2, 2, 20)), "float16"))
add("float32_row_exact_width", arr([1.0] * 18 + [10.0], "float32"))

# Random arrays of random dtype, shape and magnitude.
for i in range(60):
    dt = FLOATS[i % 3] if i % 4 else DTYPES[i % len(DTYPES)]
    rank = int(rng.integers(1, 5))
    shape = tuple(int(x) for x in rng.integers(1, 6, size=rank))
    n = int(np.prod(shape))
    if dt == "bool":
        a = rng.integers(0, 2, size=n).astype(bool)
    elif dt in INTS:
        a = ints(dt, n)
    else:
        lo, hi = sorted(rng.integers(-7, 4, size=2) if dt == "float16"
                        else rng.integers(-12, 12, size=2))
        mags = 10.0 ** rng.uniform(lo, hi + 1, size=n)
        a = arr(mags * rng.choice([-1.0, 1.0], size=n), dt)
        if i % 5 == 0:
            a[rng.integers(0, n)] = rng.choice([np.nan, np.inf, -np.inf, 0.0])
    add(f"random_{i}_{dt}", a.reshape(shape))


# Scalars: str() of numpy scalars for FormatScalar.
scalars = []


def add_scalar(dt, v):
    s = np.dtype(dt).type(v)
    scalars.append({"dtype": dt, "value": text(s, dt), "str": str(s), "repr": repr(s)})


with np.errstate(over="ignore"):
    for dt in FLOATS:
        for v in [0.0, -0.0, 1.0, -1.0, 0.1, 7.2, 1e-4, 9.99e-5, 1e-5, 1e16, 9.999e15,
                  123456789.0, 2.0 ** 70, 5e-324, 1.7976931348623157e308, 65504.0,
                  float("nan"), float("inf"), float("-inf")]:
            add_scalar(dt, v)
    for dt, (lo, hi) in [("float16", (-8, 5)), ("float32", (-46, 39)),
                         ("float64", (-320, 309))]:
        for _ in range(250):
            mag = 10.0 ** rng.uniform(lo, hi)
            v = np.dtype(dt).type(mag * rng.choice([-1.0, 1.0]))
            if np.isfinite(v):
                add_scalar(dt, v)
        bits = rng.integers(0, 2 ** (8 * np.dtype(dt).itemsize), size=100,
                            dtype=np.uint64).astype({"float16": np.uint16,
                                                     "float32": np.uint32,
                                                     "float64": np.uint64}[dt])
        for v in bits.view(dt):
            if np.isfinite(v):
                add_scalar(dt, v)
        # Short binary fractions: short decimal expansions, exact ties.
        for _ in range(50):
            m = int(rng.integers(0, 2 ** int(rng.integers(1, 12)))) | 1
            add_scalar(dt, np.dtype(dt).type(m * 2.0 ** int(rng.integers(-24, 8))))
    add_scalar("float32", 2.0 ** -12)
for dt in INTS:
    for v in ints(dt, 5):
        if dt == "int64":  # FormatScalar takes a float64
            v = v >> 11
        add_scalar(dt, v)
add_scalar("bool", True)
add_scalar("bool", False)

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "print", "cases.json")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w") as f:
    # One case or scalar a line keeps diffs of regenerated data readable.
    f.write('{"numpy": %s,\n"cases": [\n' % json.dumps(np.__version__))
    f.write(",\n".join(json.dumps(c) for c in cases))
    f.write('\n],\n"scalars": [\n')
    f.write(",\n".join(json.dumps(s) for s in scalars))
    f.write("\n]}\n")
print(f"{len(cases)} cases, {len(scalars)} scalars -> {out}")
