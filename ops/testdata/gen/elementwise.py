"""Cases for the elementwise primitives: arithmetic with broadcasting and
MindSpore's promotion, comparisons, logical ops, unary math and Cast."""
import numpy as np

from common import B, D, case, error, rng, write

ORDER = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def promote(a, b):
    """MindSpore's tensor-tensor promotion (tensor.Promote)."""
    a, b = sorted([np.dtype(a).name, np.dtype(b).name], key=ORDER.index)
    if (a, b) == ("uint8", "int8"):
        return np.dtype("int16")
    return np.dtype(b)


def sample(r, dtype, shape):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return r.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        lo = 0 if dtype.kind == "u" else -9
        return r.integers(lo, 10, shape).astype(dtype)
    return (r.standard_normal(shape) * 3).astype(dtype)


def tol(dtype):
    return {"float16": 1e-3, "float32": 2e-7, "float64": 1e-15}.get(np.dtype(dtype).name, 0.0)


cases = []
r = rng(0)

BINARY = {
    "Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Maximum": np.maximum,
    "Minimum": np.minimum, "FloorDiv": np.floor_divide, "FloorMod": np.mod,
}
SHAPES = [((4,), (4,)), ((2, 3), (3,)), ((2, 1, 4), (3, 1)), ((), (2, 2)), ((3, 1), (1, 5)), ((0, 3), (3,))]
for name, fn in BINARY.items():
    for i, (sx, sy) in enumerate(SHAPES):
        for dt in ["float32", "int32", "float64", "int64"]:
            x, y = sample(r, dt, sx), sample(r, dt, sy)
            if name in ("FloorDiv", "FloorMod"):
                y = np.where(y == 0, 3, y).astype(dt)
            with np.errstate(all="ignore"):
                z = fn(x, y)
            cases.append(case(f"{name}_{dt}_{i}", name, [x, y], [z], rtol=tol(dt)))

# Promotion: the result dtype follows MindSpore's table.
for a in ORDER[1:]:
    for b in ORDER:
        x, y = sample(r, a, (3,)), sample(r, b, (3,))
        dt = promote(a, b)
        z = np.add(x.astype(dt), y.astype(dt))
        cases.append(case(f"Add_promote_{a}_{b}", "Add", [x, y], [z], rtol=tol(dt)))

# True division: integers give float32.
for dt in ["int32", "int64", "uint8", "bool", "float16", "float32", "float64"]:
    x, y = sample(r, dt, (2, 3)), sample(r, dt, (3,))
    if dt != "bool":
        y = np.where(y == 0, 2, y).astype(dt)
    else:
        y = np.ones(3, bool)
    out = np.dtype(dt) if np.dtype(dt).kind == "f" else np.dtype("float32")
    z = np.true_divide(x.astype(out), y.astype(out))
    cases.append(case(f"Div_{dt}", "Div", [x, y], [z], rtol=tol(out)))

# Float division specials and NaN propagation through maximum.
x = np.array([1, -1, 0, np.nan, np.inf], np.float32)
y = np.array([0, 0, 0, 1, np.inf], np.float32)
with np.errstate(all="ignore"):
    cases.append(case("Div_specials", "Div", [x, y], [x / y]))
cases.append(case("Maximum_nan", "Maximum", [x, y], [np.maximum(x, y)]))
cases.append(case("Minimum_nan", "Minimum", [y, x], [np.minimum(y, x)]))

# Pow: float and integer.
x, y = np.abs(sample(r, "float32", (5,))) + 0.5, sample(r, "float32", (5,))
cases.append(case("Pow_float32", "Pow", [x, y], [np.power(x, y)], rtol=1e-6))
x, y = sample(r, "int64", (6,)), np.array([0, 1, 2, 3, 4, 5], np.int64)
cases.append(case("Pow_int64", "Pow", [x, y], [np.power(x, y)]))

# Comparisons and logical ops.
CMP = {"Equal": np.equal, "NotEqual": np.not_equal, "Less": np.less, "LessEqual": np.less_equal,
       "Greater": np.greater, "GreaterEqual": np.greater_equal}
for name, fn in CMP.items():
    x, y = sample(r, "int32", (2, 3)), sample(r, "float32", (3,))
    cases.append(case(f"{name}_int32_float32", name, [x, y], [fn(x.astype(np.float32), y)]))
    x = np.array([1, np.nan, 2], np.float64)
    cases.append(case(f"{name}_nan", name, [x, x[::-1].copy()], [fn(x, x[::-1])]))
for name, fn in {"LogicalAnd": np.logical_and, "LogicalOr": np.logical_or, "LogicalXor": np.logical_xor}.items():
    x, y = sample(r, "bool", (2, 4)), sample(r, "bool", (4,))
    cases.append(case(name, name, [x, y], [fn(x, y)]))
x = sample(r, "float32", (5,))
cases.append(case("LogicalNot_float32", "LogicalNot", [x], [np.logical_not(x)]))
for name, fn in {"BitwiseAnd": np.bitwise_and, "BitwiseOr": np.bitwise_or, "BitwiseXor": np.bitwise_xor}.items():
    x, y = sample(r, "int32", (4,)), sample(r, "int32", (4,))
    cases.append(case(name, name, [x, y], [fn(x, y)]))
x = sample(r, "int16", (4,))
cases.append(case("Invert_int16", "Invert", [x], [np.invert(x)]))
x = sample(r, "bool", (4,))
cases.append(case("Invert_bool", "Invert", [x], [np.invert(x)]))

# Unary math: floats keep their dtype, integers compute in float32.
UNARY = {
    "Neg": np.negative, "Abs": np.abs, "Square": np.square, "Sign": np.sign, "Floor": np.floor,
    "Ceil": np.ceil, "Round": np.round, "Exp": np.exp, "Log": np.log, "Sqrt": np.sqrt, "Sin": np.sin,
    "Cos": np.cos, "Tan": np.tan, "Tanh": np.tanh, "Log1p": np.log1p, "Expm1": np.expm1,
    "Reciprocal": np.reciprocal, "ReLU": lambda v: np.maximum(v, 0).astype(v.dtype),
    "Sigmoid": lambda v: (1 / (1 + np.exp(-v.astype(np.float64)))).astype(v.dtype),
    "Rsqrt": lambda v: (1 / np.sqrt(v.astype(np.float64))).astype(v.dtype),
}
POSITIVE = {"Log", "Sqrt", "Rsqrt", "Log1p"}
for name, fn in UNARY.items():
    for dt in ["float32", "float64", "float16"]:
        x = sample(r, dt, (2, 5))
        if name in POSITIVE:
            x = (np.abs(x) + 0.1).astype(dt)
        with np.errstate(all="ignore"):
            # float32 and float16 math is correctly rounded from float64.
            z = fn(x.astype(np.float64)).astype(dt) if name not in ("ReLU", "Sigmoid", "Rsqrt") else fn(x)
        rt = {"float32": 3e-7, "float64": 4e-16, "float16": 1e-3}[dt]
        cases.append(case(f"{name}_{dt}", name, [x], [z], rtol=rt, atol=1e-30))
for name in ["Exp", "Sqrt", "Tanh"]:
    x = np.array([0, 1, 4, 9], np.int32)
    z = UNARY[name](x.astype(np.float64)).astype(np.float32)
    cases.append(case(f"{name}_int32", name, [x], [z], rtol=3e-7))
for name in ["Neg", "Abs", "Square", "Sign", "ReLU"]:
    x = sample(r, "int64", (6,))
    cases.append(case(f"{name}_int64", name, [x], [UNARY[name](x)]))
x = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, -2.5], np.float32)
with np.errstate(all="ignore"):
    cases.append(case("Abs_specials", "Abs", [x], [np.abs(x)]))
    cases.append(case("Sign_specials", "Sign", [x], [np.sign(x)]))
    cases.append(case("Round_half_even", "Round", [np.array([0.5, 1.5, 2.5, -0.5, -1.5], np.float32)],
                      [np.round(np.array([0.5, 1.5, 2.5, -0.5, -1.5], np.float32))]))

# Cast, including float to int truncation and anything to bool.
for src in ["float32", "float64", "int32", "bool", "int64"]:
    for dst in ["int32", "float16", "bool", "uint8", "float64"]:
        x = sample(r, src, (7,))
        cases.append(case(f"Cast_{src}_{dst}", "Cast", [x], [x.astype(dst)], attrs={"dtype": D(dst)}))
x = np.array([70000.0, 1e-8, 0.1, 65519.0], np.float32)
with np.errstate(over="ignore"):
    cases.append(case("Cast_float16_rounding", "Cast", [x], [x.astype(np.float16)], attrs={"dtype": D("float16")}))

# Errors.
cases.append(error("Mul_broadcast_error", "Mul", [np.ones(3, np.float32), np.ones(4, np.float32)],
                   "ValueError", "For 'Mul', x.shape (3,) and y.shape (4,) cannot broadcast."))
cases.append(error("Add_broadcast_error_2d", "Add", [np.ones((2, 3), np.float32), np.ones((3, 2), np.float32)],
                   "ValueError", "For 'Add', x.shape (2, 3) and y.shape (3, 2) cannot broadcast."))
cases.append(error("Neg_bool", "Neg", [np.ones(3, bool)], "TypeError",
                   "For 'Neg', the type of 'x' must be a number Tensor, but got Tensor[Bool]."))
cases.append(error("BitwiseAnd_float", "BitwiseAnd", [np.ones(3, np.float32), np.ones(3, np.int32)], "TypeError",
                   "For 'BitwiseAnd', the input dtype must be integer or bool, but got Float32."))

# ApplyGradientDescent: var - alpha * delta in one pass.
for dt in ["float32", "float64", "float16"]:
    v, d = sample(r, dt, (3, 4)), sample(r, dt, (3, 4))
    for ashape in [(), (1,)]:
        alpha = np.full(ashape, 0.25, dt)
        want = (v - alpha * d).astype(dt)
        rt = 1e-3 if dt == "float16" else 1e-6
        cases.append(case(f"ApplyGradientDescent_{dt}_alpha{len(ashape)}d", "ApplyGradientDescent", [v, alpha, d], [want], rtol=rt, atol=0))
cases.append(error("ApplyGradientDescent_int", "ApplyGradientDescent", [np.ones(2, np.int32), np.ones((), np.int32), np.ones(2, np.int32)],
                   "TypeError", "For 'ApplyGradientDescent', the 'var' must be a Tensor of a float type, but got Tensor[Int32]."))
cases.append(error("ApplyGradientDescent_shape", "ApplyGradientDescent", [np.ones(2, np.float32), np.ones((), np.float32), np.ones(3, np.float32)],
                   "ValueError", "For 'ApplyGradientDescent', the shape of 'delta' (3,) must be the shape of 'var' (2,)."))
cases.append(error("ApplyGradientDescent_alpha", "ApplyGradientDescent", [np.ones(2, np.float32), np.ones(2, np.float32), np.ones(2, np.float32)],
                   "ValueError", "For 'ApplyGradientDescent', the 'alpha' must be a scalar or a one-element Tensor, but got shape (2,)."))

write("elementwise", cases)
