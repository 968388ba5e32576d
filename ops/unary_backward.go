package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// The backward primitives of the activations that training loops run most:
// each is one pass over its operands, reading the forward output y, where
// composing the derivative from arithmetic primitives would take several
// passes and as many temporaries. They are MindSpore's primitives of the
// same names and operand orders.

// backwardPrim defines one: two float operands of one dtype and shape,
// named first and second in errors, and a kernel taking them in order.
func backwardPrim(name, first, second string, op cpu.BinaryOp,
	k32 func(dst, a, b []float32), k64 func(dst, a, b []float64)) *Primitive {
	return define(&Primitive{
		Name:      name,
		Pointwise: &cpu.Pointwise{Arity: 2, Binary: op},
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 2); err != nil {
				return nil, err
			}
			a, b := in[0], in[1]
			if !a.DType.IsFloat() || a.DType != b.DType {
				return nil, Errorf(TypeError, name,
					"'%s' and '%s' must be Tensors of one float dtype, but got Tensor[%v] and Tensor[%v].",
					first, second, a.DType, b.DType)
			}
			shape, ok := unifyShapes(a.Shape, b.Shape)
			if !ok {
				return nil, Errorf(ValueError, name,
					"the shape of '%s' and '%s' must be the same, but got %v and %v.", first, second, a.Shape, b.Shape)
			}
			return oneMeta(a.DType, shape), nil
		},
		Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := ctx.AllocOutput(out[0])
			if err != nil {
				return nil, err
			}
			switch d := z.Data().(type) {
			case []float32:
				k32(d, tensor.Elems[float32](in[0]), tensor.Elems[float32](in[1]))
			case []float64:
				k64(d, tensor.Elems[float64](in[0]), tensor.Elems[float64](in[1]))
			}
			return []*tensor.Tensor{z}, nil
		},
	})
}

// ReluGrad(dout, y) is dout where ReLU's output y is positive, else 0, so
// that relu'(0) = 0. SigmoidGrad(y, dout) and TanhGrad(y, dout) are dout
// times the derivative of Sigmoid and Tanh at the input whose output is y.
var (
	ReluGrad    = backwardPrim("ReluGrad", "dout", "y", cpu.ReluBackward, cpu.ReluGrad[float32], cpu.ReluGrad[float64])
	SigmoidGrad = backwardPrim("SigmoidGrad", "y", "dout", cpu.SigmoidBackward, cpu.SigmoidGrad[float32], cpu.SigmoidGrad[float64])
	TanhGrad    = backwardPrim("TanhGrad", "y", "dout", cpu.TanhBackward, cpu.TanhGrad[float32], cpu.TanhGrad[float64])
)
