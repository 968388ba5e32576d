"""Cases for the reductions (ReduceSum, ReduceMean, ReduceMax, ReduceMin,
ReduceProd, ReduceAll, ReduceAny, Argmax, Argmin), Softmax, LogSoftmax and
Select, with numpy 1.24 as the oracle.

Where MindSpore's primitives differ from numpy, the cases follow MindSpore:
reductions keep the input's dtype (an int8 sum wraps around, a bool sum is
"any" and a bool product "all"), ReduceMean of integers and bools gives
float32, an empty axis tuple reduces every axis, a 0-d input has the one axis
0, repeated axes are an error, and Argmax gives int32 unless output_type says
int64. float16 sums, products and means compute in float32 and round once.

The kernels combine elements in numpy's order (pairwise sums along the
innermost reduced axes, one row at a time along outer ones), so reductions
match numpy bit for bit and carry no tolerance. Softmax's oracle computes in
float64, so its cases do.
"""
import warnings

import numpy as np

from common import B, D, I, Ints, case, error, rng, write

warnings.simplefilter("ignore", RuntimeWarning)  # NaN, empty means and overflow are the point

r = rng(7)
cases = []

REDUCE = ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceAll", "ReduceAny"]
EMPTY_NAME = {"ReduceMax": "maximum", "ReduceMin": "minimum"}


def sample(dtype, shape, small=False):
    """Random values of a dtype; small keeps products in range."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return r.random(shape) < 0.7
    if dtype.kind in "iu":
        if small:
            lo, hi = (0, 4) if dtype.kind == "u" else (-3, 4)
        else:
            info = np.iinfo(dtype)
            lo, hi = max(int(info.min), -(2**40)), min(int(info.max), 2**40)
        return r.integers(lo, hi, shape, endpoint=True).astype(dtype)
    if small:
        return (r.uniform(0.5, 1.5, shape) * r.choice([-1, 1], shape)).astype(dtype)
    return (r.standard_normal(shape) * 3).astype(dtype)


def np_axis(axis, ndim):
    """MindSpore's axis as numpy's: None, () and 0-d inputs reduce everything."""
    if axis is None or ndim == 0 or axis == ():
        return None
    return axis


def norm_axes(axis, ndim):
    if axis is None or axis == ():
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else axis
    return tuple(sorted(a % max(ndim, 1) for a in axes)) if ndim else ()


def oracle(prim, x, axis, keep):
    kw = dict(axis=np_axis(axis, x.ndim), keepdims=keep)
    dt = x.dtype
    f32 = x.astype(np.float32)
    if prim in ("ReduceSum", "ReduceProd"):
        fn = np.sum if prim == "ReduceSum" else np.prod
        y = fn(f32, **kw).astype(dt) if dt == np.float16 else fn(x, dtype=dt, **kw)
    elif prim == "ReduceMean":
        if dt.kind == "f" and dt != np.float16:
            y = np.mean(x, **kw)
        else:
            y = np.mean(f32, **kw).astype(np.float16 if dt == np.float16 else np.float32)
    else:
        fn = {"ReduceMax": np.max, "ReduceMin": np.min, "ReduceAll": np.all, "ReduceAny": np.any}[prim]
        y = fn(x, **kw)
    return np.asarray(y)


def attrs(axis, keep):
    a = {"keep_dims": B(keep)}
    if isinstance(axis, int):
        a["axis"] = I(axis)
    elif axis is not None:
        a["axis"] = Ints(axis)
    return a


def tag(axis):
    if axis is None:
        return "none"
    if isinstance(axis, int):
        return f"ax{axis}"
    return "ax" + ("_".join(str(a) for a in axis) if axis else "empty")


def shape_tag(shape):
    return "s" + ("x".join(str(d) for d in shape) if shape else "0d")


def reduce_case(prim, x, axis, keep, name=None):
    name = name or f"{prim}_{x.dtype.name}_{shape_tag(x.shape)}_{tag(axis)}" + ("_keep" if keep else "")
    axes = norm_axes(axis, x.ndim)
    count = int(np.prod([x.shape[a] for a in axes]))
    out_size = int(np.prod([d for i, d in enumerate(x.shape) if i not in axes]))
    if prim in EMPTY_NAME and count == 0 and out_size > 0:
        return error(name, prim, [x], "ValueError",
                     f"For '{prim}', cannot take the {EMPTY_NAME[prim]} of zero elements: "
                     f"'axis' {axes} of x.shape {tuple(x.shape)} has size 0.", attrs(axis, keep))
    return case(name, prim, [x], [oracle(prim, x, axis, keep)], attrs(axis, keep))


# Every reduction over ranks 0 to 4, every kind of axis and empty dims, in
# float32; keep_dims alternates.
GRID = [
    ((), [None, (0,), (-1,), ()]),
    ((5,), [None, 0, -1, ()]),
    ((3, 4), [None, 0, 1, -1, (0, 1), (1, 0), ()]),
    ((2, 3, 4), [None, 0, 1, 2, (0, 2), (1, 2), (-1, -3), (0, 1)]),
    ((2, 3, 2, 5), [None, (1, 3), (0, 2, 3), -2, (0, 1, 2, 3), (2,)]),
    ((1, 4, 1), [None, 0, (0, 2), 1]),
    ((0,), [None, 0]),
    ((3, 0), [None, 0, 1]),
    ((0, 4), [0, 1, None]),
    ((2, 0, 3), [1, (0, 2)]),
]
for prim in REDUCE:
    i = 0
    for shape, axes in GRID:
        for axis in axes:
            x = sample("float32", shape, small=prim == "ReduceProd")
            if prim in ("ReduceAll", "ReduceAny"):
                x = np.where(r.random(shape) < 0.3, 0, x).astype(np.float32)
            cases.append(reduce_case(prim, x, axis, keep=i % 2 == 1))
            i += 1

# Every dtype on a few layouts: a row, the innermost axis, outer axes around
# a kept one, and alternating axes.
LAYOUTS = [((7,), None, False), ((3, 5), 1, True), ((2, 3, 4), (0, 2), False), ((2, 3, 2, 5), (1, 3), True),
           ((4, 3), 0, False)]
DTYPES = ["float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]
for prim in REDUCE:
    for dt in DTYPES:
        if prim in ("ReduceAll", "ReduceAny") and dt not in ("bool", "int32", "float64"):
            continue
        for shape, axis, keep in LAYOUTS:
            x = sample(dt, shape, small=prim == "ReduceProd")
            if prim in ("ReduceAll", "ReduceAny") and dt != "bool":
                x = np.where(r.random(shape) < 0.3, 0, x).astype(dt)
            cases.append(reduce_case(prim, x, axis, keep))

# Integer sums and products wrap around in the input's dtype.
x = np.array([[100, 100, 100], [-128, -1, 0]], np.int8)
cases.append(reduce_case("ReduceSum", x, 1, False, "ReduceSum_int8_wraps"))
cases.append(reduce_case("ReduceProd", np.array([16, 16, 3], np.uint8), None, False, "ReduceProd_uint8_wraps"))
x = np.array([2**62, 2**62, 2**62], np.int64)
cases.append(reduce_case("ReduceSum", x, None, False, "ReduceSum_int64_wraps"))

# NaN and infinities propagate as in numpy.
x = np.array([[1, np.nan, 3], [4, 5, 6], [np.inf, -np.inf, 1], [-np.inf, 2, 0.5]], np.float32)
for prim in ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceAll", "ReduceAny"]:
    for axis in [0, 1]:
        cases.append(reduce_case(prim, x, axis, False, f"{prim}_specials_ax{axis}"))
x = np.array([np.nan, 1, 2, np.nan], np.float64)
cases.append(reduce_case("ReduceMax", x, None, False, "ReduceMax_nan_first_and_last"))
cases.append(reduce_case("ReduceMin", x[1:], None, False, "ReduceMin_nan_last"))

# Long sums whose float32 rounding depends on the order of additions:
# values k·2^e spread over 20 binades. numpy's pairwise order is matched
# exactly, so there is no tolerance.
def spread(n, dtype, emin, emax):
    k = r.integers(-127, 128, n)
    return (k * np.exp2(r.integers(emin, emax, n).astype(np.float64))).astype(dtype)


x = spread(8229, np.float32, -8, 12)
naive = np.float32(0)
for v in x:
    naive = np.float32(naive + v)
assert naive != np.sum(x), "the order case must depend on the order"
cases.append(reduce_case("ReduceSum", x, None, False, "ReduceSum_float32_pieces_of_8192"))
x = spread(3 * 1030, np.float32, -8, 12).reshape(3, 1030)
cases.append(reduce_case("ReduceSum", x, 1, False, "ReduceSum_float32_pairwise_rows"))
x = spread(200 * 3, np.float32, -8, 12).reshape(200, 3)
cases.append(reduce_case("ReduceSum", x, 0, False, "ReduceSum_float32_sequential_cols"))
x = spread(2 * 3 * 150, np.float32, -8, 12).reshape(2, 3, 150)
cases.append(reduce_case("ReduceSum", x, (0, 2), False, "ReduceSum_float32_runs_then_rows"))
cases.append(reduce_case("ReduceMean", x, (1, 2), True, "ReduceMean_float32_merged_runs"))
x = spread(600, np.float64, -30, 30)
cases.append(reduce_case("ReduceSum", x, None, False, "ReduceSum_float64_pairwise_full"))
x = spread(1000, np.float16, -6, 2)
cases.append(reduce_case("ReduceSum", x, None, False, "ReduceSum_float16_in_float32"))
x = r.uniform(0.9, 1.1, 300).astype(np.float32)
cases.append(reduce_case("ReduceProd", x, None, False, "ReduceProd_float32_sequential"))

# Errors.
x2 = np.ones((2, 3), np.float32)
cases.append(error("ReduceSum_axis_too_big", "ReduceSum", [x2], "ValueError",
                   "For 'ReduceSum', the 'axis' must be in range [-2, 2), but got 3.", {"axis": Ints([3])}))
cases.append(error("ReduceMax_axis_too_small", "ReduceMax", [x2], "ValueError",
                   "For 'ReduceMax', the 'axis' must be in range [-2, 2), but got -3.", {"axis": I(-3)}))
cases.append(error("ReduceMean_0d_axis", "ReduceMean", [np.float32(2)], "ValueError",
                   "For 'ReduceMean', the 'axis' must be in range [-1, 1), but got 1.", {"axis": Ints([1])}))
cases.append(error("ReduceSum_duplicate_axis", "ReduceSum", [x2], "ValueError",
                   "For 'ReduceSum', the 'axis' must not contain duplicate values, but got (0, -2).",
                   {"axis": Ints([0, -2])}))
cases.append(error("ReduceAll_duplicate_axis", "ReduceAll", [x2], "ValueError",
                   "For 'ReduceAll', the 'axis' must not contain duplicate values, but got (1, 1).",
                   {"axis": Ints([1, 1])}))

# Argmax and Argmin: first occurrence, NaN wins, ties from small integers.
ARG_LAYOUTS = [((6,), -1), ((6,), 0), ((3, 4), 0), ((3, 4), 1), ((2, 3, 4), 1), ((2, 3, 4), 0), ((2, 3, 2, 5), 2),
               ((1, 7), 0), ((4, 1), 1)]
for prim, fn in [("Argmax", np.argmax), ("Argmin", np.argmin)]:
    for dt in ["float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]:
        for i, (shape, axis) in enumerate(ARG_LAYOUTS):
            x = r.integers(0, 4, shape).astype(dt)  # many ties
            if dt.startswith("float") and i % 3 == 1:
                x = sample(dt, shape)
            keep = i % 2 == 0
            out = "int64" if i % 4 == 3 else "int32"
            a = {"axis": I(axis), "keep_dims": B(keep)}
            if out == "int64" or i % 4 == 1:
                a["output_type"] = D(out)
            y = fn(x, axis=axis, keepdims=keep).astype(out)
            cases.append(case(f"{prim}_{dt}_{shape_tag(shape)}_ax{axis}", prim, [x], [y], a))
    x = np.array([[1, np.nan, 3, np.nan], [np.nan, 5, 2, 0], [2, 2, 1, 1], [-np.inf, np.inf, np.inf, 0]], np.float32)
    for axis in [0, 1]:
        cases.append(case(f"{prim}_nan_ax{axis}", prim, [x], [fn(x, axis=axis).astype(np.int32)], {"axis": I(axis)}))
    cases.append(case(f"{prim}_default_axis", prim, [x], [fn(x, axis=-1).astype(np.int32)]))
    for shape, axis in [((0, 3), 1), ((3, 0), 0)]:
        x = np.zeros(shape, np.float32)
        cases.append(case(f"{prim}_empty_out_{shape_tag(shape)}", prim, [x], [fn(x, axis=axis).astype(np.int32)],
                          {"axis": I(axis)}))
    cases.append(error(f"{prim}_empty_axis", prim, [np.zeros((3, 0), np.float32)], "ValueError",
                       f"For '{prim}', cannot take the {prim.lower()} of zero elements: 'axis' 1 of x.shape (3, 0) "
                       "has size 0.", {"axis": I(1)}))
    cases.append(error(f"{prim}_axis_range", prim, [x2], "ValueError",
                       f"For '{prim}', the 'axis' must be in range [-2, 2), but got 2.", {"axis": I(2)}))
    cases.append(error(f"{prim}_0d", prim, [np.float32(1)], "ValueError",
                       f"For '{prim}', the 'axis' must be in range [0, 0), but got -1."))
    cases.append(error(f"{prim}_output_type", prim, [x2], "TypeError",
                       f"For '{prim}', the 'output_type' must be Int32 or Int64, but got Float32.",
                       {"output_type": D("float32")}))


# Softmax and LogSoftmax, against a float64 oracle.
def softmax(x, axis, log):
    if x.size == 0:
        return x.copy()
    z = x.astype(np.float64)
    ax = None if x.ndim == 0 else axis
    z = z - np.max(z, axis=ax, keepdims=True)
    if log:
        y = z - np.log(np.sum(np.exp(z), axis=ax, keepdims=True))
    else:
        e = np.exp(z)
        y = e / np.sum(e, axis=ax, keepdims=True)
    return y.astype(x.dtype)


SOFTMAX_TOL = {"float32": (3e-7, 1e-12), "float64": (1e-14, 1e-15), "float16": (2e-3, 1e-7)}
SOFTMAX_LAYOUTS = [((5,), -1), ((3, 4), -1), ((3, 4), 0), ((2, 3, 4), 1), ((2, 3, 2, 5), 2), ((), -1), ((), 0),
                   ((0, 3), 1), ((3, 0), 1), ((2, 50), -1)]
for prim, log in [("Softmax", False), ("LogSoftmax", True)]:
    for dt, (rt, at) in SOFTMAX_TOL.items():
        for shape, axis in SOFTMAX_LAYOUTS:
            x = sample(dt, shape)
            # The default axis, the tuple MindSpore keeps, and a plain int.
            a = {} if (shape, axis) == ((3, 4), -1) else {"axis": I(axis) if len(shape) == 2 else Ints([axis])}
            cases.append(case(f"{prim}_{dt}_{shape_tag(shape)}_ax{axis}", prim, [x], [softmax(x, axis, log)], a,
                              rtol=rt, atol=at))
        # Large inputs do not overflow; -inf gives 0 (or -inf); NaN spreads
        # through its line, as does a line of -inf.
        x = np.array([[1000, 999, -1000, 0], [-np.inf, 1, 2, -np.inf], [1, np.nan, 2, 3],
                      [-np.inf, -np.inf, -np.inf, -np.inf]], dt)
        if dt == "float16":
            x[0] = [60000, 59990, -60000, 0]
        cases.append(case(f"{prim}_{dt}_specials", prim, [x], [softmax(x, -1, log)], rtol=rt, atol=at))
    cases.append(error(f"{prim}_int32", prim, [np.ones(3, np.int32)], "TypeError",
                       f"For '{prim}', the type of 'x' must be Tensor[Float16], Tensor[Float32] or Tensor[Float64], "
                       "but got Tensor[Int32]."))
    cases.append(error(f"{prim}_axis_range", prim, [x2], "ValueError",
                       f"For '{prim}', the 'axis' must be in range [-2, 2), but got 2.", {"axis": Ints([2])}))
    cases.append(error(f"{prim}_two_axes", prim, [x2], "ValueError",
                       f"For '{prim}', the 'axis' must hold exactly one axis, but got (0, 1).", {"axis": Ints([0, 1])}))

# Select: three-way broadcasting, x and y promote.
ORDER = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def promote(a, b):
    a, b = sorted([np.dtype(a).name, np.dtype(b).name], key=ORDER.index)
    return np.dtype("int16") if (a, b) == ("uint8", "int8") else np.dtype(b)


SELECT = [
    ((3, 4), (3, 4), (3, 4), "float32", "float32"),
    ((3, 1), (4,), (), "float32", "float32"),
    ((), (2, 3), (2, 3), "int64", "int64"),
    ((2, 1, 3), (4, 1), (1,), "float64", "float64"),
    ((2, 3), (2, 3), (3,), "int32", "float32"),
    ((5,), (5,), (5,), "uint8", "int8"),
    ((2, 2), (2, 2), (1, 2), "bool", "bool"),
    ((4,), (4,), (4,), "float16", "float64"),
    ((4,), (1,), (4,), "float16", "float16"),
    ((0, 3), (3,), (0, 1), "float32", "int32"),
]
for cs, xs, ys, xd, yd in SELECT:
    c, x, y = r.random(cs) < 0.5, sample(xd, xs), sample(yd, ys)
    dt = promote(xd, yd)
    z = np.where(c, x.astype(dt), y.astype(dt))
    cases.append(case(f"Select_{shape_tag(cs)}_{shape_tag(xs)}_{shape_tag(ys)}_{xd}_{yd}", "Select", [c, x, y], [z]))
cases.append(error("Select_cond_int32", "Select", [np.ones(3, np.int32), np.ones(3, np.float32), np.ones(3, np.float32)],
                   "TypeError", "For 'Select', the type of 'cond' must be Tensor[Bool], but got Tensor[Int32]."))
cases.append(error("Select_broadcast", "Select", [np.ones((2, 3), bool), np.ones(3, np.float32), np.ones(2, np.float32)],
                   "ValueError", "For 'Select', cond.shape (2, 3), x.shape (3,) and y.shape (2,) cannot broadcast."))

write("reduce", cases)
