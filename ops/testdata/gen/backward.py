"""Cases for the backward primitives: ReluGrad, SigmoidGrad, TanhGrad,
StopGradient, TensorScatterAdd, AvgPoolGrad, MaxPoolGrad, MaxPoolGradGrad,
Conv2DBackpropInput and Conv2DBackpropFilter.

numpy alone is the oracle. The activation gradients are their formulas in
the operands' dtype (float16 in float32, then rounded); TensorScatterAdd is
np.add.at; the pooling gradients loop over the windows, each window's
maximum found by np.argmax (the first maximum in row-major order, the first
NaN where there is one); the convolution gradients are the adjoints of a
plain numpy conv2d, in float64, whose adjointness each case checks.
"""
import numpy as np

from common import B, I, Ints, S, case, error, rng, write

cases = []
r = rng(7)

FLOATS = ["float16", "float32", "float64"]
NUMBERS = ["uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]
# Tolerances against a float64 oracle (float32 for the float16 activations).
TOL = {"float16": (2e-3, 2e-3), "float32": (1e-5, 1e-5), "float64": (1e-12, 1e-12)}


def tol(dtype):
    return TOL.get(np.dtype(dtype).name, (0.0, 0.0))


def sample(dtype, shape):
    """Small values: integers, or floats in steps of 1/8, which every float
    dtype holds exactly, so that most sums are exact and the JSON short."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        lo = 0 if dtype.kind == "u" else -5
        return r.integers(lo, 6, shape).astype(dtype)
    return (np.round(r.standard_normal(shape) * 8) / 8).astype(dtype)


def precise(dtype, shape):
    """Floats with full mantissas, for the cases that test rounding."""
    return r.standard_normal(shape).astype(dtype)


def vec(shape):
    """A shape as MindSpore's C++ prints it in errors."""
    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"


def hw(v):
    """An int, pair or NCHW four-tuple attribute as (h, w)."""
    return (v, v) if isinstance(v, int) else tuple(v[-2:])


def iattr(v):
    return I(v) if isinstance(v, int) else Ints(v)


def compute(dtype):
    """The dtype a kernel computes a float dtype in: float16 in float32."""
    return np.float32 if np.dtype(dtype) == np.float16 else np.dtype(dtype).type


# ---------------------------------------------------------------------------
# ReluGrad(dout, y), SigmoidGrad(y, dout), TanhGrad(y, dout).

def relu_grad(dout, y):
    return np.where(y > 0, dout, np.zeros_like(dout))


def sigmoid_grad(y, dout):
    ct = compute(y.dtype)
    yc, dc = y.astype(ct), dout.astype(ct)
    return (dc * yc * (ct(1) - yc)).astype(y.dtype)


def tanh_grad(y, dout):
    ct = compute(y.dtype)
    yc, dc = y.astype(ct), dout.astype(ct)
    return (dc * (ct(1) - yc * yc)).astype(y.dtype)


def act_tol(dt):
    return {"float16": (1e-3, 1e-4), "float32": (1e-6, 1e-7), "float64": (1e-14, 1e-15)}[dt]


for dt in FLOATS:
    for name, shape in [("2x3", (2, 3)), ("scalar", ()), ("empty", (3, 0)), ("4d", (2, 3, 4, 5))]:
        x = precise(dt, shape)
        dout = precise(dt, shape)
        y = np.maximum(x, 0).astype(dt)
        cases.append(case(f"ReluGrad_{name}_{dt}", "ReluGrad", [dout, y], [relu_grad(dout, y)]))
        ys = (1 / (1 + np.exp(-x.astype(np.float64)))).astype(dt)
        rt, at = act_tol(dt)
        cases.append(case(f"SigmoidGrad_{name}_{dt}", "SigmoidGrad", [ys, dout], [sigmoid_grad(ys, dout)], rtol=rt, atol=at))
        yt = np.tanh(x.astype(np.float64)).astype(dt)
        cases.append(case(f"TanhGrad_{name}_{dt}", "TanhGrad", [yt, dout], [tanh_grad(yt, dout)], rtol=rt, atol=at))

# Special values: relu'(0) = 0, a NaN y passes nothing, a NaN or infinite
# dout passes where y > 0; the saturated ends of sigmoid and tanh.
with np.errstate(invalid="ignore", over="ignore"):
    for dt in ["float32", "float64", "float16"]:
        y = np.array([0.0, -0.0, -1.5, 2.0, np.nan, np.inf, -np.inf, 1e-30 if dt != "float16" else 1e-7, 3.0, 0.5], dt)
        dout = np.array([1.0, 2.0, 3.0, -4.0, 5.0, 6.0, 7.0, 8.0, np.nan, np.inf], dt)
        cases.append(case(f"ReluGrad_special_{dt}", "ReluGrad", [dout, y], [relu_grad(dout, y)]))
        ys = np.array([0.0, 1.0, 0.5, np.nan, 0.25, 1.0, 0.75, 1e-3, 0.999, 0.5], dt)
        ds = np.array([1.0, 1.0, 2.0, 1.0, np.inf, np.inf, np.nan, -3.0, 1.0, -0.0], dt)
        rt, at = act_tol(dt)
        cases.append(case(f"SigmoidGrad_special_{dt}", "SigmoidGrad", [ys, ds], [sigmoid_grad(ys, ds)], rtol=rt, atol=at))
        yt = np.array([1.0, -1.0, 0.0, np.nan, 0.5, 1.0, -0.5, 0.999, -0.25, 0.0], dt)
        cases.append(case(f"TanhGrad_special_{dt}", "TanhGrad", [yt, ds], [tanh_grad(yt, ds)], rtol=rt, atol=at))

for prim, first, second in [("ReluGrad", "dout", "y"), ("SigmoidGrad", "y", "dout"), ("TanhGrad", "y", "dout")]:
    cases.append(error(f"{prim}_int32", prim, [np.ones((2, 3), np.int32), np.ones((2, 3), np.int32)], "TypeError",
                       f"For '{prim}', '{first}' and '{second}' must be Tensors of one float dtype, but got Tensor[Int32] "
                       "and Tensor[Int32]."))
    cases.append(error(f"{prim}_dtype_mismatch", prim, [np.ones((2, 3), np.float32), np.ones((2, 3), np.float64)], "TypeError",
                       f"For '{prim}', '{first}' and '{second}' must be Tensors of one float dtype, but got Tensor[Float32] "
                       "and Tensor[Float64]."))
    # No broadcasting: the operands' shapes must be equal.
    cases.append(error(f"{prim}_broadcast", prim, [np.ones((2, 3), np.float32), np.ones(3, np.float32)], "ValueError",
                       f"For '{prim}', the shape of '{first}' and '{second}' must be the same, but got (2, 3) and (3,)."))
cases.append(error("ReluGrad_arity", "ReluGrad", [np.ones(3, np.float32)], "TypeError",
                   "For 'ReluGrad', the number of inputs must be 2, but got 1."))

# ---------------------------------------------------------------------------
# StopGradient is the identity.

for dt in ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]:
    x = r.integers(0, 2, (2, 3)).astype(bool) if dt == "bool" else sample(dt, (2, 3))
    cases.append(case(f"StopGradient_{dt}", "StopGradient", [x], [x]))
for name, x in [("scalar", np.float32(2.5)), ("empty", np.zeros((0, 3), np.float32)),
                ("4d", sample("float64", (2, 1, 3, 2))),
                ("special", np.array([np.nan, np.inf, -np.inf, -0.0], np.float32))]:
    cases.append(case(f"StopGradient_{name}", "StopGradient", [x], [x]))
cases.append(error("StopGradient_arity", "StopGradient", [np.ones(2, np.float32), np.ones(2, np.float32)], "TypeError",
                   "For 'StopGradient', the number of inputs must be 1, but got 2."))

# ---------------------------------------------------------------------------
# TensorScatterAdd: x plus the updates added at the index tuples, rows that
# name one position all adding to it.


def scatter_add(x, idx, upd):
    k = idx.shape[-1]
    flat = idx.reshape(-1, k).astype(np.int64)
    u = upd.reshape((flat.shape[0],) + x.shape[k:])
    if x.dtype.kind == "f":
        # Go sums float16 in float32 storage and rounds once; the sums of
        # these samples are exact in either.
        out = x.astype(np.float64)
        np.add.at(out, tuple(flat.T), u.astype(np.float64))
        return out.astype(x.dtype)
    out = x.copy()
    np.add.at(out, tuple(flat.T), u)
    return out


for dt in NUMBERS:
    x = sample(dt, (4, 3))
    idx = np.array([[2], [-4], [2], [0]], np.int64)
    upd = sample(dt, (4, 3))
    cases.append(case(f"TensorScatterAdd_rows_{dt}", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))
for it in ["int32", "int64"]:
    x = sample("float32", (3, 4))
    idx = np.array([[0, 1], [2, 3], [0, 1], [-3, -3], [0, 1]], it)
    upd = sample("float32", 5)
    cases.append(case(f"TensorScatterAdd_duplicates_{it}", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))
x = sample("float64", (3, 4, 2))
for name, idx in [("batched", np.array([[[1], [0]], [[1], [1]]], np.int32)),
                  ("pairs", np.array([[0, 1], [2, -1], [0, 1]], np.int64)),
                  ("elements", np.array([[[0, 0, 1]], [[2, 3, 0]], [[0, 0, 1]]], np.int32)),
                  ("empty", np.zeros((0, 2), np.int64)),
                  ("all_same", np.zeros((6, 3), np.int32))]:
    upd = sample("float64", idx.shape[:-1] + x.shape[idx.shape[-1]:])
    cases.append(case(f"TensorScatterAdd_{name}", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))
# Full-mantissa float32, where the order of the additions shows.
x = precise("float32", (5,))
idx = np.array([[1], [3], [1], [1], [4], [1]], np.int32)
upd = precise("float32", 6)
ref = x.copy()
np.add.at(ref, tuple(idx.T), upd)
cases.append(case("TensorScatterAdd_precise_float32", "TensorScatterAdd", [x, idx, upd], [ref], rtol=1e-6, atol=1e-6))
# Integers wrap as numpy's do.
x = np.array([120, -120, 0], np.int8)
idx = np.array([[0], [0], [1], [1], [2]], np.int32)
upd = np.array([5, 10, -10, -100, 127], np.int8)
cases.append(case("TensorScatterAdd_int8_wraps", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))
x = np.array([250, 3], np.uint8)
idx = np.array([[0], [0], [1]], np.int64)
upd = np.array([3, 4, 255], np.uint8)
cases.append(case("TensorScatterAdd_uint8_wraps", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))
x = np.array([1.0, 2.0, 3.0], np.float32)
idx = np.array([[0], [1], [0], [2]], np.int32)
upd = np.array([np.inf, np.nan, -np.inf, 1.0], np.float32)
with np.errstate(invalid="ignore"):
    cases.append(case("TensorScatterAdd_special", "TensorScatterAdd", [x, idx, upd], [scatter_add(x, idx, upd)]))

x = sample("float32", (3, 4))
cases.append(error("TensorScatterAdd_bool", "TensorScatterAdd",
                   [np.ones((3, 4), bool), np.array([[0]], np.int32), np.ones((1, 4), bool)], "TypeError",
                   "For 'TensorScatterAdd', the 'input_x' must be a Tensor of a number type, but got Tensor[Bool]."))
cases.append(error("TensorScatterAdd_dtype", "TensorScatterAdd", [x, np.array([[0]], np.int32), np.ones((1, 4), np.int32)],
                   "TypeError", "For 'TensorScatterAdd', the dtype of 'updates' must be the same as 'input_x' (Float32), "
                   "but got Int32."))
cases.append(error("TensorScatterAdd_shape", "TensorScatterAdd", [x, np.array([[0]], np.int32), np.ones(4, np.float32)],
                   "ValueError", "For 'TensorScatterAdd', the shape of 'updates' must be (1, 4), but got (4,)."))
cases.append(error("TensorScatterAdd_out_of_range", "TensorScatterAdd",
                   [x, np.array([[0], [3]], np.int32), np.ones((2, 4), np.float32)], "IndexError",
                   "For 'TensorScatterAdd', the index 3 is out of range [-3, 3) of axis 0."))
cases.append(error("TensorScatterAdd_negative_out_of_range", "TensorScatterAdd",
                   [x, np.array([[0, 1], [2, -5]], np.int64), np.ones(2, np.float32)], "IndexError",
                   "For 'TensorScatterAdd', the index -5 is out of range [-4, 4) of axis 1."))
cases.append(error("TensorScatterAdd_index_dtype", "TensorScatterAdd",
                   [x, np.zeros((1, 1), np.float32), np.ones((1, 4), np.float32)], "TypeError",
                   "For 'TensorScatterAdd', the 'indices' must be a Tensor[Int32] or Tensor[Int64], but got Tensor[Float32]."))
cases.append(error("TensorScatterAdd_depth", "TensorScatterAdd",
                   [x, np.zeros((1, 3), np.int32), np.ones(1, np.float32)], "ValueError",
                   "For 'TensorScatterAdd', the last dim of 'indices' must be in range [1, 2], the rank of 'input_x', but got 3."))

# ---------------------------------------------------------------------------
# Pooling gradients, with MaxPool's and AvgPool's attributes.


def pool_geometry(shape, k, s, mode):
    """Output size and top-left padding of a pooling, as MaxPool works them out."""
    h, w = shape[2], shape[3]
    if mode.upper() == "VALID":
        return -(-(h - k[0] + 1) // s[0]), -(-(w - k[1] + 1) // s[1]), 0, 0
    oh, ow = -(-h // s[0]), -(-w // s[1])
    return oh, ow, max((oh - 1) * s[0] + k[0] - h, 0) // 2, max((ow - 1) * s[1] + k[1] - w, 0) // 2


def windows(shape, k, s, mode):
    """(i, j, rows, cols) for each output position: its window clipped to the input."""
    oh, ow, pt, pl = pool_geometry(shape, k, s, mode)
    for i in range(oh):
        for j in range(ow):
            y0, x0 = i * s[0] - pt, j * s[1] - pl
            yield i, j, slice(max(y0, 0), min(y0 + k[0], shape[2])), slice(max(x0, 0), min(x0 + k[1], shape[3]))


def argmax_positions(x, k, s, mode):
    """For each plane and output position, the (row, col) of its window's
    first maximum in row-major order; np.argmax takes the first NaN."""
    n, c = x.shape[:2]
    oh, ow, _, _ = pool_geometry(x.shape, k, s, mode)
    at = np.zeros((n, c, oh, ow, 2), np.int64)
    for i, j, rows, cols in windows(x.shape, k, s, mode):
        for b in range(n):
            for ch in range(c):
                win = x[b, ch, rows, cols]
                a = int(np.argmax(win))
                at[b, ch, i, j] = rows.start + a // win.shape[1], cols.start + a % win.shape[1]
    return at


def max_pool_grad(x, dout, k, s, mode):
    at = argmax_positions(x, k, s, mode)
    dx = np.zeros(x.shape, np.float64)
    n, c, oh, ow = dout.shape
    for b in range(n):
        for ch in range(c):
            for i in range(oh):
                for j in range(ow):
                    dx[b, ch, at[b, ch, i, j, 0], at[b, ch, i, j, 1]] += float(dout[b, ch, i, j])
    return dx.astype(x.dtype)


def max_pool_grad_grad(x, ddx, k, s, mode):
    at = argmax_positions(x, k, s, mode)
    n, c, oh, ow = at.shape[:4]
    out = np.zeros((n, c, oh, ow), x.dtype)
    for b in range(n):
        for ch in range(c):
            for i in range(oh):
                for j in range(ow):
                    out[b, ch, i, j] = ddx[b, ch, at[b, ch, i, j, 0], at[b, ch, i, j, 1]]
    return out


def avg_pool_grad(shape, dout, k, s, mode):
    dx = np.zeros(shape, np.float64)
    d = dout.astype(np.float64)
    for i, j, rows, cols in windows(shape, k, s, mode):
        count = (rows.stop - rows.start) * (cols.stop - cols.start)
        dx[:, :, rows, cols] += (d[:, :, i, j] / count)[:, :, None, None]
    return dx.astype(dout.dtype)


def pool_attrs(ks, ss, mode):
    a = {"kernel_size": iattr(ks), "strides": iattr(ss)}
    if mode is not None:
        a["pad_mode"] = S(mode)
    return a


POOL = [
    # name, x shape, kernel_size, strides, pad_mode (None: the default, VALID)
    ("valid_2x2", (2, 3, 6, 6), 2, 2, "VALID"),  # the halving kernel
    ("valid_2x2_odd", (1, 2, 5, 7), 2, 2, None),  # halving, with a row and column left over
    ("valid_3x3_stride1", (1, 2, 5, 6), 3, 1, "VALID"),  # overlapping windows
    ("valid_uneven", (1, 2, 7, 8), 3, 2, "VALID"),
    ("valid_rect_nchw", (1, 2, 7, 8), (1, 1, 2, 3), (1, 1, 1, 2), "VALID"),
    ("valid_pair", (2, 1, 6, 7), (3, 2), (2, 1), "valid"),
    ("same_3x3_stride2", (1, 2, 5, 7), 3, 2, "SAME"),
    ("same_2x2_stride2_odd", (2, 1, 5, 5), 2, 2, "SAME"),
    ("same_2x2_stride2_even", (1, 2, 4, 6), 2, 2, "same"),  # SAME without padding: halving again
    ("same_lower", (1, 2, 6, 4), (3, 2), 1, "same"),
    ("same_kernel_over_stride", (1, 1, 6, 7), 4, 3, "SAME"),
    ("global", (2, 3, 3, 4), (3, 4), 1, "VALID"),
    ("kernel1", (1, 2, 3, 3), 1, 1, "VALID"),
]
for name, xs, ks, ss, mode in POOL:
    k, s = hw(ks), hw(ss)
    oh, ow, _, _ = pool_geometry(xs, k, s, mode or "VALID")
    ys = (xs[0], xs[1], oh, ow)
    attrs = pool_attrs(ks, ss, mode)
    for dt in FLOATS:
        rt, at = tol(dt)
        # Values from a small range, so that windows tie.
        x = (r.integers(-3, 4, xs) / 2).astype(dt)
        dout = sample(dt, ys)
        cases.append(case(f"MaxPoolGrad_{name}_{dt}", "MaxPoolGrad", [x, dout],
                          [max_pool_grad(x, dout, k, s, mode or "VALID")], attrs=attrs))
        ddx = sample(dt, xs)
        cases.append(case(f"MaxPoolGradGrad_{name}_{dt}", "MaxPoolGradGrad", [x, ddx],
                          [max_pool_grad_grad(x, ddx, k, s, mode or "VALID")], attrs=attrs))
        dout = sample(dt, ys)
        a = dict(attrs, input_size=Ints(xs))
        cases.append(case(f"AvgPoolGrad_{name}_{dt}", "AvgPoolGrad", [dout],
                          [avg_pool_grad(xs, dout, k, s, mode or "VALID")], attrs=a, rtol=rt, atol=at))

# Full mantissas: no ties, and AvgPoolGrad's divisions round.
for dt in ["float32", "float64"]:
    rt, at = (1e-6, 1e-7) if dt == "float32" else (1e-14, 1e-15)
    xs, k, s = (2, 3, 7, 7), (3, 3), (2, 2)
    attrs = pool_attrs(3, 2, "SAME")
    x, dout, ddx = precise(dt, xs), precise(dt, (2, 3, 4, 4)), precise(dt, xs)
    cases.append(case(f"MaxPoolGrad_precise_{dt}", "MaxPoolGrad", [x, dout], [max_pool_grad(x, dout, k, s, "SAME")],
                      attrs=attrs, rtol=rt, atol=at))
    cases.append(case(f"MaxPoolGradGrad_precise_{dt}", "MaxPoolGradGrad", [x, ddx], [max_pool_grad_grad(x, ddx, k, s, "SAME")],
                      attrs=attrs))
    cases.append(case(f"AvgPoolGrad_precise_{dt}", "AvgPoolGrad", [dout], [avg_pool_grad(xs, dout, k, s, "SAME")],
                      attrs=dict(attrs, input_size=Ints(xs)), rtol=rt, atol=at))

# Ties: a constant plane sends every window's gradient to its top-left
# element; -inf everywhere is a tie too.
for name, fill in [("constant", 1.5), ("neg_inf", -np.inf)]:
    for kname, ks, ss, mode in [("halving", 2, 2, "VALID"), ("overlap", 3, 1, "VALID"), ("same", 3, 2, "SAME")]:
        x = np.full((1, 2, 5, 6), fill, np.float32)
        k, s = hw(ks), hw(ss)
        oh, ow, _, _ = pool_geometry(x.shape, k, s, mode)
        dout = sample("float32", (1, 2, oh, ow))
        ddx = sample("float32", x.shape)
        attrs = pool_attrs(ks, ss, mode)
        cases.append(case(f"MaxPoolGrad_tie_{name}_{kname}", "MaxPoolGrad", [x, dout],
                          [max_pool_grad(x, dout, k, s, mode)], attrs=attrs))
        cases.append(case(f"MaxPoolGradGrad_tie_{name}_{kname}", "MaxPoolGradGrad", [x, ddx],
                          [max_pool_grad_grad(x, ddx, k, s, mode)], attrs=attrs))

# NaN: a NaN is its window's maximum, the first NaN where there are several;
# +inf beside a NaN loses to it. Every element of each halving window in
# turn, and the overlapping and padded windows.
x = np.zeros((1, 1, 4, 8), np.float32)
x[0, 0, 0, 0] = np.nan  # window 0: top-left
x[0, 0, 0, 3] = np.nan  # window 1: top-right
x[0, 0, 1, 4] = np.nan  # window 2: bottom-left
x[0, 0, 1, 7] = np.nan  # window 3: bottom-right
x[0, 0, 2, 1] = np.nan  # window 4: two NaNs, the first in row-major order wins
x[0, 0, 3, 0] = np.nan
x[0, 0, 2, 2] = np.inf  # window 5: +inf before a NaN
x[0, 0, 3, 3] = np.nan
x[0, 0, 2, 4:6] = [5, 5]  # window 6: a tie, no NaN
x[0, 0, 3, 6] = -np.inf  # window 7: -inf beside zeros
for dt in ["float32", "float64", "float16"]:
    xd = x.astype(dt)
    for kname, ks, ss, mode in [("halving", 2, 2, "VALID"), ("overlap", 3, 1, "VALID"), ("same", 3, 2, "SAME"),
                                ("rect", (2, 3), (1, 2), "SAME")]:
        k, s = hw(ks), hw(ss)
        oh, ow, _, _ = pool_geometry(xd.shape, k, s, mode)
        dout = sample(dt, (1, 1, oh, ow))
        ddx = sample(dt, xd.shape)
        attrs = pool_attrs(ks, ss, mode)
        cases.append(case(f"MaxPoolGrad_nan_{kname}_{dt}", "MaxPoolGrad", [xd, dout],
                          [max_pool_grad(xd, dout, k, s, mode)], attrs=attrs))
        cases.append(case(f"MaxPoolGradGrad_nan_{kname}_{dt}", "MaxPoolGradGrad", [xd, ddx],
                          [max_pool_grad_grad(xd, ddx, k, s, mode)], attrs=attrs))
# A NaN in the gradient itself flows to the maximum's position only.
x = sample("float32", (1, 1, 4, 4))
dout = np.array([[[[np.nan, 1.0], [np.inf, 2.0]]]], np.float32)
cases.append(case("MaxPoolGrad_nan_dout", "MaxPoolGrad", [x, dout], [max_pool_grad(x, dout, (2, 2), (2, 2), "VALID")],
                  attrs=pool_attrs(2, 2, "VALID")))
cases.append(case("AvgPoolGrad_nan_dout", "AvgPoolGrad", [dout], [avg_pool_grad(x.shape, dout, (2, 2), (2, 2), "VALID")],
                  attrs=dict(pool_attrs(2, 2, "VALID"), input_size=Ints(x.shape))))
# The default attributes: a 1x1 window, stride 1.
x, dout = sample("float32", (1, 2, 3, 3)), sample("float32", (1, 2, 3, 3))
cases.append(case("MaxPoolGrad_defaults", "MaxPoolGrad", [x, dout], [dout]))
cases.append(case("MaxPoolGradGrad_defaults", "MaxPoolGradGrad", [x, dout], [dout]))
cases.append(case("AvgPoolGrad_defaults", "AvgPoolGrad", [dout], [dout], attrs={"input_size": Ints(x.shape)}))
cases.append(case("AvgPoolGrad_nchw", "AvgPoolGrad", [dout], [dout],
                  attrs={"input_size": Ints(x.shape), "data_format": S("NCHW")}))

POOL_FLOATS = "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}"
f32 = np.float32
cases.append(error("MaxPoolGrad_int32", "MaxPoolGrad", [np.ones((1, 1, 4, 4), np.int32), np.ones((1, 1, 2, 2), np.int32)],
                   "TypeError", f"For primitive[MaxPoolGrad], the input argument[x] must be a type of {POOL_FLOATS}, but got "
                   "Tensor[Int32].", attrs=pool_attrs(2, 2, None)))
cases.append(error("AvgPoolGrad_int32", "AvgPoolGrad", [np.ones((1, 1, 2, 2), np.int32)],
                   "TypeError", f"For primitive[AvgPoolGrad], the input argument[dout] must be a type of {POOL_FLOATS}, but got "
                   "Tensor[Int32].", attrs=dict(pool_attrs(2, 2, None), input_size=Ints((1, 1, 4, 4)))))
cases.append(error("AvgPoolGrad_window_too_big", "AvgPoolGrad", [np.ones((1, 1, 1, 1), np.float32)], "RuntimeError",
                   "For 'AvgPoolGrad' op, H_out/W_out must be positive, but H_out/W_out is 0, please check input and "
                   "parameters of op", attrs=dict(pool_attrs(4, 1, None), input_size=Ints((1, 1, 3, 3)))))
for prim in ["MaxPoolGrad", "MaxPoolGradGrad"]:
    vs = (1, 1, 2, 2) if prim == "MaxPoolGrad" else (1, 1, 4, 4)
    cases.append(error(f"{prim}_dtype_mismatch", prim, [np.ones((1, 1, 4, 4), f32), np.ones(vs, np.float16)], "TypeError",
                       f"For '{prim}', the types of its inputs should be the same, but got Tensor[Float32] and Tensor[Float16].",
                       attrs=pool_attrs(2, 2, None)))
    bad = (1, 1, 3, 2) if prim == "MaxPoolGrad" else (1, 1, 4, 5)
    cases.append(error(f"{prim}_grad_shape", prim, [np.ones((1, 1, 4, 4), f32), np.ones(bad, f32)], "ValueError",
                       f"For '{prim}', the shape of its gradient input should be {vec(vs)}, but got {vec(bad)}.",
                       attrs=pool_attrs(2, 2, None)))
cases.append(error("AvgPoolGrad_dout_shape", "AvgPoolGrad", [np.ones((1, 2, 3, 3), f32)], "ValueError",
                   f"For 'AvgPoolGrad', the shape of its gradient input should be {vec((1, 2, 2, 2))}, but got {vec((1, 2, 3, 3))}.",
                   attrs=dict(pool_attrs(2, 2, "VALID"), input_size=Ints((1, 2, 4, 5)))))
cases.append(error("AvgPoolGrad_input_size", "AvgPoolGrad", [np.ones((1, 2, 2, 2), f32)], "ValueError",
                   "For 'AvgPoolGrad', the 'input_size' must be a tuple of 4 ints, but got (2, 4, 4).",
                   attrs=dict(pool_attrs(2, 2, "VALID"), input_size=Ints((2, 4, 4)))))
cases.append(error("AvgPoolGrad_input_size_negative", "AvgPoolGrad", [np.ones((1, 2, 2, 2), f32)], "ValueError",
                   "For 'AvgPoolGrad', the 'input_size' must be a tuple of 4 ints, but got (1, 2, -4, 4).",
                   attrs=dict(pool_attrs(2, 2, "VALID"), input_size=Ints((1, 2, -4, 4)))))
cases.append(error("MaxPoolGrad_rank3", "MaxPoolGrad", [np.ones((1, 4, 4), f32), np.ones((1, 2, 2), f32)], "ValueError",
                   "For primitive[MaxPoolGrad], the length of input must be equal to 4, but got 3.", attrs=pool_attrs(2, 2, None)))
cases.append(error("MaxPoolGrad_pad_mode", "MaxPoolGrad", [np.ones((1, 1, 4, 4), f32), np.ones((1, 1, 2, 2), f32)],
                   "ValueError", "For 'MaxPoolGrad', the 'pad_mode' must be str and must be in ['VALID', 'SAME'], but got 'PAD'.",
                   attrs=pool_attrs(2, 2, "PAD")))
cases.append(error("MaxPoolGrad_nhwc", "MaxPoolGrad", [np.ones((1, 4, 4, 1), f32), np.ones((1, 2, 2, 1), f32)],
                   "ValueError", "For 'MaxPoolGrad', the 'NHWC' format is only supported in GPU target.",
                   attrs=dict(pool_attrs(2, 2, None), data_format=S("NHWC"))))
cases.append(error("MaxPoolGradGrad_kernel_zero", "MaxPoolGradGrad", [np.ones((1, 1, 4, 4), f32), np.ones((1, 1, 4, 4), f32)],
                   "ValueError", "For 'MaxPoolGradGrad', the 'kernel_size' should be a positive int number or a tuple of two or "
                   "four positive int numbers, but got 0", attrs={"kernel_size": I(0)}))
cases.append(error("MaxPoolGrad_window_too_big", "MaxPoolGrad", [np.ones((1, 2, 3, 3), f32), np.ones((1, 2, 1, 1), f32)],
                   "ValueError", f"For 'MaxPoolGrad', the each element of the output shape must be larger than 0, but got output "
                   f"shape: {vec((1, 2, 0, 0))}. The input shape: {vec((1, 2, 3, 3))}, kernel size: {vec((1, 1, 4, 4))}, "
                   f"strides: {vec((1, 1, 1, 1))}. Please check the official api documents for more information about the output.",
                   attrs={"kernel_size": I(4)}))

# ---------------------------------------------------------------------------
# Conv2D's gradients, as the adjoints of a numpy conv2d.


def same_pads(size, k, s, d):
    """MindSpore's SAME padding (before, after) along an axis."""
    out = -(-size // s)
    need = max((out - 1) * s + d * (k - 1) + 1 - size, 0)
    return need // 2, need - need // 2


def conv_geometry(xs, ws, stride, dilation, mode, pad):
    """(pads (top, bottom, left, right), output size) of a Conv2D."""
    k, st, dl = ws[2:], hw(stride), hw(dilation)
    if mode.lower() == "same":
        pads = same_pads(xs[2], k[0], st[0], dl[0]) + same_pads(xs[3], k[1], st[1], dl[1])
    elif mode == "pad":
        pads = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
    else:
        pads = (0, 0, 0, 0)
    out = []
    for a in range(2):
        span = dl[a] * (k[a] - 1) + 1
        size = xs[2 + a] + pads[2 * a] + pads[2 * a + 1]
        if mode.lower() == "same":
            out.append(-(-xs[2 + a] // st[a]))
        else:
            out.append((size - span) // st[a] + 1)
    return pads, tuple(out)


def taps(xs, ws, stride, dilation, mode, pad, group):
    """For each kernel tap (i, j) and group g: the slices of the padded input
    it reads, its channel ranges, and the padded shape."""
    pads, (oh, ow) = conv_geometry(xs, ws, stride, dilation, mode, pad)
    st, dl = hw(stride), hw(dilation)
    cg, og = xs[1] // group, ws[0] // group
    padded = (xs[0], xs[1], xs[2] + pads[0] + pads[1], xs[3] + pads[2] + pads[3])
    out = []
    for g in range(group):
        for i in range(ws[2]):
            for j in range(ws[3]):
                rows = slice(i * dl[0], i * dl[0] + st[0] * (oh - 1) + 1, st[0])
                cols = slice(j * dl[1], j * dl[1] + st[1] * (ow - 1) + 1, st[1])
                out.append((g, i, j, rows, cols, slice(g * cg, (g + 1) * cg), slice(g * og, (g + 1) * og)))
    return pads, (oh, ow), padded, out


def conv2d(x, w, stride, dilation, mode, pad, group):
    x, w = x.astype(np.float64), w.astype(np.float64)
    pads, (oh, ow), padded, tp = taps(x.shape, w.shape, stride, dilation, mode, pad, group)
    xp = np.zeros(padded)
    xp[:, :, pads[0]:pads[0] + x.shape[2], pads[2]:pads[2] + x.shape[3]] = x
    y = np.zeros((x.shape[0], w.shape[0], oh, ow))
    if oh == 0 or ow == 0:
        return y
    for g, i, j, rows, cols, ci, co in tp:
        y[:, co] += np.einsum("nchw,oc->nohw", xp[:, ci, rows, cols], w[co, :, i, j])
    return y


def conv2d_backprop_input(dy, w, xs, stride, dilation, mode, pad, group):
    dy, w = dy.astype(np.float64), w.astype(np.float64)
    pads, (oh, ow), padded, tp = taps(xs, w.shape, stride, dilation, mode, pad, group)
    dxp = np.zeros(padded)
    if oh and ow:
        for g, i, j, rows, cols, ci, co in tp:
            dxp[:, ci, rows, cols] += np.einsum("nohw,oc->nchw", dy[:, co], w[co, :, i, j])
    return dxp[:, :, pads[0]:pads[0] + xs[2], pads[2]:pads[2] + xs[3]]


def conv2d_backprop_filter(dy, x, ws, stride, dilation, mode, pad, group):
    dy, x = dy.astype(np.float64), x.astype(np.float64)
    pads, (oh, ow), padded, tp = taps(x.shape, ws, stride, dilation, mode, pad, group)
    xp = np.zeros(padded)
    xp[:, :, pads[0]:pads[0] + x.shape[2], pads[2]:pads[2] + x.shape[3]] = x
    dw = np.zeros(ws)
    if oh and ow:
        for g, i, j, rows, cols, ci, co in tp:
            dw[co, :, i, j] += np.einsum("nohw,nchw->oc", dy[:, co], xp[:, ci, rows, cols])
    return dw


def check_adjoint(x, w, dy, geo):
    """<conv(x, w), dy> = <x, dx> = <w, dw>: the oracle's self-check."""
    y = conv2d(x, w, *geo)
    dx = conv2d_backprop_input(dy, w, x.shape, *geo)
    dw = conv2d_backprop_filter(dy, x, w.shape, *geo)
    a = np.sum(y * dy)
    for b in [np.sum(x.astype(np.float64) * dx), np.sum(w.astype(np.float64) * dw)]:
        assert abs(a - b) <= 1e-9 * max(1.0, abs(a)), (a, b)


# One brute-force check of conv2d itself, by its definition with explicit
# index arithmetic, on a geometry with every attribute in play.
def conv2d_direct(x, w, stride, dilation, pads, group):
    n, c, h, wd = x.shape
    oc, cg, kh, kw = w.shape
    st, dl = hw(stride), hw(dilation)
    oh = (h + pads[0] + pads[1] - dl[0] * (kh - 1) - 1) // st[0] + 1
    ow = (wd + pads[2] + pads[3] - dl[1] * (kw - 1) - 1) // st[1] + 1
    og = oc // group
    y = np.zeros((n, oc, oh, ow))
    for b in range(n):
        for o in range(oc):
            g = o // og
            for p in range(oh):
                for q in range(ow):
                    s = 0.0
                    for c_ in range(cg):
                        for i in range(kh):
                            for j in range(kw):
                                r_, s_ = p * st[0] + i * dl[0] - pads[0], q * st[1] + j * dl[1] - pads[2]
                                if 0 <= r_ < h and 0 <= s_ < wd:
                                    s += x[b, g * cg + c_, r_, s_] * w[o, c_, i, j]
                    y[b, o, p, q] = s
    return y


_x, _w = precise("float64", (2, 4, 7, 8)), precise("float64", (6, 2, 3, 2))
assert np.allclose(conv2d(_x, _w, (2, 1), (1, 2), "pad", (2, 1, 0, 3), 2),
                   conv2d_direct(_x, _w, (2, 1), (1, 2), (2, 1, 0, 3), 2), rtol=1e-12, atol=1e-12)
assert np.allclose(conv2d(_x, _w, 2, 1, "same", 0, 2),
                   conv2d_direct(_x, _w, 2, 1, conv_geometry(_x.shape, _w.shape, 2, 1, "same", 0)[0], 2),
                   rtol=1e-12, atol=1e-12)

CONV = [
    # name, x shape, out_channel, kernel, pad_mode, pad, stride, dilation, group
    ("valid", (2, 1, 8, 8), 3, 3, "valid", 0, 1, 1, 1),
    ("valid_rect", (1, 3, 9, 8), 4, (3, 2), "valid", 0, 1, 1, 1),
    ("stride2", (2, 3, 9, 10), 4, 3, "valid", 0, 2, 1, 1),  # the last column is read by no window
    ("stride_nchw", (1, 2, 9, 10), 3, 3, "valid", 0, (1, 1, 2, 3), 1, 1),
    ("dilation2", (1, 2, 11, 10), 3, 3, "valid", 0, 1, 2, 1),
    ("dilation_rect", (1, 2, 11, 10), 3, 3, "valid", 0, 1, (1, 1, 3, 2), 1),
    ("pad_asymmetric", (2, 3, 7, 8), 4, 3, "pad", (1, 2, 0, 3), 1, 1, 1),
    ("pad_int", (1, 2, 6, 6), 2, 3, "pad", 2, 2, 1, 1),
    ("pad_stride_dilation", (1, 2, 10, 9), 3, 3, "pad", (2, 1, 1, 2), 2, 2, 1),
    ("pad_bottom_unused", (1, 2, 6, 7), 2, 3, "pad", (1, 2, 1, 2), 3, 1, 1),
    ("same", (2, 3, 7, 8), 4, 3, "same", 0, 1, 1, 1),
    ("same_stride2_odd", (1, 2, 8, 9), 3, 4, "same", 0, 2, 1, 1),
    ("same_stride3_dilation", (1, 2, 10, 11), 2, 3, "same", 0, 3, 2, 1),
    ("same_upper", (1, 2, 5, 5), 2, 2, "SAME", 0, 1, 1, 1),
    ("group2", (2, 4, 7, 7), 6, 3, "valid", 0, 1, 1, 2),
    ("group3_pad_stride", (1, 6, 7, 6), 3, (2, 3), "pad", (1, 0, 2, 1), 2, 1, 3),
    ("depthwise", (1, 3, 6, 6), 3, 3, "same", 0, 1, 1, 3),
    ("depthwise_multiplier", (2, 2, 5, 5), 4, 3, "same", 0, 2, 1, 2),
    ("pointwise", (2, 5, 4, 4), 3, 1, "valid", 0, 1, 1, 1),  # the direct (no im2col) path
    ("pointwise_group", (1, 4, 3, 5), 6, 1, "valid", 0, 1, 1, 2),
    ("pointwise_stride", (1, 4, 5, 5), 2, 1, "valid", 0, 2, 1, 1),
    ("pointwise_pad", (1, 2, 3, 3), 2, 1, "pad", 1, 1, 1, 1),
    ("kernel_equals_input", (2, 2, 4, 3), 3, (4, 3), "valid", 0, 1, 1, 1),
    ("lenet_conv2", (1, 6, 10, 10), 16, 5, "valid", 0, 1, 1, 1),
    ("empty_output", (2, 3, 4, 4), 2, 3, "valid", 0, 1, 2, 1),  # the dilated kernel overhangs: no output
    ("empty_batch", (0, 2, 5, 5), 3, 3, "valid", 0, 1, 1, 1),
]


def conv_attrs(oc, ks, mode, pad, stride, dil, group):
    a = {"out_channel": I(oc), "kernel_size": iattr(ks), "pad_mode": S(mode), "stride": iattr(stride),
         "dilation": iattr(dil), "group": I(group)}
    if mode == "pad":
        a["pad"] = iattr(pad)
    return a


for name, xs, oc, ks, mode, pad, stride, dil, group in CONV:
    k = hw(ks)
    ws = (oc, xs[1] // group, k[0], k[1])
    geo = (stride, dil, mode, pad, group)
    _, (oh, ow) = conv_geometry(xs, ws, stride, dil, mode, pad)
    ys = (xs[0], oc, oh, ow)
    attrs = conv_attrs(oc, ks, mode, pad, stride, dil, group)
    for dt in ["float32", "float16"]:
        x, w, dy = sample(dt, xs), sample(dt, ws), sample(dt, ys)
        check_adjoint(x, w, dy, geo)
        rt, at = tol(dt)
        dx = conv2d_backprop_input(dy, w, xs, *geo).astype(dt)
        cases.append(case(f"Conv2DBackpropInput_{name}_{dt}", "Conv2DBackpropInput", [dy, w], [dx],
                          attrs=dict(attrs, input_size=Ints(xs)), rtol=rt, atol=at))
        dw = conv2d_backprop_filter(dy, x, ws, *geo).astype(dt)
        cases.append(case(f"Conv2DBackpropFilter_{name}_{dt}", "Conv2DBackpropFilter", [dy, x], [dw],
                          attrs=dict(attrs, filter_size=Ints(ws)), rtol=rt, atol=at))

# Full mantissas, every attribute in play.
xs, ws = (2, 4, 7, 6), (6, 2, 3, 2)
geo = ((1, 2), (2, 1), "pad", (1, 0, 2, 1), 2)
_, (oh, ow) = conv_geometry(xs, ws, *geo[:4])
x, w, dy = precise("float32", xs), precise("float32", ws), precise("float32", (2, 6, oh, ow))
check_adjoint(x, w, dy, geo)
attrs = conv_attrs(6, (3, 2), "pad", (1, 0, 2, 1), (1, 2), (2, 1), 2)
cases.append(case("Conv2DBackpropInput_precise_float32", "Conv2DBackpropInput", [dy, w],
                  [conv2d_backprop_input(dy, w, xs, *geo).astype(np.float32)],
                  attrs=dict(attrs, input_size=Ints(xs)), rtol=1e-5, atol=1e-5))
cases.append(case("Conv2DBackpropFilter_precise_float32", "Conv2DBackpropFilter", [dy, x],
                  [conv2d_backprop_filter(dy, x, ws, *geo).astype(np.float32)],
                  attrs=dict(attrs, filter_size=Ints(ws)), rtol=1e-5, atol=1e-5))
# The default attributes: the weight's out_channel and kernel_size, stride 1,
# valid; mode and data_format spelled out.
x, w = sample("float32", (1, 2, 5, 4)), sample("float32", (3, 2, 2, 2))
dy = sample("float32", (1, 3, 4, 3))
geo = (1, 1, "valid", 0, 1)
cases.append(case("Conv2DBackpropInput_defaults", "Conv2DBackpropInput", [dy, w],
                  [conv2d_backprop_input(dy, w, x.shape, *geo).astype(np.float32)],
                  attrs={"input_size": Ints(x.shape)}, rtol=1e-5, atol=1e-5))
cases.append(case("Conv2DBackpropFilter_defaults", "Conv2DBackpropFilter", [dy, x],
                  [conv2d_backprop_filter(dy, x, w.shape, *geo).astype(np.float32)],
                  attrs={"filter_size": Ints(w.shape)}, rtol=1e-5, atol=1e-5))
explicit = {"mode": I(1), "data_format": S("NCHW"), "pad_mode": S("valid")}
cases.append(case("Conv2DBackpropInput_explicit_nchw", "Conv2DBackpropInput", [dy, w],
                  [conv2d_backprop_input(dy, w, x.shape, *geo).astype(np.float32)],
                  attrs=dict(explicit, input_size=Ints(x.shape)), rtol=1e-5, atol=1e-5))
cases.append(case("Conv2DBackpropFilter_explicit_nchw", "Conv2DBackpropFilter", [dy, x],
                  [conv2d_backprop_filter(dy, x, w.shape, *geo).astype(np.float32)],
                  attrs=dict(explicit, filter_size=Ints(w.shape)), rtol=1e-5, atol=1e-5))

conv = conv_attrs(4, 3, "valid", 0, 1, 1, 1)
cases.append(error("Conv2DBackpropInput_float64", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3)), np.ones((4, 3, 3, 3))], "TypeError",
                   "For primitive[Conv2DBackpropInput], the input argument[dout] must be a type of {Tensor[Float16], "
                   "Tensor[Float32]}, but got Tensor[Float64].", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)))))
cases.append(error("Conv2DBackpropFilter_float64", "Conv2DBackpropFilter",
                   [np.ones((2, 4, 4, 3)), np.ones((2, 3, 6, 5))], "TypeError",
                   "For primitive[Conv2DBackpropFilter], the input argument[dout] must be a type of {Tensor[Float16], "
                   "Tensor[Float32]}, but got Tensor[Float64].", attrs=dict(conv, filter_size=Ints((4, 3, 3, 3)))))
cases.append(error("Conv2DBackpropInput_int32", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), np.int32), np.ones((4, 3, 3, 3), np.int32)], "TypeError",
                   "For primitive[Conv2DBackpropInput], the input argument[dout] must be a type of {Tensor[Float16], "
                   "Tensor[Float32]}, but got Tensor[Int32].", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)))))
cases.append(error("Conv2DBackpropInput_dtype_mismatch", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), f32), np.ones((4, 3, 3, 3), np.float16)], "TypeError",
                   "For 'Conv2DBackpropInput', the types of 'dout' and its other input should be the same, but got "
                   "Tensor[Float32] and Tensor[Float16].", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)))))
cases.append(error("Conv2DBackpropFilter_dtype_mismatch", "Conv2DBackpropFilter",
                   [np.ones((2, 4, 4, 3), np.float16), np.ones((2, 3, 6, 5), f32)], "TypeError",
                   "For 'Conv2DBackpropFilter', the types of 'dout' and its other input should be the same, but got "
                   "Tensor[Float16] and Tensor[Float32].", attrs=dict(conv, filter_size=Ints((4, 3, 3, 3)))))
cases.append(error("Conv2DBackpropInput_dout_shape", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 2), f32), np.ones((4, 3, 3, 3), f32)], "ValueError",
                   f"For 'Conv2DBackpropInput', the shape of 'dout' should be {vec((2, 4, 4, 3))}, the output shape of the "
                   f"convolution, but got {vec((2, 4, 4, 2))}.", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)))))
cases.append(error("Conv2DBackpropFilter_dout_shape", "Conv2DBackpropFilter",
                   [np.ones((2, 4, 3, 2), f32), np.ones((2, 3, 6, 5), f32)], "ValueError",
                   f"For 'Conv2DBackpropFilter', the shape of 'dout' should be {vec((2, 4, 2, 2))}, the output shape of the "
                   f"convolution, but got {vec((2, 4, 3, 2))}.",
                   attrs=dict(conv_attrs(4, 3, "valid", 0, 2, 1, 1), filter_size=Ints((4, 3, 3, 3)))))
cases.append(error("Conv2DBackpropInput_input_size", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), f32), np.ones((4, 3, 3, 3), f32)], "ValueError",
                   "For 'Conv2DBackpropInput', the 'input_size' must be a tuple of 4 ints, but got (2, 3, 6).",
                   attrs=dict(conv, input_size=Ints((2, 3, 6)))))
cases.append(error("Conv2DBackpropFilter_filter_size_negative", "Conv2DBackpropFilter",
                   [np.ones((2, 4, 4, 3), f32), np.ones((2, 3, 6, 5), f32)], "ValueError",
                   "For 'Conv2DBackpropFilter', the 'filter_size' must be a tuple of 4 ints, but got (4, 3, -3, 3).",
                   attrs=dict(conv, filter_size=Ints((4, 3, -3, 3)))))
# The forward's geometry is checked as Conv2D checks it, in the gradient's name.
cases.append(error("Conv2DBackpropFilter_channels", "Conv2DBackpropFilter",
                   [np.ones((2, 4, 4, 3), f32), np.ones((2, 3, 6, 5), f32)], "RuntimeError",
                   "For 'Conv2DBackpropFilter', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to "
                   "'C_in' of input 'weight' shape: 2, but got 'C_in' of input 'x' shape: 3, and 'group': 1.",
                   attrs=dict(conv, filter_size=Ints((4, 2, 3, 3)))))
cases.append(error("Conv2DBackpropInput_nhwc", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), f32), np.ones((4, 3, 3, 3), f32)], "ValueError",
                   "For 'Conv2DBackpropInput', the 'NHWC' format is only supported in GPU target, but got the 'format' is "
                   "NHWC and the platform is CPU.", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)), data_format=S("NHWC"))))
cases.append(error("Conv2DBackpropInput_pad_mode", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), f32), np.ones((4, 3, 3, 3), f32)], "ValueError",
                   "For 'Conv2DBackpropInput', the 'pad_mode' must be str and must be in ['valid', 'same', 'pad'], but "
                   "got 'full'.", attrs=dict(conv, input_size=Ints((2, 3, 6, 5)), pad_mode=S("full"))))
cases.append(error("Conv2DBackpropInput_no_input_size", "Conv2DBackpropInput",
                   [np.ones((2, 4, 4, 3), f32), np.ones((4, 3, 3, 3), f32)], "ValueError",
                   "For 'Conv2DBackpropInput', the 'input_size' must be given, as a tuple of 4 ints.", attrs=conv))

write("backward", cases)
