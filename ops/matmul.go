package ops

import (
	"fmt"
	"sort"
	"strings"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// msVector is a shape as MindSpore's C++ prints a ShapeVector in errors:
// "[const vector]{2, 3}".
func msVector(s []int) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = tensor.DimString(d)
	}
	return "[const vector]{" + strings.Join(parts, ", ") + "}"
}

// checkDType is MindSpore's CheckTensorSubClass: the TypeError for an input
// whose dtype is not among valid, which it lists sorted as C++'s std::set
// of strings has them.
func checkDType(op, arg string, dt tensor.DType, valid ...tensor.DType) error {
	for _, v := range valid {
		if dt == v {
			return nil
		}
	}
	names := make([]string, len(valid))
	for i, v := range valid {
		names[i] = "Tensor[" + v.String() + "]"
	}
	sort.Strings(names)
	return &Error{Kind: TypeError, Msg: fmt.Sprintf("For primitive[%s], the input argument[%s] must be a type of {%s}, but got Tensor[%v].",
		op, arg, strings.Join(names, ", "), dt)}
}

// numericDTypes are the dtypes the matrix products take: every dtype but
// bool.
var numericDTypes = []tensor.DType{tensor.UInt8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64,
	tensor.Float16, tensor.Float32, tensor.Float64}

// matmulDTypes checks a product's operand dtypes as MindSpore's MatMul and
// BatchMatMul do: equal (no promotion), and numeric.
func matmulDTypes(op string, x, y tensor.DType) error {
	if x != y {
		return Errorf(TypeError, op, "the type of 'x2' should be same as 'x1', but got 'x1' with type Tensor[%v] and 'x2' with type Tensor[%v].", x, y)
	}
	return checkDType(op, "x", x, numericDTypes...)
}

// MatMul is the product of two matrices. Attributes "transpose_a" and
// "transpose_b" (bools, default false) transpose an operand first. The
// operands have one dtype, any but bool, which the product keeps: integers
// wrap on overflow and float16 accumulates in float32.
var MatMul = define(&Primitive{
	Name: "MatMul",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("MatMul", in, 2); err != nil {
			return nil, err
		}
		x, y := in[0], in[1]
		if err := matmulDTypes("MatMul", x.DType, y.DType); err != nil {
			return nil, err
		}
		if len(x.Shape) != 2 || len(y.Shape) != 2 {
			return nil, &Error{Kind: ValueError, Msg: "MatMul inputs should have the same dimension size and equal to 2."}
		}
		ta, tb := a.Bool("transpose_a", false), a.Bool("transpose_b", false)
		m, k := matDims(x.Shape, ta)
		k2, n := matDims(y.Shape, tb)
		if !tensor.SameDim(k, k2) {
			// MindSpore writes this one without the comma after the name.
			return nil, Errorf(ValueError, "MatMul", "the input dimensions must be equal, but got x1 col: %s and x2 row: %s.", tensor.DimString(k), tensor.DimString(k2))
		}
		return []tensor.Meta{{DType: x.DType, Shape: tensor.Shape{m, n}}}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocProduct(ctx, out[0])
		if err != nil {
			return nil, err
		}
		ta, tb := a.Bool("transpose_a", false), a.Bool("transpose_b", false)
		x, y := in[0], in[1]
		m, k := matDims(x.Shape(), ta)
		_, n := matDims(y.Shape(), tb)
		matmul(ta, tb, nil, nil, nil, m, n, k, x, y, z)
		return []*tensor.Tensor{z}, nil
	},
})

// allocProduct allocates a matrix product's output: uninitialized for
// floats, which GEMM writes whole (beta 0); zeroed for integers, which the
// integer GEMM accumulates into.
func allocProduct(ctx *Ctx, m tensor.Meta) (*tensor.Tensor, error) {
	if m.DType.IsFloat() {
		return ctx.AllocOutput(m)
	}
	return ctx.Alloc(m)
}

// matDims is the rows and columns of the matrix in the last two dims of s,
// transposed when trans is set.
func matDims(s tensor.Shape, trans bool) (rows, cols int) {
	rows, cols = s[len(s)-2], s[len(s)-1]
	if trans {
		return cols, rows
	}
	return rows, cols
}

// matmul runs cpu.BatchMatMul on the tensors' storage; a plain matrix
// product has no batch dims.
func matmul(ta, tb bool, xb, yb, zb []int, m, n, k int, x, y, z *tensor.Tensor) {
	switch d := z.Data().(type) {
	case []uint8:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[uint8](x), tensor.Elems[uint8](y), d)
	case []int8:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[int8](x), tensor.Elems[int8](y), d)
	case []int16:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[int16](x), tensor.Elems[int16](y), d)
	case []int32:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[int32](x), tensor.Elems[int32](y), d)
	case []int64:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[int64](x), tensor.Elems[int64](y), d)
	case []float32:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[float32](x), tensor.Elems[float32](y), d)
	case []float64:
		cpu.BatchMatMul(ta, tb, xb, yb, zb, m, n, k, tensor.Elems[float64](x), tensor.Elems[float64](y), d)
	}
}

// BatchMatMul is the product of stacks of matrices: the last two dims of
// each operand (rank 2 or more) are its matrices, and the dims before them
// broadcast as numpy's matmul broadcasts them. MindSpore's CPU kernel
// requires equal batch dims; broadcasting here is what its Ascend kernel
// and numpy do. Attributes and dtypes are MatMul's.
var BatchMatMul = define(&Primitive{
	Name: "BatchMatMul",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "BatchMatMul"
		if err := arity(op, in, 2); err != nil {
			return nil, err
		}
		x, y := in[0], in[1]
		if err := matmulDTypes(op, x.DType, y.DType); err != nil {
			return nil, err
		}
		for _, v := range []struct {
			name  string
			shape tensor.Shape
		}{{"x", x.Shape}, {"y", y.Shape}} {
			if len(v.shape) < 2 {
				return nil, Errorf(ValueError, op, "the input '%s' must be a 2D or higher dimensional Tensor, but got %dD shape %s",
					v.name, len(v.shape), msVector(v.shape))
			}
		}
		ta, tb := a.Bool("transpose_a", false), a.Bool("transpose_b", false)
		m, k := matDims(x.Shape, ta)
		k2, n := matDims(y.Shape, tb)
		if !tensor.SameDim(k, k2) {
			return nil, &Error{Kind: ValueError, Msg: fmt.Sprintf(
				"For %s, the row of the input 'y' should be same as the col of the input 'x', with x shape %s(transpose_a=%d), y shape %s(transpose_b=%d)",
				op, msVector(x.Shape), b2i(ta), msVector(y.Shape), b2i(tb))}
		}
		batch, err := batchShape(op, x.Shape, y.Shape)
		if err != nil {
			return nil, err
		}
		return []tensor.Meta{{DType: x.DType, Shape: append(batch, m, n)}}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocProduct(ctx, out[0])
		if err != nil {
			return nil, err
		}
		ta, tb := a.Bool("transpose_a", false), a.Bool("transpose_b", false)
		x, y := in[0], in[1]
		m, k := matDims(x.Shape(), ta)
		_, n := matDims(y.Shape(), tb)
		xs, ys, zs := x.Shape(), y.Shape(), z.Shape()
		matmul(ta, tb, xs[:len(xs)-2], ys[:len(ys)-2], zs[:len(zs)-2], m, n, k, x, y, z)
		return []*tensor.Tensor{z}, nil
	},
})

// batchShape is the broadcast of the batch dims of x and y (all but the
// last two), numpy's rule with MindSpore's error.
func batchShape(op string, x, y tensor.Shape) (tensor.Shape, error) {
	xb, yb := x[:len(x)-2], y[:len(y)-2]
	if len(xb) < len(yb) {
		xb, yb = yb, xb
	}
	out := append(tensor.Shape{}, xb...)
	for i := 1; i <= len(yb); i++ {
		a, b := xb[len(xb)-i], yb[len(yb)-i]
		d, ok := broadcastDim(a, b)
		if !ok {
			if len(x) < len(y) {
				a, b = b, a
			}
			return nil, &Error{Kind: ValueError, Msg: fmt.Sprintf(
				"For %s, one of the input's batch dim must be equal to another input's peer batch dim, or be equal to 1, or be empty, but got %s and %s, with x shape %s, y shape %s",
				op, tensor.DimString(a), tensor.DimString(b), msVector(x), msVector(y))}
		}
		out[len(out)-i] = d
	}
	return out, nil
}

// b2i is a bool as C++ streams it.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// biasFormats are the data formats BiasAdd takes, with the number
// MindSpore's Format enum gives each (which its errors print) and the
// channel axis of an input of rank r.
var biasFormats = map[string]struct {
	enum    int
	channel func(r int) int
}{
	"NCHW":  {0, func(int) int { return 1 }},
	"NHWC":  {1, func(r int) int { return r - 1 }},
	"NCDHW": {15, func(int) int { return 1 }},
}

// BiasAdd adds a 1-D bias along the channel axis of its input (rank 2 to
// 5): axis 1 for attribute "data_format" "NCHW" (the default) or "NCDHW",
// the last axis for "NHWC". Input and bias have one dtype.
var BiasAdd = define(&Primitive{
	Name: "BiasAdd",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "BiasAdd"
		if err := arity(op, in, 2); err != nil {
			return nil, err
		}
		x, b := in[0], in[1]
		if x.DType != b.DType {
			return nil, &Error{Kind: TypeError, Msg: fmt.Sprintf(
				"For primitive[%s], the input type must be same.\nname:[bias]:Tensor[%v].\nname:[input_x]:Tensor[%v].\n", op, b.DType, x.DType)}
		}
		if err := checkDType(op, "input_x", x.DType, numericDTypes...); err != nil {
			return nil, err
		}
		if len(b.Shape) != 1 {
			return nil, &Error{Kind: ValueError, Msg: fmt.Sprintf("For primitive[%s], the rank of bias must be equal to 1, but got %d.", op, len(b.Shape))}
		}
		if r := len(x.Shape); r < 2 || r > 5 {
			return nil, &Error{Kind: ValueError, Msg: fmt.Sprintf("For primitive[%s], the rank of input_x must be in [2, 5], but got %d.", op, r)}
		}
		format := a.String("data_format", "NCHW")
		f, ok := biasFormats[format]
		if !ok {
			return nil, Errorf(ValueError, op, "the data_format must be NCHW, NHWC, or NCDHW, but got: %s.", format)
		}
		c := f.channel(len(x.Shape))
		if !tensor.SameDim(b.Shape[0], x.Shape[c]) {
			return nil, Errorf(ValueError, op, "bias[0] shape should be equal to input_x[%d] shape when data_format is %d, but got bias shape: .%s, input_shape: %s.",
				c, f.enum, msVector(b.Shape), msVector(x.Shape))
		}
		if ch := preferConcrete(x.Shape[c], b.Shape[0]); ch != x.Shape[c] {
			x.Shape = x.Shape.Clone()
			x.Shape[c] = ch
		}
		return []tensor.Meta{x}, nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, b := in[0], in[1]
		shape := x.Shape()
		// The bias reads as a [C, 1, ..., 1] operand broadcast to the input.
		c := biasFormats[a.String("data_format", "NCHW")].channel(len(shape))
		bshape := make([]int, len(shape)-c)
		for i := range bshape {
			bshape[i] = 1
		}
		bshape[0] = shape[c]
		z, err := ctx.AllocOutput(out[0])
		if err != nil {
			return nil, err
		}
		xst, bst := cpu.BroadcastStrides(shape, shape), cpu.BroadcastStrides(bshape, shape)
		switch d := z.Data().(type) {
		case []uint8:
			cpu.Binary(cpu.Add, d, tensor.Elems[uint8](x), tensor.Elems[uint8](b), shape, xst, bst)
		case []int8:
			cpu.Binary(cpu.Add, d, tensor.Elems[int8](x), tensor.Elems[int8](b), shape, xst, bst)
		case []int16:
			cpu.Binary(cpu.Add, d, tensor.Elems[int16](x), tensor.Elems[int16](b), shape, xst, bst)
		case []int32:
			cpu.Binary(cpu.Add, d, tensor.Elems[int32](x), tensor.Elems[int32](b), shape, xst, bst)
		case []int64:
			cpu.Binary(cpu.Add, d, tensor.Elems[int64](x), tensor.Elems[int64](b), shape, xst, bst)
		case []float32:
			cpu.Binary(cpu.Add, d, tensor.Elems[float32](x), tensor.Elems[float32](b), shape, xst, bst)
		case []float64:
			cpu.Binary(cpu.Add, d, tensor.Elems[float64](x), tensor.Elems[float64](b), shape, xst, bst)
		}
		return []*tensor.Tensor{z}, nil
	},
})
