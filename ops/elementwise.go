package ops

import (
	"slices"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// BroadcastShape is numpy's broadcast of two shapes, with MindSpore's error
// for shapes that do not broadcast.
func BroadcastShape(op string, x, y tensor.Shape) (tensor.Shape, error) {
	n := max(len(x), len(y))
	if n > 8 {
		out := make(tensor.Shape, n)
		if err := broadcastInto(op, out, x, y); err != nil {
			return nil, err
		}
		return out, nil
	}
	// The result is most often one operand's shape, which is returned as
	// it is (shapes are never changed in place): the dims are worked out
	// on the stack, and only a new shape is allocated.
	var dims [8]int
	out := tensor.Shape(dims[:n])
	if err := broadcastInto(op, out, x, y); err != nil {
		return nil, err
	}
	switch {
	case slices.Equal(out, x):
		return x, nil
	case slices.Equal(out, y):
		return y, nil
	}
	return slices.Clone(out), nil
}

// broadcastInto writes the broadcast of x and y to out, of their longer
// length.
func broadcastInto(op string, out, x, y tensor.Shape) error {
	n := len(out)
	for i := range n {
		a, b := 1, 1
		if j := i - n + len(x); j >= 0 {
			a = x[j]
		}
		if j := i - n + len(y); j >= 0 {
			b = y[j]
		}
		d, ok := broadcastDim(a, b)
		if !ok {
			return Errorf(ValueError, op, "x.shape %v and y.shape %v cannot broadcast.", x, y)
		}
		out[i] = d
	}
	return nil
}

// broadcastDim is the broadcast of two dims, or false when they do not
// broadcast. A symbolic dim is taken never to be 1, as TorchDynamo's 0/1
// specialization takes it: against a dim other than 1 it must be that dim,
// which SameDim records, and the result is the concrete one of the two if
// there is one.
func broadcastDim(a, b int) (int, bool) {
	switch {
	case a == b || b == 1:
		return a, true
	case a == 1:
		return b, true
	case tensor.IsSymbolic(a) || tensor.IsSymbolic(b):
		if !tensor.SameDim(a, b) {
			return 0, false
		}
		return preferConcrete(a, b), true
	}
	return 0, false
}

// dtypeRule gives a binary op's computation dtype from its operands'.
type dtypeRule func(op string, x, y tensor.DType) (tensor.DType, error)

// promote is the usual rule: the promoted dtype of the two.
func promote(op string, x, y tensor.DType) (tensor.DType, error) { return tensor.Promote(x, y), nil }

// promoteFloat is true division's rule: integers and bools compute in
// float32.
func promoteFloat(op string, x, y tensor.DType) (tensor.DType, error) {
	d := tensor.Promote(x, y)
	if !d.IsFloat() {
		d = tensor.Float32
	}
	return d, nil
}

// promoteInt is the bitwise ops' rule: no floats.
func promoteInt(op string, x, y tensor.DType) (tensor.DType, error) {
	d := tensor.Promote(x, y)
	if d.IsFloat() {
		return 0, Errorf(TypeError, op, "the input dtype must be integer or bool, but got %v.", d)
	}
	return d, nil
}

// binaryMeta infers a broadcasting binary op: compute dtype and out shape.
func binaryMeta(op string, rule dtypeRule, x, y tensor.Meta) (tensor.Meta, error) {
	dt, err := rule(op, x.DType, y.DType)
	if err != nil {
		return tensor.Meta{}, err
	}
	shape, err := BroadcastShape(op, x.Shape, y.Shape)
	return tensor.Meta{DType: dt, Shape: shape}, err
}

func arity(op string, in []tensor.Meta, n int) error {
	if len(in) != n {
		return Errorf(TypeError, op, "the number of inputs must be %d, but got %d.", n, len(in))
	}
	return nil
}

// castTo returns x converted to dtype dt, or x itself when it already is.
func castTo(ctx *Ctx, x *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if x.DType() == dt {
		return x, nil
	}
	out, err := ctx.AllocOutput(tensor.Meta{DType: dt, Shape: x.Shape()})
	if err != nil {
		return nil, err
	}
	convert(out, x)
	return out, nil
}

// binaryOperands casts a binary op's two inputs to the computation dtype
// dt and allocates its output.
func binaryOperands(ctx *Ctx, a, b *tensor.Tensor, dt tensor.DType, out tensor.Meta) (x, y, z *tensor.Tensor, err error) {
	if x, err = castTo(ctx, a, dt); err != nil {
		return
	}
	if y, err = castTo(ctx, b, dt); err != nil {
		return
	}
	z, err = ctx.AllocOutput(out)
	return
}

// binaryPrim defines an arithmetic binary primitive.
func binaryPrim(name string, op cpu.BinaryOp, rule dtypeRule) *Primitive {
	var pw *cpu.Pointwise
	switch op {
	case cpu.Add, cpu.Sub, cpu.Mul, cpu.Div, cpu.Maximum, cpu.Minimum:
		pw = &cpu.Pointwise{Arity: 2, Binary: op}
	}
	return define(&Primitive{
		Name:      name,
		Pointwise: pw,
		Binary: &BinaryRules{Infer: func(_ Attrs, x, y tensor.Meta) (tensor.Meta, error) {
			return binaryMeta(name, rule, x, y)
		}, Eval: func(ctx *Ctx, _ Attrs, a, b *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
			x, y, z, err := binaryOperands(ctx, a, b, out.DType, out)
			if err != nil {
				return nil, err
			}
			shape := z.Shape()
			xst, yst := operandStrides(x, shape), operandStrides(y, shape)
			// On DType, not Data's boxed slice: this runs for every
			// arithmetic operation.
			switch z.DType() {
			case tensor.Bool:
				cpu.Logical(boolOp(op), tensor.Elems[bool](z), tensor.Elems[bool](x), tensor.Elems[bool](y), shape, xst, yst)
			case tensor.UInt8:
				binaryAs[uint8](op, z, x, y, shape, xst, yst)
			case tensor.Int8:
				binaryAs[int8](op, z, x, y, shape, xst, yst)
			case tensor.Int16:
				binaryAs[int16](op, z, x, y, shape, xst, yst)
			case tensor.Int32:
				binaryAs[int32](op, z, x, y, shape, xst, yst)
			case tensor.Int64:
				binaryAs[int64](op, z, x, y, shape, xst, yst)
			case tensor.Float16, tensor.Float32:
				binaryAs[float32](op, z, x, y, shape, xst, yst)
			case tensor.Float64:
				binaryAs[float64](op, z, x, y, shape, xst, yst)
			}
			return z, nil
		}},
	})
}

// binaryAs runs cpu.Binary on tensors whose storage is []T.
func binaryAs[T cpu.Number](op cpu.BinaryOp, z, x, y *tensor.Tensor, shape tensor.Shape, xst, yst []int) {
	cpu.Binary(op, tensor.Elems[T](z), tensor.Elems[T](x), tensor.Elems[T](y), shape, xst, yst)
}

// compareAs runs cpu.Compare on operands whose storage is []T.
func compareAs[T cpu.Number](op cpu.CompareOp, d []bool, x, y *tensor.Tensor, shape tensor.Shape, xst, yst []int) {
	cpu.Compare(op, d, tensor.Elems[T](x), tensor.Elems[T](y), shape, xst, yst)
}

// zeroStrides are the strides of an operand that is one element read
// everywhere; it is shared and never written.
var zeroStrides = make([]int, 64)

// operandStrides reads an operand of a broadcasting op with the out shape:
// the common cases, an operand of that shape or of one element, take no
// allocation.
func operandStrides(t *tensor.Tensor, out tensor.Shape) []int {
	switch {
	case t.Size() == 1 && len(out) <= len(zeroStrides):
		return zeroStrides[:len(out)]
	case t.Shape().Equal(out):
		return nil
	}
	return cpu.BroadcastStrides(t.Shape(), out)
}

// boolOp is what an arithmetic op means on booleans, as numpy has it: add
// and maximum are "or", multiply and minimum "and", the rest "xor".
func boolOp(op cpu.BinaryOp) cpu.LogicalOp {
	switch op {
	case cpu.Add, cpu.Maximum, cpu.BitOr:
		return cpu.Or
	case cpu.Mul, cpu.Minimum, cpu.BitAnd:
		return cpu.And
	}
	return cpu.Xor
}

// The binary arithmetic primitives.
var (
	Add        = binaryPrim("Add", cpu.Add, promote)
	Sub        = binaryPrim("Sub", cpu.Sub, promote)
	Mul        = binaryPrim("Mul", cpu.Mul, promote)
	Div        = binaryPrim("Div", cpu.Div, promoteFloat)
	FloorDiv   = binaryPrim("FloorDiv", cpu.FloorDiv, promote)
	FloorMod   = binaryPrim("FloorMod", cpu.Mod, promote)
	Pow        = binaryPrim("Pow", cpu.Pow, promote)
	Maximum    = binaryPrim("Maximum", cpu.Maximum, promote)
	Minimum    = binaryPrim("Minimum", cpu.Minimum, promote)
	BitwiseAnd = binaryPrim("BitwiseAnd", cpu.BitAnd, promoteInt)
	BitwiseOr  = binaryPrim("BitwiseOr", cpu.BitOr, promoteInt)
	BitwiseXor = binaryPrim("BitwiseXor", cpu.BitXor, promoteInt)
	LeftShift  = binaryPrim("LeftShift", cpu.LeftShift, promoteInt)
	RightShift = binaryPrim("RightShift", cpu.RightShift, promoteInt)
	Atan2      = binaryPrim("Atan2", cpu.Atan2, promoteFloat)
)

// comparePrim defines a comparison: operands promote, the result is bool.
func comparePrim(name string, op cpu.CompareOp) *Primitive {
	return define(&Primitive{
		Name: name,
		Binary: &BinaryRules{Infer: boolResult(name), Eval: func(ctx *Ctx, _ Attrs, a, b *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
			x, y, z, err := binaryOperands(ctx, a, b, tensor.Promote(a.DType(), b.DType()), out)
			if err != nil {
				return nil, err
			}
			d, shape := tensor.Elems[bool](z), z.Shape()
			xst := cpu.BroadcastStrides(x.Shape(), shape)
			yst := cpu.BroadcastStrides(y.Shape(), shape)
			switch x.DType() {
			case tensor.Bool:
				cpu.Compare(op, d, tensor.Elems[bool](x), tensor.Elems[bool](y), shape, xst, yst)
			case tensor.UInt8:
				compareAs[uint8](op, d, x, y, shape, xst, yst)
			case tensor.Int8:
				compareAs[int8](op, d, x, y, shape, xst, yst)
			case tensor.Int16:
				compareAs[int16](op, d, x, y, shape, xst, yst)
			case tensor.Int32:
				compareAs[int32](op, d, x, y, shape, xst, yst)
			case tensor.Int64:
				compareAs[int64](op, d, x, y, shape, xst, yst)
			case tensor.Float16, tensor.Float32:
				compareAs[float32](op, d, x, y, shape, xst, yst)
			case tensor.Float64:
				compareAs[float64](op, d, x, y, shape, xst, yst)
			}
			return z, nil
		}},
	})
}

// boolResult is the Infer of a comparison or logical op: the operands
// broadcast, and the result is bool.
func boolResult(name string) func(Attrs, tensor.Meta, tensor.Meta) (tensor.Meta, error) {
	return func(_ Attrs, x, y tensor.Meta) (tensor.Meta, error) {
		m, err := binaryMeta(name, promote, x, y)
		m.DType = tensor.Bool
		return m, err
	}
}

// The comparison primitives.
var (
	Equal        = comparePrim("Equal", cpu.Equal)
	NotEqual     = comparePrim("NotEqual", cpu.NotEqual)
	Less         = comparePrim("Less", cpu.Less)
	LessEqual    = comparePrim("LessEqual", cpu.LessEqual)
	Greater      = comparePrim("Greater", cpu.Greater)
	GreaterEqual = comparePrim("GreaterEqual", cpu.GreaterEqual)
)

// logicalPrim defines a logical op: operands are read as bools.
func logicalPrim(name string, op cpu.LogicalOp) *Primitive {
	return define(&Primitive{
		Name: name,
		Binary: &BinaryRules{Infer: boolResult(name), Eval: func(ctx *Ctx, _ Attrs, a, b *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
			x, y, z, err := binaryOperands(ctx, a, b, tensor.Bool, out)
			if err != nil {
				return nil, err
			}
			shape := z.Shape()
			cpu.Logical(op, tensor.Elems[bool](z), tensor.Elems[bool](x), tensor.Elems[bool](y),
				shape, cpu.BroadcastStrides(x.Shape(), shape), cpu.BroadcastStrides(y.Shape(), shape))
			return z, nil
		}},
	})
}

// The logical primitives.
var (
	LogicalAnd = logicalPrim("LogicalAnd", cpu.And)
	LogicalOr  = logicalPrim("LogicalOr", cpu.Or)
	LogicalXor = logicalPrim("LogicalXor", cpu.Xor)
)

// LogicalNot is elementwise "not", on any dtype read as bool.
var LogicalNot = define(&Primitive{
	Name: "LogicalNot",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("LogicalNot", in, 1); err != nil {
			return nil, err
		}
		return []tensor.Meta{{DType: tensor.Bool, Shape: in[0].Shape}}, nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, err := castTo(ctx, in[0], tensor.Bool)
		if err != nil {
			return nil, err
		}
		z, err := ctx.Alloc(out[0])
		if err != nil {
			return nil, err
		}
		cpu.Not(tensor.Elems[bool](z), tensor.Elems[bool](x))
		return []*tensor.Tensor{z}, nil
	},
})
