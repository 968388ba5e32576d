package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// unaryKind says which dtypes a unary op takes and gives.
type unaryKind uint8

const (
	keepNumeric unaryKind = iota // numbers keep their dtype; bool is an error
	toFloat                      // integers compute in float32
	intOnly                      // integers and bool only
)

func unaryPrim(name string, op cpu.UnaryOp, kind unaryKind) *Primitive {
	var pw *cpu.Pointwise
	if kind != intOnly {
		pw = &cpu.Pointwise{Arity: 1, Unary: op}
	}
	return define(&Primitive{
		Name:      name,
		Pointwise: pw,
		Unary: &UnaryRules{Infer: func(_ Attrs, in tensor.Meta) (tensor.Meta, error) {
			dt := in.DType
			switch kind {
			case keepNumeric:
				if dt == tensor.Bool {
					return tensor.Meta{}, Errorf(TypeError, name, "the type of 'x' must be a number Tensor, but got Tensor[Bool].")
				}
			case toFloat:
				if !dt.IsFloat() {
					dt = tensor.Float32
				}
			case intOnly:
				if dt.IsFloat() {
					return tensor.Meta{}, Errorf(TypeError, name, "the type of 'x' must be an integer or bool Tensor, but got Tensor[%v].", dt)
				}
			}
			return tensor.Meta{DType: dt, Shape: in.Shape}, nil
		}, Eval: func(ctx *Ctx, _ Attrs, x *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
			x, err := castTo(ctx, x, out.DType)
			if err != nil {
				return nil, err
			}
			z, err := ctx.AllocOutput(out)
			if err != nil {
				return nil, err
			}
			// On DType, not Data's boxed slice, as binaryPrim does.
			switch z.DType() {
			case tensor.Bool:
				cpu.Not(tensor.Elems[bool](z), tensor.Elems[bool](x)) // ~ on bool, the only unary op bool reaches
			case tensor.UInt8:
				unaryAs[uint8](op, z, x)
			case tensor.Int8:
				unaryAs[int8](op, z, x)
			case tensor.Int16:
				unaryAs[int16](op, z, x)
			case tensor.Int32:
				unaryAs[int32](op, z, x)
			case tensor.Int64:
				unaryAs[int64](op, z, x)
			case tensor.Float16, tensor.Float32:
				unaryAs[float32](op, z, x)
			case tensor.Float64:
				unaryAs[float64](op, z, x)
			}
			return z, nil
		}},
	})
}

// unaryAs runs cpu.Unary on tensors whose storage is []T.
func unaryAs[T cpu.Number](op cpu.UnaryOp, z, x *tensor.Tensor) {
	cpu.Unary(op, tensor.Elems[T](z), tensor.Elems[T](x))
}

// The unary primitives.
var (
	Neg        = unaryPrim("Neg", cpu.Neg, keepNumeric)
	Abs        = unaryPrim("Abs", cpu.Abs, keepNumeric)
	Square     = unaryPrim("Square", cpu.Square, keepNumeric)
	Sign       = unaryPrim("Sign", cpu.Sign, keepNumeric)
	ReLU       = unaryPrim("ReLU", cpu.ReLU, keepNumeric)
	Floor      = unaryPrim("Floor", cpu.Floor, keepNumeric)
	Ceil       = unaryPrim("Ceil", cpu.Ceil, keepNumeric)
	Round      = unaryPrim("Round", cpu.Round, keepNumeric)
	Exp        = unaryPrim("Exp", cpu.Exp, toFloat)
	Log        = unaryPrim("Log", cpu.Log, toFloat)
	Sqrt       = unaryPrim("Sqrt", cpu.Sqrt, toFloat)
	Rsqrt      = unaryPrim("Rsqrt", cpu.Rsqrt, toFloat)
	Reciprocal = unaryPrim("Reciprocal", cpu.Reciprocal, toFloat)
	Sin        = unaryPrim("Sin", cpu.Sin, toFloat)
	Cos        = unaryPrim("Cos", cpu.Cos, toFloat)
	Tan        = unaryPrim("Tan", cpu.Tan, toFloat)
	Tanh       = unaryPrim("Tanh", cpu.Tanh, toFloat)
	Sigmoid    = unaryPrim("Sigmoid", cpu.Sigmoid, toFloat)
	GeLU       = unaryPrim("GeLU", cpu.GELU, toFloat)
	Erf        = unaryPrim("Erf", cpu.Erf, toFloat)
	Log1p      = unaryPrim("Log1p", cpu.Log1p, toFloat)
	Expm1      = unaryPrim("Expm1", cpu.Expm1, toFloat)
	Softplus   = unaryPrim("Softplus", cpu.Softplus, toFloat)
	Invert     = unaryPrim("Invert", cpu.BitNot, intOnly)
)
