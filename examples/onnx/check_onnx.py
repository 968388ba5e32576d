#!/usr/bin/env python3
"""Checks the ONNX models export_models.py writes to DIR with the onnx
package (Debian's python3-onnx 1.12):

- onnx.checker.check_model(full_check=True) passes;
- strict shape inference from the inputs alone (the model's own value_info
  and output shapes taken out) gives every value the dtype and shape the
  model declares, its outputs included;
- a small numpy evaluator of the operators these models use computes, from
  NAME_input.npy, what msrepl computed (NAME_output.npy). onnx's reference
  evaluator arrived in 1.13, so the evaluator is here.

    check_onnx.py DIR
"""
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import numpy_helper, shape_inference


def declared(values):
    return {v.name: (v.type.tensor_type.elem_type, [d.dim_value for d in v.type.tensor_type.shape.dim]) for v in values}


def check_shapes(model):
    bare = onnx.ModelProto()
    bare.CopyFrom(model)
    del bare.graph.value_info[:]
    for o in bare.graph.output:
        o.type.tensor_type.ClearField("shape")
    inferred = shape_inference.infer_shapes(bare, strict_mode=True)
    want = declared(list(model.graph.value_info) + list(model.graph.output))
    got = declared(list(inferred.graph.value_info) + list(inferred.graph.output))
    for name, typ in want.items():
        if got.get(name) != typ:
            raise AssertionError(f"{name}: inferred {got.get(name)}, declared {typ}")
    return len(want)


def windows(x, kernel, strides, dilations=(1, 1)):
    """The (kh, kw) strided views of an NCHW array, one per kernel offset."""
    oh = (x.shape[2] - dilations[0] * (kernel[0] - 1) - 1) // strides[0] + 1
    ow = (x.shape[3] - dilations[1] * (kernel[1] - 1) - 1) // strides[1] + 1
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            h, w = i * dilations[0], j * dilations[1]
            yield i, j, x[:, :, h:h + strides[0] * (oh - 1) + 1:strides[0], w:w + strides[1] * (ow - 1) + 1:strides[1]]


def pad(x, pads, value=0.0):
    top, left, bottom, right = pads
    return np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)), constant_values=value)


def conv(x, w, b=None, kernel_shape=None, strides=(1, 1), pads=(0, 0, 0, 0), dilations=(1, 1), group=1):
    x, (m, cg) = pad(x, pads), w.shape[:2]
    mg = m // group
    out = None
    for i, j, win in windows(x, w.shape[2:], strides, dilations):
        part = np.concatenate([np.einsum("nchw,mc->nmhw", win[:, g * cg:(g + 1) * cg], w[g * mg:(g + 1) * mg, :, i, j])
                               for g in range(group)], axis=1)
        out = part if out is None else out + part
    return out if b is None else out + b.reshape(1, -1, 1, 1)


def max_pool(x, kernel_shape, strides=(1, 1), pads=(0, 0, 0, 0)):
    return np.max([win for _, _, win in windows(pad(x, pads, -np.inf), kernel_shape, strides)], axis=0)


def gemm(a, b, c=None, transA=0, transB=0, alpha=1.0, beta=1.0):
    y = alpha * ((a.T if transA else a) @ (b.T if transB else b))
    return y if c is None else y + beta * c


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


OPS = {
    "Conv": conv,
    "MaxPool": max_pool,
    "Gemm": gemm,
    "Add": np.add,
    "Relu": lambda x: np.maximum(x, 0),
    "Reshape": lambda x, shape: x.reshape(shape),
    "Softmax": softmax,
}


def run(model, x):
    """Evaluates the model's nodes in order, in float64."""
    values = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    values = {k: v.astype(np.float64) if v.dtype == np.float32 else v for k, v in values.items()}
    values[model.graph.input[0].name] = x.astype(np.float64)
    for node in model.graph.node:
        if node.op_type not in OPS:
            raise AssertionError(f"no numpy form for {node.op_type}: add one to check_onnx.py")
        attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
        values[node.output[0]] = OPS[node.op_type](*[values[i] for i in node.input], **attrs)
    return values[model.graph.output[0].name]


def main(folder):
    for name in ["mlp", "lenet5"]:
        model = onnx.load(str(folder / f"{name}.onnx"))
        onnx.checker.check_model(model, full_check=True)
        typed = check_shapes(model)
        x, want = np.load(folder / f"{name}_input.npy"), np.load(folder / f"{name}_output.npy")
        got = run(model, x)
        worst = np.max(np.abs(got - want) / np.maximum(1, np.abs(want)))
        if got.shape != want.shape or not worst <= 1e-5:
            raise AssertionError(f"{name}: numpy computes {got.shape}, msrepl {want.shape}; largest difference {worst:.3g}")
        ops = sorted({n.op_type for n in model.graph.node})
        print(f"{name}.onnx: opset {model.opset_import[0].version}, {len(model.graph.node)} nodes ({', '.join(ops)}), "
              f"checker passed, {typed} shapes inferred as declared, outputs reproduced (largest difference {worst:.2g})")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
