"""Cases for the dense linear algebra and convolution primitives: MatMul,
BatchMatMul, BiasAdd, Conv2D, MaxPool and AvgPool.

numpy is the oracle for the products and pooling (pooling as plain loops
over windows); torch's conv2d, in float64 on explicitly padded inputs, is the
oracle for convolution, with MindSpore's SAME padding (the odd row or column
at the bottom or right) worked out here.
"""
import math

import numpy as np
import torch
import torch.nn.functional as F

from common import B, I, Ints, S, case, error, rng, write

cases = []
r = rng(2024)

# Tolerances of a float32 or float16 result against a float64 (float32 for
# float16) oracle: sums of up to a few hundred products of unit-scale values.
TOL = {"float16": (2e-3, 2e-3), "float32": (1e-5, 1e-5), "float64": (1e-12, 1e-12)}


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


def matmul(x, y):
    """numpy's matmul in the operands' dtype; float16 accumulates in float32."""
    if x.dtype == np.float16:
        return np.matmul(x.astype(np.float32), y.astype(np.float32)).astype(np.float16)
    if x.dtype.kind == "f":
        return np.matmul(x.astype(np.float64), y.astype(np.float64)).astype(x.dtype)
    return np.matmul(x, y)


def tol(dtype):
    return TOL.get(np.dtype(dtype).name, (0.0, 0.0))


def tr(a, t):
    return np.swapaxes(a, -1, -2).copy() if t else a


def vec(shape):
    """A shape as MindSpore's C++ prints it in errors."""
    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"


# MatMul: every dtype, every transpose, empty and edge-tile shapes.
for dt in ["float16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64"]:
    for ta in [False, True]:
        for tb in [False, True]:
            x, y = sample(dt, (3, 4)), sample(dt, (4, 5))
            rt, at = tol(dt)
            cases.append(case(f"MatMul_{dt}_ta{int(ta)}_tb{int(tb)}", "MatMul", [tr(x, ta), tr(y, tb)], [matmul(x, y)],
                              attrs={"transpose_a": B(ta), "transpose_b": B(tb)}, rtol=rt, atol=at))
# Past the GEMM's register tile in every dim, past its packed depth (256) and
# its block of rows (128).
for m, k, n in [(37, 20, 35), (5, 260, 17), (130, 5, 9)]:
    for dt in ["float32", "float64"]:
        x, y = sample(dt, (m, k)), sample(dt, (k, n))
        rt, at = tol(dt)
        cases.append(case(f"MatMul_{dt}_{m}x{k}x{n}", "MatMul", [x, y], [matmul(x, y)], rtol=rt, atol=at))
for dt in ["float16", "float32", "float64"]:
    x, y = precise(dt, (9, 40)), precise(dt, (40, 11))
    rt, at = tol(dt)
    cases.append(case(f"MatMul_{dt}_precise", "MatMul", [x, y], [matmul(x, y)], rtol=rt, atol=at))
x, y = sample("int32", (24, 30)), sample("int32", (30, 20))
cases.append(case("MatMul_int32_24x30x20_tb", "MatMul", [x, tr(y, True)], [matmul(x, y)], attrs={"transpose_b": B(True)}))
# int8 wraps as numpy does.
x, y = np.full((2, 3), 100, np.int8), np.full((3, 2), 3, np.int8)
cases.append(case("MatMul_int8_wraps", "MatMul", [x, y], [np.matmul(x, y)]))
for name, (sx, sy) in {"empty_k": ((3, 0), (0, 2)), "empty_m": ((0, 3), (3, 2)), "empty_n": ((2, 3), (3, 0))}.items():
    x, y = sample("float32", sx), sample("float32", sy)
    cases.append(case(f"MatMul_{name}", "MatMul", [x, y], [np.matmul(x, y)]))
# A non-finite input spreads only through its row and column.
x, y = precise("float32", (3, 4)), precise("float32", (4, 2))
x[1, 2] = np.inf
cases.append(case("MatMul_inf", "MatMul", [x, y], [matmul(x, y)], rtol=1e-5, atol=1e-5))

cases.append(error("MatMul_rank3", "MatMul", [np.ones((2, 3, 4), np.float32), np.ones((4, 5), np.float32)],
                   "ValueError", "MatMul inputs should have the same dimension size and equal to 2."))
cases.append(error("MatMul_rank1", "MatMul", [np.ones(3, np.float32), np.ones((3, 5), np.float32)],
                   "ValueError", "MatMul inputs should have the same dimension size and equal to 2."))
cases.append(error("MatMul_dim_mismatch", "MatMul", [np.ones((2, 3), np.float32), np.ones((4, 5), np.float32)],
                   "ValueError", "For 'MatMul', the input dimensions must be equal, but got x1 col: 3 and x2 row: 4."))
cases.append(error("MatMul_dim_mismatch_transposed", "MatMul", [np.ones((2, 3), np.float32), np.ones((4, 5), np.float32)],
                   "ValueError", "For 'MatMul', the input dimensions must be equal, but got x1 col: 2 and x2 row: 5.",
                   attrs={"transpose_a": B(True), "transpose_b": B(True)}))
cases.append(error("MatMul_dtype_mismatch", "MatMul", [np.ones((2, 3), np.float32), np.ones((3, 2), np.int32)],
                   "TypeError", "For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                   "Tensor[Float32] and 'x2' with type Tensor[Int32]."))
NUMERIC = "{Tensor[Float16], Tensor[Float32], Tensor[Float64], Tensor[Int16], Tensor[Int32], Tensor[Int64], Tensor[Int8], Tensor[UInt8]}"
cases.append(error("MatMul_bool", "MatMul", [np.ones((2, 3), bool), np.ones((3, 2), bool)],
                   "TypeError", f"For primitive[MatMul], the input argument[x] must be a type of {NUMERIC}, but got Tensor[Bool]."))

# BatchMatMul: transposes, numpy broadcasting of the batch dims, dtypes.
for ta in [False, True]:
    for tb in [False, True]:
        x, y = sample("float32", (2, 3, 4)), sample("float32", (2, 4, 5))
        cases.append(case(f"BatchMatMul_float32_ta{int(ta)}_tb{int(tb)}", "BatchMatMul", [tr(x, ta), tr(y, tb)],
                          [matmul(x, y)], attrs={"transpose_a": B(ta), "transpose_b": B(tb)}, rtol=1e-5, atol=1e-5))
BROADCAST = [((2, 1, 3, 4), (5, 4, 2)), ((3, 4), (2, 4, 5)), ((4, 1, 2, 3), (1, 6, 3, 2)), ((1, 3, 4), (2, 4, 5)),
             ((2, 0, 3, 4), (1, 4, 2))]
for i, (sx, sy) in enumerate(BROADCAST):
    for dt in ["float32", "int32"]:
        x, y = sample(dt, sx), sample(dt, sy)
        rt, at = tol(dt)
        cases.append(case(f"BatchMatMul_broadcast{i}_{dt}", "BatchMatMul", [x, y], [matmul(x, y)], rtol=rt, atol=at))
for dt in ["float16", "float64", "int64"]:
    x, y = sample(dt, (3, 2, 6)), sample(dt, (3, 5, 6))
    rt, at = tol(dt)
    cases.append(case(f"BatchMatMul_{dt}_tb", "BatchMatMul", [x, y], [matmul(x, tr(y, True))],
                      attrs={"transpose_b": B(True)}, rtol=rt, atol=at))
x, y = precise("float32", (3, 17, 40)), precise("float32", (3, 40, 33))
cases.append(case("BatchMatMul_float32_precise", "BatchMatMul", [x, y], [matmul(x, y)], rtol=1e-5, atol=1e-5))

cases.append(error("BatchMatMul_rank1", "BatchMatMul", [np.ones(3, np.float32), np.ones((2, 3, 4), np.float32)],
                   "ValueError", "For 'BatchMatMul', the input 'x' must be a 2D or higher dimensional Tensor, but got 1D shape "
                   + vec((3,))))
cases.append(error("BatchMatMul_mismatch", "BatchMatMul", [np.ones((2, 3, 4), np.float32), np.ones((2, 5, 6), np.float32)],
                   "ValueError", "For BatchMatMul, the row of the input 'y' should be same as the col of the input 'x', with x shape "
                   f"{vec((2, 3, 4))}(transpose_a=0), y shape {vec((2, 5, 6))}(transpose_b=1)", attrs={"transpose_b": B(True)}))
cases.append(error("BatchMatMul_batch_mismatch", "BatchMatMul", [np.ones((2, 3, 3, 4), np.float32), np.ones((4, 4, 5), np.float32)],
                   "ValueError", "For BatchMatMul, one of the input's batch dim must be equal to another input's peer batch dim, "
                   f"or be equal to 1, or be empty, but got 3 and 4, with x shape {vec((2, 3, 3, 4))}, y shape {vec((4, 4, 5))}"))
cases.append(error("BatchMatMul_dtype_mismatch", "BatchMatMul", [np.ones((2, 2, 3), np.float16), np.ones((2, 3, 2), np.float32)],
                   "TypeError", "For 'BatchMatMul', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                   "Tensor[Float16] and 'x2' with type Tensor[Float32]."))

# BiasAdd along the channel axis of each data format.
for name, shape, fmt, axis in [("2d", (4, 3), None, 1), ("nchw", (2, 3, 4, 5), "NCHW", 1),
                               ("nhwc", (2, 4, 5, 3), "NHWC", 3), ("ncdhw", (2, 3, 2, 2, 2), "NCDHW", 1),
                               ("rank3", (2, 3, 4), None, 1)]:
    for dt in ["float32", "int32", "float16", "float64"]:
        x, b = sample(dt, shape), sample(dt, (shape[axis],))
        bshape = [1] * len(shape)
        bshape[axis] = shape[axis]
        attrs = {"data_format": S(fmt)} if fmt else None
        rt, at = (1e-3, 0) if dt == "float16" else (0, 0)
        cases.append(case(f"BiasAdd_{name}_{dt}", "BiasAdd", [x, b], [x + b.reshape(bshape)], attrs=attrs, rtol=rt, atol=at))
cases.append(error("BiasAdd_dtype_mismatch", "BiasAdd", [np.ones((2, 3), np.float32), np.ones(3, np.float16)], "TypeError",
                   "For primitive[BiasAdd], the input type must be same.\nname:[bias]:Tensor[Float16].\n"
                   "name:[input_x]:Tensor[Float32].\n"))
cases.append(error("BiasAdd_bias_rank", "BiasAdd", [np.ones((2, 3), np.float32), np.ones((3, 1), np.float32)], "ValueError",
                   "For primitive[BiasAdd], the rank of bias must be equal to 1, but got 2."))
cases.append(error("BiasAdd_x_rank", "BiasAdd", [np.ones(3, np.float32), np.ones(3, np.float32)], "ValueError",
                   "For primitive[BiasAdd], the rank of input_x must be in [2, 5], but got 1."))
cases.append(error("BiasAdd_channels", "BiasAdd", [np.ones((3, 8), np.float32), np.ones(4, np.float32)], "ValueError",
                   f"For 'BiasAdd', bias[0] shape should be equal to input_x[1] shape when data_format is 0, but got bias shape: "
                   f".{vec((4,))}, input_shape: {vec((3, 8))}."))
cases.append(error("BiasAdd_channels_nhwc", "BiasAdd", [np.ones((2, 2, 2, 3), np.float32), np.ones(2, np.float32)], "ValueError",
                   f"For 'BiasAdd', bias[0] shape should be equal to input_x[3] shape when data_format is 1, but got bias shape: "
                   f".{vec((2,))}, input_shape: {vec((2, 2, 2, 3))}.", attrs={"data_format": S("NHWC")}))
cases.append(error("BiasAdd_format", "BiasAdd", [np.ones((2, 3), np.float32), np.ones(3, np.float32)], "ValueError",
                   "For 'BiasAdd', the data_format must be NCHW, NHWC, or NCDHW, but got: HWCN.", attrs={"data_format": S("HWCN")}))


def same_pads(size, k, s, d):
    """MindSpore's SAME padding (before, after) and output size along an axis."""
    out = -(-size // s)
    need = max((out - 1) * s + d * (k - 1) + 1 - size, 0)
    return need // 2, need - need // 2


def conv_oracle(x, w, stride, dilation, pads, group):
    """torch's conv2d in float64 on x padded (top, bottom, left, right)."""
    xt = torch.from_numpy(x.astype(np.float64))
    xt = F.pad(xt, (pads[2], pads[3], pads[0], pads[1]))
    y = F.conv2d(xt, torch.from_numpy(w.astype(np.float64)), stride=tuple(stride), dilation=tuple(dilation), groups=group)
    return y.numpy()


def pair(v):
    return [v, v] if isinstance(v, int) else list(v[-2:])


CONV = [
    # name, x shape, out_channel, kernel, pad_mode, pad, stride, dilation, group
    ("valid", (2, 1, 12, 12), 6, 5, "valid", 0, 1, 1, 1),
    ("valid_rect", (1, 3, 9, 8), 4, (3, 2), "valid", 0, 1, 1, 1),
    ("stride2", (2, 3, 9, 10), 4, 3, "valid", 0, 2, 1, 1),
    ("stride_nchw", (1, 2, 9, 10), 3, 3, "valid", 0, (1, 1, 2, 3), 1, 1),
    ("dilation2", (1, 2, 11, 10), 3, 3, "valid", 0, 1, 2, 1),
    ("dilation_rect", (1, 2, 11, 10), 3, 3, "valid", 0, 1, (1, 1, 3, 2), 1),
    ("pad_asymmetric", (2, 3, 7, 8), 4, 3, "pad", (1, 2, 0, 3), 1, 1, 1),
    ("pad_int", (1, 2, 6, 6), 2, 3, "pad", 2, 2, 1, 1),
    ("pad_stride_dilation", (1, 2, 10, 9), 3, 3, "pad", (2, 1, 1, 2), 2, 2, 1),
    ("same", (2, 3, 7, 8), 4, 3, "same", 0, 1, 1, 1),
    ("same_stride2_odd", (1, 2, 8, 9), 3, 4, "same", 0, 2, 1, 1),
    ("same_stride3_dilation", (1, 2, 10, 11), 2, 3, "same", 0, 3, 2, 1),
    ("same_upper", (1, 2, 5, 5), 2, 2, "SAME", 0, 1, 1, 1),
    ("group2", (2, 4, 7, 7), 6, 3, "valid", 0, 1, 1, 2),
    ("depthwise", (1, 3, 6, 6), 3, 3, "same", 0, 1, 1, 3),
    ("pointwise", (2, 5, 4, 4), 3, 1, "valid", 0, 1, 1, 1),
    ("pointwise_stride", (1, 4, 5, 5), 2, 1, "valid", 0, 2, 1, 1),
    ("lenet_conv2", (1, 6, 14, 14), 16, 5, "valid", 0, 1, 1, 1),
]
for name, xs, oc, ks, mode, pad, stride, dil, group in CONV:
    k = pair(ks)
    st, dl = pair(stride), pair(dil)
    if mode.lower() == "same":
        pt, pb = same_pads(xs[2], k[0], st[0], dl[0])
        pl, pr = same_pads(xs[3], k[1], st[1], dl[1])
        pads = (pt, pb, pl, pr)
    elif mode == "pad":
        pads = (pad,) * 4 if isinstance(pad, int) else pad
    else:
        pads = (0, 0, 0, 0)
    attrs = {"out_channel": I(oc), "kernel_size": I(ks) if isinstance(ks, int) else Ints(ks), "pad_mode": S(mode),
             "stride": I(stride) if isinstance(stride, int) else Ints(stride),
             "dilation": I(dil) if isinstance(dil, int) else Ints(dil), "group": I(group)}
    if mode == "pad":
        attrs["pad"] = I(pad) if isinstance(pad, int) else Ints(pad)
    for dt in ["float32", "int32", "float16"]:
        x = sample(dt, xs)
        w = sample(dt, (oc, xs[1] // group, k[0], k[1]))
        y = conv_oracle(x, w, st, dl, pads, group)
        if dt == "float16":
            y = conv_oracle(x.astype(np.float32), w.astype(np.float32), st, dl, pads, group)
        y = np.rint(y).astype(dt) if dt == "int32" else y.astype(dt)
        rt, at = tol(dt)
        cases.append(case(f"Conv2D_{name}_{dt}", "Conv2D", [x, w], [y], attrs=attrs, rtol=rt, atol=at))
x, w = precise("float32", (2, 3, 7, 6)), precise("float32", (4, 3, 3, 2))
cases.append(case("Conv2D_precise_float32", "Conv2D", [x, w], [conv_oracle(x, w, [1, 2], [2, 1], (1, 0, 2, 1), 1).astype(np.float32)],
                  attrs={"out_channel": I(4), "kernel_size": Ints((3, 2)), "stride": Ints((1, 2)), "dilation": Ints((2, 1)),
                         "pad_mode": S("pad"), "pad": Ints((1, 0, 2, 1))}, rtol=1e-5, atol=1e-5))
x, w = sample("int8", (1, 2, 5, 5)), sample("int8", (3, 2, 3, 3))
cases.append(case("Conv2D_int8_gives_int32", "Conv2D", [x, w],
                  [np.rint(conv_oracle(x, w, [1, 1], [1, 1], (0, 0, 0, 0), 1)).astype(np.int32)],
                  attrs={"out_channel": I(3), "kernel_size": I(3)}))
# A dilated kernel wider than the input gives no output; narrower still, an
# error (below).
x, w = sample("float32", (2, 3, 4, 4)), sample("float32", (2, 3, 3, 3))
cases.append(case("Conv2D_empty_output", "Conv2D", [x, w], [np.zeros((2, 2, 0, 0), np.float32)],
                  attrs={"out_channel": I(2), "kernel_size": I(3), "dilation": I(2)}))


def conv_error(name, xs, ws, kind, msg, dtype="float32", wdtype=None, **attrs):
    a = {"out_channel": I(ws[0]), "kernel_size": Ints(ws[2:])}
    a.update(attrs)
    cases.append(error(f"Conv2D_{name}", "Conv2D", [np.ones(xs, dtype), np.ones(ws, wdtype or dtype)], kind, msg, attrs=a))


conv_error("x_rank", (1, 3, 5), (2, 3, 3, 3), "ValueError", "For primitive[Conv2D], the x shape size must be equal to 4, but got 3.")
conv_error("w_rank", (1, 3, 5, 5), (2, 3, 3), "ValueError", "For primitive[Conv2D], the w shape size must be equal to 4, but got 3.",
           kernel_size=I(3))
conv_error("channels", (1, 4, 5, 5), (2, 3, 3, 3), "RuntimeError",
           "For 'Conv2D', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to 'C_in' of input 'weight' "
           "shape: 3, but got 'C_in' of input 'x' shape: 4, and 'group': 1.")
conv_error("channels_group", (1, 4, 5, 5), (2, 4, 3, 3), "RuntimeError",
           "For 'Conv2D', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to 'C_in' of input 'weight' "
           "shape: 4, but got 'C_in' of input 'x' shape: 4, and 'group': 2.", group=I(2))
conv_error("out_channel", (1, 3, 5, 5), (2, 3, 3, 3), "RuntimeError",
           "For 'Conv2D', 'w_shape[0]' must be equal to 'out_channel', but got 'w_shape[0]': 2, 'out_channel': 4.", out_channel=I(4))
conv_error("kernel_size", (1, 3, 5, 5), (2, 3, 3, 3), "RuntimeError",
           "For 'Conv2D', 'w_shape[3]' must be equal to 'kernel_size[1]', but got 'w_shape[3]': 3, 'kernel_size[1]': 2.",
           kernel_size=Ints((3, 2)))
conv_error("kernel_larger", (1, 1, 4, 4), (2, 1, 5, 5), "ValueError",
           "For 'Conv2d', input shape's h and w after padding must be greater than or equal to kernel_size's h and w respectively.")
conv_error("kernel_larger_padded", (1, 1, 4, 4), (2, 1, 5, 5), "ValueError",
           "For 'Conv2d', input shape's h and w after padding must be greater than or equal to kernel_size's h and w respectively.",
           pad_mode=S("pad"), pad=Ints((0, 0, 1, 0)))
conv_error("negative_output", (1, 1, 4, 4), (2, 1, 5, 5), "ValueError",
           "For 'Conv2D output_shape',  shape element [2] must be positive integer or -1, but got: -2.",
           dilation=I(2), pad_mode=S("pad"), pad=I(1))
conv_error("float64", (1, 3, 5, 5), (2, 3, 3, 3), "TypeError",
           "For primitive[Conv2D], the input argument[x] must be a type of {Tensor[Float16], Tensor[Float32], Tensor[Int32], "
           "Tensor[Int64], Tensor[Int8]}, but got Tensor[Float64].", dtype="float64")
conv_error("weight_dtype", (1, 3, 5, 5), (2, 3, 3, 3), "TypeError",
           "For 'Conv2D', the type of 'weight' should be same as 'x', but got 'x' with type Tensor[Float32] and 'weight' with type "
           "Tensor[Float16].", wdtype="float16")
conv_error("pad_without_pad_mode", (1, 3, 5, 5), (2, 3, 3, 3), "ValueError",
           "For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': (1, 1, 1, 1) and 'pad_mode': same.",
           pad_mode=S("same"), pad=I(1))
conv_error("pad_mode", (1, 3, 5, 5), (2, 3, 3, 3), "ValueError",
           "For 'Conv2D', the 'pad_mode' must be str and must be in ['valid', 'same', 'pad'], but got 'full'.", pad_mode=S("full"))
conv_error("stride", (1, 3, 5, 5), (2, 3, 3, 3), "ValueError",
           "For 'Conv2D', the 'stride' should be a positive int number or a tuple of two or four positive int numbers, but got (1, 0)",
           stride=Ints((1, 0)))


def pool_oracle(x, k, s, mode, reduce):
    """Pooling by its definition over windows clipped to the input."""
    n, c, h, w = x.shape
    if mode.upper() == "VALID":
        oh, ow, pt, pl = -(-(h - k[0] + 1) // s[0]), -(-(w - k[1] + 1) // s[1]), 0, 0
    else:
        oh, ow = -(-h // s[0]), -(-w // s[1])
        pt = max((oh - 1) * s[0] + k[0] - h, 0) // 2
        pl = max((ow - 1) * s[1] + k[1] - w, 0) // 2
    y = np.zeros((n, c, oh, ow), x.dtype)
    for i in range(oh):
        for j in range(ow):
            y0, x0 = i * s[0] - pt, j * s[1] - pl
            win = x[:, :, max(y0, 0):y0 + k[0], max(x0, 0):x0 + k[1]].astype(np.float64)
            y[:, :, i, j] = reduce(win, axis=(2, 3))
    return y


POOL = [
    # name, x shape, kernel_size, strides, pad_mode
    ("valid_2x2", (2, 3, 6, 6), 2, 2, "VALID"),
    ("valid_3x3_stride1", (1, 2, 5, 6), 3, 1, "VALID"),
    ("valid_uneven", (1, 2, 7, 8), 3, 2, "VALID"),
    ("valid_rect_nchw", (1, 2, 7, 8), (1, 1, 2, 3), (1, 1, 1, 2), "VALID"),
    ("same_3x3_stride2", (1, 2, 5, 7), 3, 2, "SAME"),
    ("same_2x2_stride2_odd", (2, 1, 5, 5), 2, 2, "SAME"),
    ("same_lower", (1, 2, 6, 4), (3, 2), 1, "same"),
    ("lenet", (1, 2, 28, 28), 2, 2, "VALID"),
]
for name, xs, ks, ss, mode in POOL:
    attrs = {"kernel_size": I(ks) if isinstance(ks, int) else Ints(ks),
             "strides": I(ss) if isinstance(ss, int) else Ints(ss), "pad_mode": S(mode)}
    for dt in ["float32", "float64", "float16"]:
        x = sample(dt, xs)
        for prim, reduce in [("MaxPool", np.max), ("AvgPool", np.mean)]:
            y = pool_oracle(x, pair(ks), pair(ss), mode, reduce)
            rt, at = tol(dt) if prim == "AvgPool" else (0, 0)
            cases.append(case(f"{prim}_{name}_{dt}", prim, [x], [y], attrs=attrs, rtol=rt, atol=at))
for prim, reduce in [("MaxPool", np.max), ("AvgPool", np.mean)]:
    x = precise("float32", (2, 3, 7, 7))
    cases.append(case(f"{prim}_same_precise_float32", prim, [x], [pool_oracle(x, [3, 3], [2, 2], "SAME", reduce)],
                      attrs={"kernel_size": I(3), "strides": I(2), "pad_mode": S("SAME")}, rtol=1e-6, atol=1e-7))
x = sample("float32", (1, 1, 4, 4))
x[0, 0, 1, 1] = np.nan
cases.append(case("MaxPool_nan", "MaxPool", [x], [pool_oracle(x, [2, 2], [2, 2], "VALID", np.max)],
                  attrs={"kernel_size": I(2), "strides": I(2)}))
FLOATS = "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}"
for prim in ["MaxPool", "AvgPool"]:
    cases.append(error(f"{prim}_int32", prim, [np.ones((1, 1, 4, 4), np.int32)], "TypeError",
                       f"For primitive[{prim}], the input argument[x] must be a type of {FLOATS}, but got Tensor[Int32].",
                       attrs={"kernel_size": I(2)}))
    cases.append(error(f"{prim}_kernel_zero", prim, [np.ones((1, 1, 4, 4), np.float32)], "ValueError",
                       f"For '{prim}', the 'kernel_size' should be a positive int number or a tuple of two or four positive int "
                       "numbers, but got 0", attrs={"kernel_size": I(0)}))
cases.append(error("MaxPool_rank3", "MaxPool", [np.ones((1, 4, 4), np.float32)], "ValueError",
                   "For primitive[MaxPool], the length of input must be equal to 4, but got 3."))
cases.append(error("AvgPool_rank3", "AvgPool", [np.ones((1, 4, 4), np.float32)], "ValueError",
                   "For primitive[AvgPool], the x_rank must be equal to 4, but got 3."))
cases.append(error("MaxPool_window_too_big", "MaxPool", [np.ones((1, 2, 3, 3), np.float32)], "ValueError",
                   f"For 'MaxPool', the each element of the output shape must be larger than 0, but got output shape: "
                   f"{vec((1, 2, 0, 0))}. The input shape: {vec((1, 2, 3, 3))}, kernel size: {vec((1, 1, 4, 4))}, strides: "
                   f"{vec((1, 1, 1, 1))}. Please check the official api documents for more information about the output.",
                   attrs={"kernel_size": I(4)}))
cases.append(error("AvgPool_window_too_big", "AvgPool", [np.ones((1, 2, 3, 5), np.float32)], "RuntimeError",
                   "For 'AvgPool' op, H_out/W_out must be positive, but H_out/W_out is 0, please check input and parameters of op",
                   attrs={"kernel_size": I(4)}))
cases.append(error("MaxPool_pad_mode", "MaxPool", [np.ones((1, 1, 4, 4), np.float32)], "ValueError",
                   "For 'MaxPool', the 'pad_mode' must be str and must be in ['VALID', 'SAME'], but got 'PAD'.",
                   attrs={"pad_mode": S("PAD")}))

write("linalg", cases)
