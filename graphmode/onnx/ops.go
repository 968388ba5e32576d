package onnx

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/graphmode/onnx/onnxpb"
	"msrepl/tensor"
)

// A form writes the ONNX operators that compute one application of a
// primitive, into the value c.names gives the node.
type form func(c *converter, n *ir.Node) error

// The dtypes ONNX's operators take in opset 17, of those msrepl has; nil
// stands for all of them.
var (
	floats   = []tensor.DType{tensor.Float16, tensor.Float32, tensor.Float64}
	integers = []tensor.DType{tensor.UInt8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64}
	wide     = append([]tensor.DType{tensor.Int32, tensor.Int64}, floats...) // Gemm, MatMul, Pow, the reductions
	signed   = append([]tensor.DType{tensor.Int8, tensor.Int16}, wide...)    // Neg, Relu
	numeric  = append(slices.Clip(integers), floats...)                      // all but Bool
)

// forms are the primitives that have an ONNX form, by name. Elementwise
// primitives promote their operands' dtypes, which ONNX's do not: the
// operands are cast to the dtype the primitive computes in.
var forms = map[string]form{
	"Neg": elementwise("Neg", signed), "Abs": elementwise("Abs", numeric), "ReLU": elementwise("Relu", signed),
	"Sign": elementwise("Sign", numeric), "Floor": elementwise("Floor", floats), "Ceil": elementwise("Ceil", floats),
	"Round": elementwise("Round", floats), "Exp": elementwise("Exp", floats), "Log": elementwise("Log", floats),
	"Sqrt": elementwise("Sqrt", floats), "Reciprocal": elementwise("Reciprocal", floats), "Sin": elementwise("Sin", floats),
	"Cos": elementwise("Cos", floats), "Tan": elementwise("Tan", floats), "Tanh": elementwise("Tanh", floats),
	"Sigmoid": elementwise("Sigmoid", floats), "Erf": elementwise("Erf", numeric), "Softplus": elementwise("Softplus", floats),
	"Square": square, "Rsqrt": rsqrt,

	"Add": elementwise("Add", numeric), "Sub": elementwise("Sub", numeric), "Mul": elementwise("Mul", numeric),
	"Div": elementwise("Div", numeric), "Pow": elementwise("Pow", wide), "FloorDiv": floorDiv, "FloorMod": floorMod,
	"Maximum": elementwise("Max", numeric), "Minimum": elementwise("Min", numeric),

	"Equal": compare("Equal", nil), "NotEqual": compare("Equal", nil),
	"Less": compare("Less", numeric), "LessEqual": compare("LessOrEqual", numeric),
	"Greater": compare("Greater", numeric), "GreaterEqual": compare("GreaterOrEqual", numeric),
	"LogicalAnd": logical("And"), "LogicalOr": logical("Or"), "LogicalXor": logical("Xor"), "LogicalNot": logical("Not"),
	"Select": where,

	"Cast": cast, "Identity": identity, "StopGradient": identity,
	"Reshape": reshape, "ExpandDims": reshape, "Squeeze": reshape, "Flatten": reshape,
	"Transpose": transpose, "BroadcastTo": expand, "Concat": concat, "Gather": gather, "StridedSlice": stridedSlice,

	"MatMul": gemm, "BatchMatMul": batchMatMul, "BiasAdd": biasAdd,
	"Conv2D": conv, "MaxPool": pool("MaxPool"), "AvgPool": pool("AveragePool"),
	"Softmax": softmax("Softmax"), "LogSoftmax": softmax("LogSoftmax"),

	"ReduceSum": reduce("ReduceSum"), "ReduceMean": reduce("ReduceMean"), "ReduceProd": reduce("ReduceProd"),
	"ReduceMax": reduce("ReduceMax"), "ReduceMin": reduce("ReduceMin"),
	"Argmax": argExtreme("ArgMax"), "Argmin": argExtreme("ArgMin"),
}

// takes refuses a dtype that the ONNX operators for n do not take.
func takes(n *ir.Node, dt tensor.DType, types []tensor.DType) error {
	if types == nil || slices.Contains(types, dt) {
		return nil
	}
	return &Error{Node: n, Op: n.Prim.Name, Why: fmt.Sprintf("has no ONNX form for %v tensors", dt)}
}

// elementwise is op on the operands cast to the result's dtype.
func elementwise(op string, types []tensor.DType) form {
	return func(c *converter, n *ir.Node) error {
		dt := n.Meta().DType
		if err := takes(n, dt, types); err != nil {
			return err
		}
		ins := make([]string, len(n.Inputs))
		for i := range n.Inputs {
			ins[i] = c.in(n, i, dt)
		}
		c.add(n, op, ins, c.names[n])
		return nil
	}
}

func square(c *converter, n *ir.Node) error {
	dt := n.Meta().DType
	if err := takes(n, dt, numeric); err != nil {
		return err
	}
	x := c.in(n, 0, dt)
	c.add(n, "Mul", []string{x, x}, c.names[n])
	return nil
}

func rsqrt(c *converter, n *ir.Node) error {
	dt := n.Meta().DType
	if err := takes(n, dt, floats); err != nil {
		return err
	}
	root := c.temp(n)
	c.add(n, "Sqrt", []string{c.in(n, 0, dt)}, root)
	c.add(n, "Reciprocal", []string{root}, c.names[n])
	return nil
}

// floorDiv is Python's //. Of floats it is Floor of Div, which numpy's
// divmod can beat by an ulp where the quotient rounds to an integer; of
// integers it is exact: (x - x mod y) / y, where Mod with fmod 0 is
// Python's %.
func floorDiv(c *converter, n *ir.Node) error {
	dt := n.Meta().DType
	if err := takes(n, dt, numeric); err != nil {
		return err
	}
	x, y := c.in(n, 0, dt), c.in(n, 1, dt)
	if dt.IsFloat() {
		q := c.temp(n)
		c.add(n, "Div", []string{x, y}, q)
		c.add(n, "Floor", []string{q}, c.names[n])
		return nil
	}
	r, d := c.temp(n), c.temp(n)
	c.add(n, "Mod", []string{x, y}, r)
	c.add(n, "Sub", []string{x, r}, d)
	c.add(n, "Div", []string{d, y}, c.names[n])
	return nil
}

// floorMod is Python's % of integers, ONNX's Mod with fmod 0, which ONNX
// does not define for floats.
func floorMod(c *converter, n *ir.Node) error {
	dt := n.Meta().DType
	if err := takes(n, dt, integers); err != nil {
		return err
	}
	c.add(n, "Mod", []string{c.in(n, 0, dt), c.in(n, 1, dt)}, c.names[n])
	return nil
}

// compare is a comparison of the operands cast to their promoted dtype;
// NotEqual is Equal negated.
func compare(op string, types []tensor.DType) form {
	return func(c *converter, n *ir.Node) error {
		dt := tensor.Promote(n.Inputs[0].Meta().DType, n.Inputs[1].Meta().DType)
		if err := takes(n, dt, types); err != nil {
			return err
		}
		ins := []string{c.in(n, 0, dt), c.in(n, 1, dt)}
		if n.Prim.Name != "NotEqual" {
			c.add(n, op, ins, c.names[n])
			return nil
		}
		eq := c.temp(n)
		c.add(n, op, ins, eq)
		c.add(n, "Not", []string{eq}, c.names[n])
		return nil
	}
}

// logical is op on the operands read as Bool.
func logical(op string) form {
	return func(c *converter, n *ir.Node) error {
		ins := make([]string, len(n.Inputs))
		for i := range n.Inputs {
			ins[i] = c.in(n, i, tensor.Bool)
		}
		c.add(n, op, ins, c.names[n])
		return nil
	}
}

func where(c *converter, n *ir.Node) error {
	dt := n.Meta().DType
	c.add(n, "Where", []string{c.in(n, 0, tensor.Bool), c.in(n, 1, dt), c.in(n, 2, dt)}, c.names[n])
	return nil
}

func cast(c *converter, n *ir.Node) error {
	c.add(n, "Cast", []string{c.value(n.Inputs[0])}, c.names[n], intAttr("to", int(elemType(n.Meta().DType))))
	return nil
}

func identity(c *converter, n *ir.Node) error {
	c.add(n, "Identity", []string{c.value(n.Inputs[0])}, c.names[n])
	return nil
}

// reshape gives the input the result's shape, which is static: Reshape,
// ExpandDims, Squeeze and Flatten alike.
func reshape(c *converter, n *ir.Node) error {
	c.reshape(n, c.value(n.Inputs[0]), n.Meta().Shape, c.names[n])
	return nil
}

// reshape writes a Reshape of x to shape into out.
func (c *converter) reshape(n *ir.Node, x string, shape []int, out string) {
	var attrs []*onnxpb.AttributeProto
	if slices.Contains(shape, 0) {
		// Else ONNX reads a 0 as "the input's dim here".
		attrs = append(attrs, intAttr("allowzero", 1))
	}
	c.add(n, "Reshape", []string{x, c.int64s(n, shape)}, out, attrs...)
}

func transpose(c *converter, n *ir.Node) error {
	rank := len(n.Meta().Shape)
	perm := ints(n.Attrs["perm"])
	for i := range perm {
		perm[i] = axisIn(perm[i], rank)
	}
	c.add(n, "Transpose", []string{c.value(n.Inputs[0])}, c.names[n], intsAttr("perm", perm))
	return nil
}

func expand(c *converter, n *ir.Node) error {
	c.add(n, "Expand", []string{c.value(n.Inputs[0]), c.int64s(n, n.Meta().Shape)}, c.names[n])
	return nil
}

func concat(c *converter, n *ir.Node) error {
	m := n.Meta()
	ins := make([]string, len(n.Inputs))
	for i := range n.Inputs {
		ins[i] = c.in(n, i, m.DType)
	}
	c.add(n, "Concat", ins, c.names[n], intAttr("axis", axisIn(n.Attrs.Int("axis", 0), len(m.Shape))))
	return nil
}

func gather(c *converter, n *ir.Node) error {
	axis := axisIn(n.Attrs.Int("axis", 0), len(n.Inputs[0].Meta().Shape))
	c.add(n, "Gather", []string{c.value(n.Inputs[0]), c.value(n.Inputs[1])}, c.names[n], intAttr("axis", axis))
	return nil
}

// stridedSlice is a Slice of the indexed axes, whose begin, end and
// strides are Python's normalized slices, then a Reshape to the result's
// shape when integers drop axes or None adds them.
func stridedSlice(c *converter, n *ir.Node) error {
	a := n.Attrs
	begin, end, strides, shrink := ints(a["begin"]), ints(a["end"]), ints(a["strides"]), ints(a["shrink"])
	x := c.value(n.Inputs[0])
	reshaped := len(shrink) > 0 || len(ints(a["new_axis"])) > 0 || len(begin) == 0
	if len(begin) > 0 {
		var starts, ends, axes, steps []int
		for d := range begin {
			b, e, s := begin[d], end[d], strides[d]
			switch {
			case slices.Contains(shrink, d):
				e, s = b+1, 1
			case s < 0 && b == -1:
				// Nothing, from before index 0; ONNX reads -1 as the
				// last index.
				b, e, s = 0, 0, 1
			case s < 0 && e == -1:
				// Down to index 0 included: ONNX clamps an end below
				// -size there.
				e = math.MinInt64
			}
			starts, ends, axes, steps = append(starts, b), append(ends, e), append(axes, d), append(steps, s)
		}
		out := c.names[n]
		if reshaped {
			out = c.temp(n)
		}
		c.add(n, "Slice", []string{x, c.int64s(n, starts), c.int64s(n, ends), c.int64s(n, axes), c.int64s(n, steps)}, out)
		x = out
	}
	if reshaped {
		c.reshape(n, x, n.Meta().Shape, c.names[n])
	}
	return nil
}

// gemm is MatMul, whose operands are matrices: Gemm transposes them as
// MatMul's attributes say.
func gemm(c *converter, n *ir.Node) error {
	if err := takes(n, n.Meta().DType, wide); err != nil {
		return err
	}
	var attrs []*onnxpb.AttributeProto
	if n.Attrs.Bool("transpose_a", false) {
		attrs = append(attrs, intAttr("transA", 1))
	}
	if n.Attrs.Bool("transpose_b", false) {
		attrs = append(attrs, intAttr("transB", 1))
	}
	c.add(n, "Gemm", []string{c.value(n.Inputs[0]), c.value(n.Inputs[1])}, c.names[n], attrs...)
	return nil
}

// batchMatMul is ONNX's MatMul, which broadcasts the batch dims as
// BatchMatMul does, after a Transpose of the last two axes of each
// operand BatchMatMul transposes.
func batchMatMul(c *converter, n *ir.Node) error {
	if err := takes(n, n.Meta().DType, wide); err != nil {
		return err
	}
	ins := make([]string, 2)
	for i, flag := range []string{"transpose_a", "transpose_b"} {
		ins[i] = c.value(n.Inputs[i])
		if !n.Attrs.Bool(flag, false) {
			continue
		}
		r := len(n.Inputs[i].Meta().Shape)
		perm := make([]int, r)
		for k := range perm {
			perm[k] = k
		}
		perm[r-2], perm[r-1] = r-1, r-2
		t := c.temp(n)
		c.add(n, "Transpose", []string{ins[i]}, t, intsAttr("perm", perm))
		ins[i] = t
	}
	c.add(n, "MatMul", ins, c.names[n])
	return nil
}

// biasAdd is an Add, with the bias reshaped to [C, 1, …, 1] when its
// channel axis is not the last, since ONNX broadcasts from the right.
func biasAdd(c *converter, n *ir.Node) error {
	if err := takes(n, n.Meta().DType, numeric); err != nil {
		return err
	}
	x, bias := c.value(n.Inputs[0]), c.value(n.Inputs[1])
	if r := len(n.Meta().Shape); r > 2 && n.Attrs.String("data_format", "NCHW") != "NHWC" {
		shape := slices.Repeat([]int{1}, r-1)
		shape[0] = n.Inputs[1].Meta().Shape[0]
		t := c.temp(n)
		c.reshape(n, bias, shape, t)
		bias = t
	}
	c.add(n, "Add", []string{x, bias}, c.names[n])
	return nil
}

// conv is Conv2D as Conv, whose padding is always explicit: MindSpore's
// pad is (top, bottom, left, right), ONNX's pads (top, left, bottom,
// right); "same" is worked out from the static shapes.
func conv(c *converter, n *ir.Node) error {
	x, w, y := n.Inputs[0].Meta(), n.Inputs[1].Meta(), n.Meta()
	if err := takes(n, y.DType, floats); err != nil {
		return err
	}
	kernel := [2]int{w.Shape[2], w.Shape[3]}
	stride, dilation := hw(n.Attrs["stride"]), hw(n.Attrs["dilation"])
	var pads [4]int
	switch strings.ToLower(n.Attrs.String("pad_mode", "valid")) {
	case "pad":
		var p [4]int
		switch v := n.Attrs["pad"].(type) {
		case int:
			p = [4]int{v, v, v, v}
		case []int:
			p = [4]int(v)
		}
		pads = [4]int{p[0], p[2], p[1], p[3]}
	case "same":
		pads = samePads(x.Shape, y.Shape, kernel, stride, dilation)
	}
	c.add(n, "Conv", []string{c.value(n.Inputs[0]), c.value(n.Inputs[1])}, c.names[n],
		intsAttr("kernel_shape", kernel[:]), intsAttr("strides", stride[:]), intsAttr("dilations", dilation[:]),
		intsAttr("pads", pads[:]), intAttr("group", n.Attrs.Int("group", 1)))
	return nil
}

// pool is MaxPool or AvgPool as op. An average counts only the input
// under its window, as ONNX's does by default (count_include_pad 0).
func pool(op string) form {
	return func(c *converter, n *ir.Node) error {
		x, y := n.Inputs[0].Meta(), n.Meta()
		if err := takes(n, y.DType, floats); err != nil {
			return err
		}
		kernel, stride := hw(n.Attrs["kernel_size"]), hw(n.Attrs["strides"])
		var pads [4]int
		if strings.ToUpper(n.Attrs.String("pad_mode", "VALID")) == "SAME" {
			pads = samePads(x.Shape, y.Shape, kernel, stride, [2]int{1, 1})
		}
		c.add(n, op, []string{c.value(n.Inputs[0])}, c.names[n],
			intsAttr("kernel_shape", kernel[:]), intsAttr("strides", stride[:]), intsAttr("pads", pads[:]))
		return nil
	}
}

// samePads is TensorFlow's SAME padding of an NCHW input x into y, as
// ONNX's pads (top, left, bottom, right): what the windows need, the odd
// row or column at the bottom or right.
func samePads(x, y tensor.Shape, kernel, stride, dilation [2]int) [4]int {
	var pads [4]int
	for i := range 2 {
		span := dilation[i]*(kernel[i]-1) + 1
		need := max((y[2+i]-1)*stride[i]+span-x[2+i], 0)
		pads[i], pads[2+i] = need/2, need-need/2
	}
	return pads
}

// hw reads a height-and-width attribute as MindSpore's conv and pool
// primitives take one: absent for 1, an int for both, a pair, or the
// NCHW four-tuple (1, 1, h, w).
func hw(v any) [2]int {
	switch s := ints(v); len(s) {
	case 0:
		return [2]int{1, 1}
	case 1:
		return [2]int{s[0], s[0]}
	case 2:
		return [2]int(s)
	default:
		return [2]int(s[2:])
	}
}

func softmax(op string) form {
	return func(c *converter, n *ir.Node) error {
		axis := -1
		if s := ints(n.Attrs["axis"]); len(s) == 1 {
			axis = s[0]
		}
		c.add(n, op, []string{c.value(n.Inputs[0])}, c.names[n], intAttr("axis", axisIn(axis, len(n.Meta().Shape))))
		return nil
	}
}

// reduce is a reduction over attribute "axis" (none: every axis). A mean
// of integers computes in the Float32 of its result. Opset 13 made
// ReduceSum's axes an input; the other reductions keep an attribute up to
// opset 18.
func reduce(op string) form {
	return func(c *converter, n *ir.Node) error {
		dt := n.Meta().DType
		if err := takes(n, dt, wide); err != nil {
			return err
		}
		ins := []string{c.in(n, 0, dt)}
		attrs := []*onnxpb.AttributeProto{intAttr("keepdims", b2i(n.Attrs.Bool("keep_dims", false)))}
		// A 0-d input's one axis is every axis.
		if rank := len(n.Inputs[0].Meta().Shape); rank > 0 {
			if axes := ints(n.Attrs["axis"]); len(axes) > 0 {
				for i := range axes {
					axes[i] = axisIn(axes[i], rank)
				}
				slices.Sort(axes)
				if op == "ReduceSum" {
					ins = append(ins, c.int64s(n, axes))
				} else {
					attrs = append(attrs, intsAttr("axes", axes))
				}
			}
		}
		c.add(n, op, ins, c.names[n], attrs...)
		return nil
	}
}

// argExtreme is Argmax or Argmin as op, whose Int64 indices are cast to
// the primitive's output_type.
func argExtreme(op string) form {
	return func(c *converter, n *ir.Node) error {
		x := n.Inputs[0].Meta()
		if err := takes(n, x.DType, numeric); err != nil {
			return err
		}
		out, dt := c.names[n], n.Meta().DType
		idx := out
		if dt != tensor.Int64 {
			idx = c.temp(n)
		}
		c.add(n, op, []string{c.value(n.Inputs[0])}, idx,
			intAttr("axis", axisIn(n.Attrs.Int("axis", -1), len(x.Shape))), intAttr("keepdims", b2i(n.Attrs.Bool("keep_dims", false))))
		if idx != out {
			c.add(n, "Cast", []string{idx}, out, intAttr("to", int(elemType(dt))))
		}
		return nil
	}
}

// ints reads an attribute that holds one int or several, as a new slice.
func ints(v any) []int {
	switch v := v.(type) {
	case int:
		return []int{v}
	case []int:
		return slices.Clone(v)
	case tensor.Shape:
		return slices.Clone([]int(v))
	}
	return nil
}

// axisIn counts a negative axis of a rank-r tensor from the end.
func axisIn(axis, r int) int {
	if axis < 0 {
		return axis + r
	}
	return axis
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
