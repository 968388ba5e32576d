"""Cases for the shape and indexing primitives: reshapes, transposes,
broadcasts, joins and splits, StridedSlice and its assignment
TensorCopySlices, gathers and scatters, boolean masks, OneHot and the
constant makers (Fill, ZerosLike, OnesLike, Range)."""
import numpy as np

from common import B, D, F, I, Ints, case, error, rng, write

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def sample(r, dtype, shape):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return r.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        lo = 0 if dtype.kind == "u" else -9
        return r.integers(lo, 10, shape).astype(dtype)
    return (r.standard_normal(shape) * 3).astype(dtype)


def resolve(shape, index):
    """StridedSlice's attributes for x[index], as the interpreter derives
    them: the Ellipsis becomes whole slices, each slice is normalized with
    slice.indices, an integer becomes a shrunk axis and None a new axis at
    its position in the output."""
    if not isinstance(index, tuple):
        index = (index,)
    used = sum(1 for i in index if i is not None and i is not Ellipsis)
    items = []
    for i in index:
        items += [slice(None)] * (len(shape) - used) if i is Ellipsis else [i]
    begin, end, strides, shrink, new_axis = [], [], [], [], []
    axis = pos = 0
    for i in items:
        if i is None:
            new_axis.append(pos)
            pos += 1
            continue
        n = shape[axis]
        if isinstance(i, int):
            i = i + n if i < 0 else i
            begin.append(i), end.append(i + 1), strides.append(1), shrink.append(axis)
        else:
            b, e, s = i.indices(n)
            begin.append(b), end.append(e), strides.append(s)
            pos += 1
        axis += 1
    attrs = {"begin": Ints(begin), "end": Ints(end), "strides": Ints(strides)}
    if shrink:
        attrs["shrink"] = Ints(shrink)
    if new_axis:
        attrs["new_axis"] = Ints(new_axis)
    return attrs


def slice_attrs(begin, end, strides, shrink=(), new_axis=()):
    return {"begin": Ints(begin), "end": Ints(end), "strides": Ints(strides), "shrink": Ints(shrink),
            "new_axis": Ints(new_axis)}


cases = []
r = rng(1)


def add(name, prim, inputs, outputs, attrs=None):
    cases.append(case(name, prim, inputs, outputs, attrs=attrs))


def fail(name, prim, inputs, kind, message, attrs=None):
    cases.append(error(name, prim, inputs, kind, message, attrs=attrs))


# Reshape and its relatives share storage; every dtype goes through them.
for dt in DTYPES:
    x = sample(r, dt, (2, 3))
    add(f"Reshape_{dt}", "Reshape", [x], [x.reshape(3, 2)], {"shape": Ints([3, 2])})
    add(f"Identity_{dt}", "Identity", [x], [x.copy()])
for name, shp, new in [("infer_last", (6,), (-1, 2)), ("infer_mid", (2, 3, 4), (4, -1, 2)), ("to_scalar", (1,), ()),
                       ("from_scalar", (), (1, 1)), ("empty", (0, 3), (3, 0)), ("empty_infer", (0, 3), (-1,))]:
    x = sample(r, "float32", shp)
    add(f"Reshape_{name}", "Reshape", [x], [x.reshape(new)], {"shape": Ints(new)})
x = np.ones((2, 3), np.float32)
fail("Reshape_size", "Reshape", [x], "ValueError",
     "For 'Reshape', the product of the shape of 'input_x' (6) must equal the product of 'shape' (4), "
     "but got shapes (2, 3) and (2, 2).", {"shape": Ints([2, 2])})
fail("Reshape_indivisible", "Reshape", [x], "ValueError",
     "For 'Reshape', the product of the shape of 'input_x' (6) must be divisible by the product of the other dims "
     "of 'shape' (4), but got shapes (2, 3) and (4, -1).", {"shape": Ints([4, -1])})
fail("Reshape_two_unknown", "Reshape", [x], "ValueError",
     "For 'Reshape', at most one component of 'shape' can be -1, but got (-1, -1).", {"shape": Ints([-1, -1])})
fail("Reshape_negative", "Reshape", [x], "ValueError",
     "For 'Reshape', each dim of 'shape' must be -1 or non-negative, but got (-2, -3).", {"shape": Ints([-2, -3])})
fail("Reshape_zero_unknown", "Reshape", [np.ones((0, 2), np.float32)], "ValueError",
     "For 'Reshape', the -1 in 'shape' (0, -1) cannot be inferred when the other dims' product is 0.",
     {"shape": Ints([0, -1])})

for dt in DTYPES:
    x = sample(r, dt, (2, 3, 4))
    add(f"ExpandDims_{dt}", "ExpandDims", [x], [np.expand_dims(x, 1)], {"axis": I(1)})
for axis in [0, 2, -1, -3]:
    x = sample(r, "int32", (2, 3))
    add(f"ExpandDims_axis{axis}", "ExpandDims", [x], [np.expand_dims(x, axis)], {"axis": I(axis)})
add("ExpandDims_scalar", "ExpandDims", [np.float64(2.5)], [np.array([2.5])], {"axis": I(0)})
fail("ExpandDims_axis", "ExpandDims", [np.ones((2, 3), np.float32)], "ValueError",
     "For 'ExpandDims', the 'axis' must be in range [-3, 3), but got 3.", {"axis": I(3)})

x = sample(r, "float32", (1, 3, 1, 2))
add("Squeeze_all", "Squeeze", [x], [np.squeeze(x)])
add("Squeeze_empty_list", "Squeeze", [x], [np.squeeze(x)], {"axis": Ints([])})
add("Squeeze_axis0", "Squeeze", [x], [np.squeeze(x, 0)], {"axis": Ints([0])})
add("Squeeze_int_axis", "Squeeze", [x], [np.squeeze(x, 2)], {"axis": I(-2)})
add("Squeeze_axes_negative", "Squeeze", [x], [np.squeeze(x, (0, 2))], {"axis": Ints([-2, 0])})
add("Squeeze_to_scalar", "Squeeze", [np.ones((1, 1), np.int8)], [np.int8(1)])
xb = sample(r, "bool", (2, 3))
add("Squeeze_none", "Squeeze", [xb], [np.squeeze(xb)])
fail("Squeeze_not_one", "Squeeze", [x], "ValueError",
     "For 'Squeeze', the input_x.shape[1] must be equal to 1, but got 3.", {"axis": Ints([1])})
fail("Squeeze_axis", "Squeeze", [x], "ValueError",
     "For 'Squeeze', the 'axis' must be in range [-4, 4), but got 4.", {"axis": Ints([4])})

for shp in [(2, 3, 4), (5,), (0, 3), (2, 0, 4)]:
    x = sample(r, "float64", shp)
    add(f"Flatten_{'x'.join(map(str, shp))}", "Flatten", [x], [x.reshape(shp[0], int(np.prod(shp[1:])))])
fail("Flatten_scalar", "Flatten", [np.float32(1)], "ValueError",
     "For 'Flatten', the rank of 'input_x' must be greater than or equal to 1, but got 0.")

# Transpose: every dtype, every 3-D permutation, negative entries, a 2-D
# transpose large enough to be tiled, and the empty cases.
for dt in DTYPES:
    x = sample(r, dt, (3, 5))
    add(f"Transpose_{dt}", "Transpose", [x], [x.T], {"perm": Ints([1, 0])})
x = sample(r, "int16", (2, 3, 4))
for perm in [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]:
    add(f"Transpose_3d_{''.join(map(str, perm))}", "Transpose", [x], [x.transpose(perm)], {"perm": Ints(perm)})
add("Transpose_negative_perm", "Transpose", [x], [x.transpose(2, 0, 1)], {"perm": Ints([-1, 0, -2])})
x = sample(r, "float32", (70, 45))
add("Transpose_tiled", "Transpose", [x], [x.T], {"perm": Ints([1, 0])})
x = sample(r, "float64", (3, 40, 33))
add("Transpose_tiled_batched", "Transpose", [x], [x.transpose(0, 2, 1)], {"perm": Ints([0, 2, 1])})
x = sample(r, "int8", (40, 3, 35))
add("Transpose_tiled_reversed", "Transpose", [x], [x.transpose(2, 1, 0)], {"perm": Ints([2, 1, 0])})
x = sample(r, "uint8", (2, 3, 2, 5))
add("Transpose_4d", "Transpose", [x], [x.transpose(3, 1, 0, 2)], {"perm": Ints([3, 1, 0, 2])})
add("Transpose_scalar", "Transpose", [np.float32(4)], [np.float32(4)], {"perm": Ints([])})
add("Transpose_empty", "Transpose", [np.zeros((0, 3), np.int64)], [np.zeros((3, 0), np.int64)], {"perm": Ints([1, 0])})
x = np.ones((2, 3, 4), np.float32)
fail("Transpose_rank", "Transpose", [x], "ValueError",
     "For 'Transpose', the dim of 'input_x' and 'perm' must be equal, but got 3 and 2 respectively.",
     {"perm": Ints([1, 0])})
fail("Transpose_range", "Transpose", [x], "ValueError",
     "For 'Transpose', the 'perm' must be in range [-3, 3), but got 3.", {"perm": Ints([0, 1, 3])})
fail("Transpose_repeat", "Transpose", [x], "ValueError",
     "For 'Transpose', the value of 'perm' must be a permutation of the axes, but got (0, 2, -1).",
     {"perm": Ints([0, 2, -1])})

# BroadcastTo and Tile.
for dt in DTYPES:
    x = sample(r, dt, (3,))
    add(f"BroadcastTo_{dt}", "BroadcastTo", [x], [np.broadcast_to(x, (2, 3))], {"shape": Ints([2, 3])})
for name, shp, target, want in [("inner", (2, 1), (2, 4), (2, 4)), ("keep", (2, 1), (3, -1, 5), (3, 2, 5)),
                                ("scalar", (), (2, 2), (2, 2)), ("same", (2, 3), (2, 3), (2, 3)),
                                ("empty", (1,), (0,), (0,)), ("middle", (3, 1, 2), (2, 3, 4, 2), (2, 3, 4, 2))]:
    x = sample(r, "float32", shp)
    add(f"BroadcastTo_{name}", "BroadcastTo", [x], [np.broadcast_to(x, want)], {"shape": Ints(target)})
x = np.ones((2, 3), np.float32)
fail("BroadcastTo_mismatch", "BroadcastTo", [x], "ValueError",
     "For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or input dimension is 1 or "
     "target dimension is -1. But got x_shape: (2, 3), target shape: (2, 4).", {"shape": Ints([2, 4])})
fail("BroadcastTo_leading_unknown", "BroadcastTo", [x], "ValueError",
     "For 'BroadcastTo', -1 in the target shape (-1, 2, 3) is at position 0, but -1 can only be at position 1 "
     "onwards for 'input_x' of shape (2, 3).", {"shape": Ints([-1, 2, 3])})
fail("BroadcastTo_rank", "BroadcastTo", [x], "ValueError",
     "For 'BroadcastTo', the rank of the target shape (1) must not be less than the rank of 'input_x' (2).",
     {"shape": Ints([3])})

for dt in DTYPES:
    x = sample(r, dt, (2, 3))
    add(f"Tile_{dt}", "Tile", [x], [np.tile(x, (2, 1))], {"multiples": Ints([2, 1])})
for name, shp, reps in [("longer", (2, 3), (2, 1, 2)), ("shorter", (2, 3), (2,)), ("zero", (2, 3), (0, 2)),
                        ("scalar", (), (3,)), ("ones", (2, 2), (1, 1))]:
    x = sample(r, "int32", shp)
    add(f"Tile_{name}", "Tile", [x], [np.tile(x, reps)], {"multiples": Ints(reps)})
fail("Tile_negative", "Tile", [np.ones(2, np.float32)], "ValueError",
     "For 'Tile', each element of 'multiples' must be non-negative, but got (2, -1).", {"multiples": Ints([2, -1])})

# Concat, Stack and Split.
for dt in DTYPES:
    x, y = sample(r, dt, (2, 3)), sample(r, dt, (1, 3))
    add(f"Concat_{dt}", "Concat", [x, y], [np.concatenate([x, y])], {"axis": I(0)})
xs = [sample(r, "float32", (2, k, 2)) for k in (1, 3, 0, 2)]
add("Concat_axis1_four", "Concat", xs, [np.concatenate(xs, 1)], {"axis": I(1)})
xs = [sample(r, "int64", (2, k)) for k in (2, 1, 3)]
add("Concat_negative_axis", "Concat", xs, [np.concatenate(xs, -1)], {"axis": I(-1)})
x = sample(r, "float64", (3, 2))
add("Concat_single", "Concat", [x], [x.copy()])
fail("Concat_dtype", "Concat", [np.ones(2, np.float32), np.ones(2, np.int32)], "TypeError",
     "For 'Concat', all elements must have the same dtype, but element0 is Tensor[Float32] and element1 is "
     "Tensor[Int32].")
fail("Concat_rank", "Concat", [np.ones((2, 2), np.float32), np.ones(2, np.float32)], "ValueError",
     "For 'Concat', all elements must have the same rank, but element1 has rank 1 and element0 has rank 2.")
fail("Concat_shape", "Concat", [np.ones((2, 3), np.float32), np.ones((2, 4), np.float32)], "ValueError",
     "For 'Concat', element1 shape in input can not concat with element0. To perform concat in the axis 0 "
     "direction, except for the 0th axis, all other axes must have the same shape. But got element1_shape[1]: 4, "
     "element0_shape[1]: 3.")
fail("Concat_axis", "Concat", [np.ones((2, 3), np.float32)], "ValueError",
     "For 'Concat', the 'axis' must be in range [-2, 2), but got 2.", {"axis": I(2)})
fail("Concat_scalar", "Concat", [np.float32(1), np.float32(2)], "ValueError",
     "For 'Concat', the 'axis' must be in range [0, 0), but got 0.")
fail("Concat_none", "Concat", [], "ValueError",
     "For 'Concat', the number of input tensors must be at least 1, but got 0.")

for dt in DTYPES:
    xs = [sample(r, dt, (2, 3)) for _ in range(3)]
    add(f"Stack_{dt}", "Stack", xs, [np.stack(xs)])
xs = [sample(r, "float32", (2, 3)) for _ in range(2)]
for axis in [1, 2, -1, -3]:
    add(f"Stack_axis{axis}", "Stack", xs, [np.stack(xs, axis)], {"axis": I(axis)})
add("Stack_scalars", "Stack", [np.int32(1), np.int32(2)], [np.array([1, 2], np.int32)])
fail("Stack_shape", "Stack", [np.ones((2, 3), np.float32), np.ones((3,), np.float32)], "ValueError",
     "For 'Stack', all input shapes must be the same, but element1 has shape (3,) and element0 has shape (2, 3).")
fail("Stack_axis", "Stack", xs, "ValueError", "For 'Stack', the 'axis' must be in range [-3, 3), but got 3.",
     {"axis": I(3)})

for dt in DTYPES:
    x = sample(r, dt, (4, 3))
    add(f"Split_{dt}", "Split", [x], np.split(x, 2), {"output_num": I(2)})
x = sample(r, "float32", (2, 6, 2))
add("Split_axis1", "Split", [x], np.split(x, 3, 1), {"axis": I(1), "output_num": I(3)})
add("Split_negative_axis", "Split", [x], np.split(x, 2, -1), {"axis": I(-1), "output_num": I(2)})
add("Split_one", "Split", [x], [x.copy()], {"axis": I(0)})
add("Split_sizes", "Split", [x], np.split(x, [1, 1, 4], 1), {"axis": I(1), "sizes": Ints([1, 0, 3, 2])})
fail("Split_indivisible", "Split", [x], "ValueError",
     "For 'Split', the size of axis 1 of 'input_x' (6) must be divisible by 'output_num' (4).",
     {"axis": I(1), "output_num": I(4)})
fail("Split_output_num", "Split", [x], "ValueError",
     "For 'Split', the 'output_num' must be a positive integer, but got 0.", {"output_num": I(0)})
fail("Split_sizes_sum", "Split", [x], "ValueError",
     "For 'Split', the sum of 'sizes' (2, 3) must be equal to the size of axis 1 of 'input_x' (6), but got 5.",
     {"axis": I(1), "sizes": Ints([2, 3])})
fail("Split_sizes_negative", "Split", [x], "ValueError",
     "For 'Split', each element of 'sizes' must be non-negative, but got (7, -1).",
     {"axis": I(1), "sizes": Ints([7, -1])})
fail("Split_axis", "Split", [x], "ValueError", "For 'Split', the 'axis' must be in range [-3, 3), but got -4.",
     {"axis": I(-4)})

# StridedSlice: each index is resolved to attributes as the interpreter
# resolves it, and numpy's x[index] is the answer.
E = Ellipsis
INDICES = [
    ("int", 1), ("negative_int", -1), ("reverse", slice(None, None, -1)), ("step", slice(1, 5, 2)),
    ("negative_step", slice(5, 1, -2)), ("new_axis", None), ("ellipsis_new_axis", (E, None)),
    ("slice_new_int", (slice(None), None, 1)), ("ellipsis_int", (E, 0)), ("empty", slice(10, 20)),
    ("empty_reverse", slice(0, 3, -1)), ("two_axes", (slice(None, None, -3), slice(1, -1))),
    ("clamped", slice(-100, 100)), ("scalar", (1, 2, 3)), ("new_first_int", (None, 1, slice(None, None, -2))),
    ("mixed", (slice(4, None, -1), None, 0, slice(None, None, 2), None)), ("all", E),
    ("reverse_to_start", slice(3, None, -1)), ("step_past_end", slice(0, 6, 4)),
]
x = sample(r, "float32", (6, 4, 5))
for name, index in INDICES:
    add(f"StridedSlice_{name}", "StridedSlice", [x], [x[index]], resolve(x.shape, index))
for dt in DTYPES:
    y = sample(r, dt, (5, 6))
    index = (slice(None, None, -2), slice(1, None, 2))
    add(f"StridedSlice_{dt}", "StridedSlice", [y], [y[index]], resolve(y.shape, index))
y = sample(r, "int32", (40, 64))
index = (slice(None, None, 2), slice(None, None, -1))
add("StridedSlice_large", "StridedSlice", [y], [y[index]], resolve(y.shape, index))
y = np.zeros((0, 3), np.float64)
add("StridedSlice_empty_axis_reverse", "StridedSlice", [y], [y[::-1, ::-1]],
    resolve(y.shape, (slice(None, None, -1), slice(None, None, -1))))
add("StridedSlice_of_scalar", "StridedSlice", [np.float32(3)], [np.float32(3)[None]], resolve((), None))
x = np.ones((4, 3), np.float32)
fail("StridedSlice_lengths", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the lengths of 'begin', 'end' and 'strides' must be equal, but got 2, 2 and 1.",
     {"begin": Ints([0, 0]), "end": Ints([4, 3]), "strides": Ints([1])})
fail("StridedSlice_too_many", "StridedSlice", [x], "IndexError",
     "For 'StridedSlice', too many indices for tensor of dimension 2, but got 3.",
     slice_attrs([0, 0, 0], [1, 1, 1], [1, 1, 1], shrink=[0, 1, 2]))
fail("StridedSlice_zero_step", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the slice 0:3:0 of axis 1 is not a normalized slice of size 3.",
     slice_attrs([0, 0], [4, 3], [1, 0]))
fail("StridedSlice_unnormalized", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the slice 0:-1:1 of axis 0 is not a normalized slice of size 4.",
     slice_attrs([0], [-1], [1]))
fail("StridedSlice_unnormalized_reverse", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the slice 4:-1:-1 of axis 0 is not a normalized slice of size 4.",
     slice_attrs([4], [-1], [-1]))
fail("StridedSlice_index", "StridedSlice", [x], "IndexError",
     "For 'StridedSlice', index 4 is out of bounds for axis 0 with size 4.", slice_attrs([4], [5], [1], shrink=[0]))
fail("StridedSlice_negative_index", "StridedSlice", [x], "IndexError",
     "For 'StridedSlice', index -1 is out of bounds for axis 1 with size 3.",
     slice_attrs([0, -1], [4, 0], [1, 1], shrink=[1]))
fail("StridedSlice_shrink", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', each 'shrink' axis must be a distinct one of the 1 indexed axes, but got (1,).",
     slice_attrs([0], [1], [1], shrink=[1]))
fail("StridedSlice_new_axis_order", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the 'new_axis' must be ascending positions in the output of rank 4, but got (2, 1).",
     slice_attrs([], [], [], new_axis=[2, 1]))
fail("StridedSlice_new_axis_range", "StridedSlice", [x], "ValueError",
     "For 'StridedSlice', the 'new_axis' must be ascending positions in the output of rank 3, but got (3,).",
     slice_attrs([], [], [], new_axis=[3]))

# TensorCopySlices: numpy's x[index] = value on a copy.
x = sample(r, "float32", (6, 4, 5))
SETS = [
    ("int_scalar", 1, np.float32(7)), ("int_row", -1, sample(r, "float32", (5,))),
    ("reverse", slice(None, None, -1), sample(r, "float32", (6, 4, 5))),
    ("negative_step", slice(5, 1, -2), sample(r, "float32", (1, 5))),
    ("new_axis", (slice(None), None, 1), sample(r, "float32", (6, 1, 5))),
    ("leading_ones", (E, 0), sample(r, "float32", (1, 1, 6, 4))),
    ("empty", slice(10, 20), np.float32(1)), ("scalar_elem", (1, 2, 3), np.float32(-1)),
    ("mixed", (slice(4, None, -1), None, 0, slice(None, None, 2)), sample(r, "float32", (5, 1, 3))),
]
for name, index, value in SETS:
    want = x.copy()
    want[index] = value
    add(f"TensorCopySlices_{name}", "TensorCopySlices", [x, value], [want], resolve(x.shape, index))
for dt in DTYPES:
    y, v = sample(r, dt, (5, 6)), sample(r, dt, (3,))
    index = (slice(None, None, -2), slice(1, None, 2))
    want = y.copy()
    want[index] = v
    add(f"TensorCopySlices_{dt}", "TensorCopySlices", [y, v], [want], resolve(y.shape, index))
y = sample(r, "int32", (3, 4))
for name, v in [("float_into_int", np.array([2.7, -3.9], np.float64)), ("bool_into_int", np.array(True))]:
    want = y.copy()
    want[1:, 1] = v
    add(f"TensorCopySlices_{name}", "TensorCopySlices", [y, v], [want], resolve(y.shape, (slice(1, None), 1)))
yf = sample(r, "float16", (4,))
want = yf.copy()
with np.errstate(over="ignore"):
    want[::3] = np.array([1.0009765625, 70000], np.float64).astype(np.float16)
add("TensorCopySlices_float64_into_float16", "TensorCopySlices",
    [yf, np.array([1.0009765625, 70000], np.float64)], [want], resolve(yf.shape, slice(None, None, 3)))
fail("TensorCopySlices_broadcast", "TensorCopySlices", [np.ones((4, 3), np.float32), np.ones(3, np.float32)],
     "ValueError", "For 'TensorCopySlices', could not broadcast input array from shape (3,) into shape (2,).",
     resolve((4, 3), (1, slice(0, 2))))
fail("TensorCopySlices_broadcast_rank", "TensorCopySlices", [np.ones((4, 3), np.float32),
                                                              np.ones((2, 1, 3), np.float32)],
     "ValueError", "For 'TensorCopySlices', could not broadcast input array from shape (2, 1, 3) into shape (3,).",
     resolve((4, 3), 1))
fail("TensorCopySlices_index", "TensorCopySlices", [np.ones((4, 3), np.float32), np.float32(0)], "IndexError",
     "For 'TensorCopySlices', index 5 is out of bounds for axis 0 with size 4.", slice_attrs([5], [6], [1], shrink=[0]))

# Gather, GatherNd and TensorScatterUpdate.
for dt in DTYPES:
    x = sample(r, dt, (4, 3))
    idx = np.array([3, 0, -1, 1, 1], np.int32)
    add(f"Gather_{dt}", "Gather", [x, idx], [np.take(x, idx, 0)], {"axis": I(0)})
x = sample(r, "float32", (3, 4, 5))
for axis in [0, 1, 2, -1, -2]:
    idx = r.integers(-x.shape[axis], x.shape[axis], (2, 3)).astype(np.int64)
    add(f"Gather_axis{axis}", "Gather", [x, idx], [np.take(x, idx, axis)], {"axis": I(axis)})
add("Gather_default_axis", "Gather", [x, np.int64(-2)], [np.take(x, -2, 0)])
add("Gather_empty_indices", "Gather", [x, np.zeros((0,), np.int32)], [np.take(x, np.zeros(0, np.int32), 1)],
    {"axis": I(1)})
x0, i0 = np.zeros((2, 0), np.float32), np.zeros((0,), np.int64)
add("Gather_from_empty_axis", "Gather", [x0, i0], [np.take(x0, i0, 1)], {"axis": I(1)})
fail("Gather_index_dtype", "Gather", [x, np.zeros(2, np.float32)], "TypeError",
     "For 'Gather', the 'input_indices' must be a Tensor[Int32] or Tensor[Int64], but got Tensor[Float32].")
fail("Gather_out_of_range", "Gather", [x, np.array([0, 5, 1], np.int32)], "IndexError",
     "For 'Gather', the index 5 is out of range [-4, 4) of axis 1.", {"axis": I(1)})
fail("Gather_negative_out_of_range", "Gather", [x, np.array([[0], [-4]], np.int64)], "IndexError",
     "For 'Gather', the index -4 is out of range [-3, 3) of axis 0.")
fail("Gather_axis", "Gather", [x, np.zeros(2, np.int32)], "ValueError",
     "For 'Gather', the 'axis' must be in range [-3, 3), but got 3.", {"axis": I(3)})

x = sample(r, "int16", (3, 4, 2))
for name, idx in [("rows", np.array([[2], [0], [-1]], np.int32)), ("pairs", np.array([[0, 1], [2, -1]], np.int64)),
                  ("elements", np.array([[[0, 0, 1]], [[2, 3, 0]]], np.int32)),
                  ("empty", np.zeros((0, 2), np.int64))]:
    got = x[tuple(np.moveaxis(idx, -1, 0))]
    add(f"GatherNd_{name}", "GatherNd", [x, idx], [got])
add("GatherNd_bool", "GatherNd", [np.array([True, False, True]), np.array([[2], [1]], np.int32)],
    [np.array([True, False])])
fail("GatherNd_depth", "GatherNd", [x, np.zeros((2, 4), np.int32)], "ValueError",
     "For 'GatherNd', the last dim of 'indices' must be in range [1, 3], the rank of 'input_x', but got 4.")
fail("GatherNd_scalar_indices", "GatherNd", [x, np.int32(0)], "ValueError",
     "For 'GatherNd', the rank of 'indices' must be at least 1, but got 0.")
fail("GatherNd_out_of_range", "GatherNd", [x, np.array([[0, 1], [1, 4]], np.int32)], "IndexError",
     "For 'GatherNd', the index 4 is out of range [-4, 4) of axis 1.")
fail("GatherNd_index_dtype", "GatherNd", [x, np.zeros((1, 1), np.uint8)], "TypeError",
     "For 'GatherNd', the 'indices' must be a Tensor[Int32] or Tensor[Int64], but got Tensor[UInt8].")


def scatter(x, idx, upd):
    out = x.copy()
    flat = idx.reshape(-1, idx.shape[-1])
    u = upd.reshape((flat.shape[0],) + x.shape[idx.shape[-1]:])
    for j, t in enumerate(flat):
        out[tuple(t)] = u[j]
    return out


for dt in DTYPES:
    x = sample(r, dt, (4, 3))
    idx = np.array([[2], [-4]], np.int64)
    upd = sample(r, dt, (2, 3))
    add(f"TensorScatterUpdate_{dt}", "TensorScatterUpdate", [x, idx, upd], [scatter(x, idx, upd)])
x = sample(r, "float32", (3, 4))
idx = np.array([[0, 1], [2, 3], [0, 1]], np.int32)
upd = np.array([1, 2, 3], np.float32)
add("TensorScatterUpdate_duplicates", "TensorScatterUpdate", [x, idx, upd], [scatter(x, idx, upd)])
idx = np.array([[[1], [0]]], np.int64)
upd = sample(r, "float32", (1, 2, 4))
add("TensorScatterUpdate_batched", "TensorScatterUpdate", [x, idx, upd], [scatter(x, idx, upd)])
fail("TensorScatterUpdate_dtype", "TensorScatterUpdate", [x, np.array([[0]], np.int32), np.ones((1, 4), np.int32)],
     "TypeError", "For 'TensorScatterUpdate', the dtype of 'updates' must be the same as 'input_x' (Float32), "
     "but got Int32.")
fail("TensorScatterUpdate_shape", "TensorScatterUpdate", [x, np.array([[0]], np.int32), np.ones(4, np.float32)],
     "ValueError", "For 'TensorScatterUpdate', the shape of 'updates' must be (1, 4), but got (4,).")
fail("TensorScatterUpdate_out_of_range", "TensorScatterUpdate",
     [x, np.array([[3]], np.int32), np.ones((1, 4), np.float32)], "IndexError",
     "For 'TensorScatterUpdate', the index 3 is out of range [-3, 3) of axis 0.")

# Boolean masks.
for dt in DTYPES:
    x, m = sample(r, dt, (2, 3)), sample(r, "bool", (2, 3))
    add(f"MaskedSelect_{dt}", "MaskedSelect", [x, m], [x[m]])
x = sample(r, "float32", (2, 3))
m = np.array([True, False, True])
add("MaskedSelect_broadcast_mask", "MaskedSelect", [x, m], [np.broadcast_to(x, (2, 3))[np.broadcast_to(m, (2, 3))]])
m = np.array([[True], [False], [True]])
xb, mb = np.broadcast_arrays(np.array([1, 2], np.int32), m)
add("MaskedSelect_broadcast_both", "MaskedSelect", [np.array([1, 2], np.int32), m], [xb[mb]])
add("MaskedSelect_none", "MaskedSelect", [x, np.zeros((2, 3), bool)], [np.zeros(0, np.float32)])
fail("MaskedSelect_mask_dtype", "MaskedSelect", [x, np.ones((2, 3), np.int32)], "TypeError",
     "For 'MaskedSelect', the 'mask' must be a Tensor[Bool], but got Tensor[Int32].")
fail("MaskedSelect_broadcast", "MaskedSelect", [x, np.ones(2, bool)], "ValueError",
     "For 'MaskedSelect', x.shape (2, 3) and y.shape (2,) cannot broadcast.")

for dt in DTYPES:
    x, m = sample(r, dt, (2, 3)), sample(r, "bool", (2, 3))
    v = sample(r, dt, ())
    add(f"MaskedFill_{dt}", "MaskedFill", [x, m, v], [np.where(m, v, x)])
x = sample(r, "int32", (2, 3))
m = np.array([True, False, True])
add("MaskedFill_cast_value", "MaskedFill", [x, m, np.float64(-2.5)], [np.where(m, np.int32(-2), x)])
v = np.array([10, 20, 30], np.int32)
add("MaskedFill_row_value", "MaskedFill", [x, m, v], [np.where(m, v, x)])
m = np.array([[True], [False]])
add("MaskedFill_broadcast_x", "MaskedFill", [np.array([1.5, 2.5], np.float64), m, np.float64(0)],
    [np.where(m, 0.0, np.array([1.5, 2.5]))])
fail("MaskedFill_mask_dtype", "MaskedFill", [x, np.ones(3, np.float32), np.int32(0)], "TypeError",
     "For 'MaskedFill', the 'mask' must be a Tensor[Bool], but got Tensor[Float32].")
fail("MaskedFill_value_shape", "MaskedFill", [x, np.ones(3, bool), np.ones(2, np.int32)], "ValueError",
     "For 'MaskedFill', could not broadcast input array from shape (2,) into shape (2, 3).")


def masked_scatter(x, m, upd):
    out = x.copy()
    m = np.broadcast_to(m, x.shape)
    out[m] = upd.reshape(-1)[:m.sum()]
    return out


for dt in DTYPES:
    x, m = sample(r, dt, (2, 3)), sample(r, "bool", (2, 3))
    upd = sample(r, dt, (int(m.sum()),))
    add(f"MaskedScatter_{dt}", "MaskedScatter", [x, m, upd], [masked_scatter(x, m, upd)])
x = sample(r, "float32", (3, 2))
m = np.array([False, True])
upd = sample(r, "float32", (2, 3))
add("MaskedScatter_broadcast_extra", "MaskedScatter", [x, m, upd], [masked_scatter(x, m, upd)])
fail("MaskedScatter_too_few", "MaskedScatter", [x, m, np.ones(2, np.float32)], "ValueError",
     "For 'MaskedScatter', the number of elements of 'updates' (2) must be at least the number of true elements "
     "of 'mask' (3).")
fail("MaskedScatter_dtype", "MaskedScatter", [x, m, np.ones(3, np.float64)], "TypeError",
     "For 'MaskedScatter', the dtype of 'updates' must be the same as 'input_x' (Float32), but got Float64.")
fail("MaskedScatter_mask_shape", "MaskedScatter", [x, np.ones(3, bool), np.ones(9, np.float32)], "ValueError",
     "For 'MaskedScatter', could not broadcast input array from shape (3,) into shape (3, 2).")


# OneHot.
def one_hot(idx, depth, on=1.0, off=0.0, axis=-1, dtype=np.float32):
    hot = idx[..., None] == np.arange(depth)
    out = np.where(hot, on, off).astype(dtype)
    return np.moveaxis(out, -1, axis if axis >= 0 else out.ndim - 1)


idx = np.array([0, 2, -1, 3, 1], np.int32)
add("OneHot_default", "OneHot", [idx], [one_hot(idx, 3)], {"depth": I(3)})
idx = np.array([[1, 0, 4], [2, 2, -3]], np.int64)
for axis in [-1, 0, 1, 2]:
    add(f"OneHot_axis{axis}", "OneHot", [idx], [one_hot(idx, 4, axis=axis)], {"depth": I(4), "axis": I(axis)})
for dt in DTYPES:
    add(f"OneHot_{dt}", "OneHot", [idx], [one_hot(idx, 3, 5, -2, dtype=dt)],
        {"depth": I(3), "on_value": F(5), "off_value": F(-2), "dtype": D(dt)})
add("OneHot_int_values", "OneHot", [idx], [one_hot(idx, 3, 7, 1, dtype=np.int64)],
    {"depth": I(3), "on_value": I(7), "off_value": I(1), "dtype": D("int64")})
add("OneHot_depth0", "OneHot", [idx], [one_hot(idx, 0)], {"depth": I(0)})
add("OneHot_scalar", "OneHot", [np.int32(1)], [one_hot(np.int32(1), 3)], {"depth": I(3)})
fail("OneHot_index_dtype", "OneHot", [np.ones(2, np.float32)], "TypeError",
     "For 'OneHot', the 'indices' must be a Tensor[Int32] or Tensor[Int64], but got Tensor[Float32].",
     {"depth": I(2)})
fail("OneHot_axis", "OneHot", [idx], "ValueError", "For 'OneHot', the 'axis' must be in range [-1, 2], but got 3.",
     {"depth": I(2), "axis": I(3)})
fail("OneHot_depth", "OneHot", [idx], "ValueError",
     "For 'OneHot', the 'depth' must be greater than or equal to 0, but got -1.", {"depth": I(-1)})

# The constant makers.
for dt in DTYPES:
    add(f"Fill_{dt}", "Fill", [], [np.full((2, 3), 2.75).astype(dt)],
        {"shape": Ints([2, 3]), "dtype": D(dt), "value": F(2.75)})
    x = sample(r, dt, (3, 2))
    add(f"ZerosLike_{dt}", "ZerosLike", [x], [np.zeros_like(x)])
    add(f"OnesLike_{dt}", "OnesLike", [x], [np.ones_like(x)])
add("Fill_default_dtype", "Fill", [], [np.full((2,), -1.5, np.float32)], {"shape": Ints([2]), "value": F(-1.5)})
add("Fill_int", "Fill", [], [np.full((3,), 2**40 + 1, np.int64)],
    {"shape": Ints([3]), "dtype": D("int64"), "value": I(2**40 + 1)})
add("Fill_int_wraps", "Fill", [], [np.full((2,), 300, np.int64).astype(np.uint8)],
    {"shape": Ints([2]), "dtype": D("uint8"), "value": I(300)})
add("Fill_bool_value", "Fill", [], [np.full((2, 2), True)],
    {"shape": Ints([2, 2]), "dtype": D("bool"), "value": B(True)})
add("Fill_scalar", "Fill", [], [np.float64(3)], {"shape": Ints([]), "dtype": D("float64"), "value": I(3)})
add("Fill_empty", "Fill", [], [np.zeros((0, 4), np.int32)], {"shape": Ints([0, 4]), "dtype": D("int32"), "value": I(1)})
fail("Fill_negative", "Fill", [], "ValueError",
     "For 'Fill', each dim of 'shape' must be non-negative, but got (2, -1).", {"shape": Ints([2, -1]), "value": F(0)})
fail("Fill_value", "Fill", [], "TypeError", "For 'Fill', the 'value' must be a number or bool, but got same.",
     {"shape": Ints([2]), "value": {"str": "same"}})
add("ZerosLike_empty", "ZerosLike", [np.ones((0, 2), np.float32)], [np.zeros((0, 2), np.float32)])
add("OnesLike_scalar", "OnesLike", [np.int8(5)], [np.int8(1)])

for name, (start, limit, delta), attrs, want in [
    ("ints", (0, 5, 1), {}, np.arange(0, 5, 1)),
    ("ints_down", (5, -4, -2), {}, np.arange(5, -4, -2)),
    ("ints_uneven", (1, 10, 4), {}, np.arange(1, 10, 4)),
    ("floats", (0.0, 1.0, 0.25), {}, np.arange(0.0, 1.0, 0.25, np.float32)),
    ("floats_down", (2.5, -1.0, -0.5), {}, np.arange(2.5, -1.0, -0.5, np.float32)),
    ("float64", (1.0, 2.0, 0.125), {"dtype": D("float64")}, np.arange(1.0, 2.0, 0.125)),
    ("int32", (3, 9, 2), {"dtype": D("int32")}, np.arange(3, 9, 2, np.int32)),
    ("float16", (0, 3, 1), {"dtype": D("float16")}, np.arange(0, 3, 1, np.float16)),
    ("empty", (4, 4, 1), {}, np.arange(4, 4, 1)),
]:
    vals = [I(v) if isinstance(v, int) else F(v) for v in (start, limit, delta)]
    attrs = dict(attrs, start=vals[0], limit=vals[1], delta=vals[2])
    add(f"Range_{name}", "Range", [], [want], attrs)
fail("Range_zero", "Range", [], "ValueError", "For 'Range', delta cannot be equal to zero.",
     {"start": I(0), "limit": I(5), "delta": I(0)})
fail("Range_positive", "Range", [], "ValueError", "For 'Range', delta cannot be positive when limit < start.",
     {"start": I(5), "limit": I(0), "delta": I(1)})
fail("Range_negative", "Range", [], "ValueError", "For 'Range', delta cannot be negative when limit > start.",
     {"start": F(0), "limit": F(5), "delta": F(-1)})
fail("Range_bool", "Range", [], "TypeError", "For 'Range', the 'dtype' must be a number type, but got Bool.",
     {"start": I(0), "limit": I(2), "delta": I(1), "dtype": D("bool")})

write("shape", cases)
