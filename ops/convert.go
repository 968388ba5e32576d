package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// convert copies src into dst, of the same size, converting each element.
func convert(dst, src *tensor.Tensor) {
	switch d := dst.Data().(type) {
	case []bool:
		convertFrom(d, src)
	case []uint8:
		convertFrom(d, src)
	case []int8:
		convertFrom(d, src)
	case []int16:
		convertFrom(d, src)
	case []int32:
		convertFrom(d, src)
	case []int64:
		convertFrom(d, src)
	case []float32:
		convertFrom(d, src)
	case []float64:
		convertFrom(d, src)
	}
	if dst.DType() == tensor.Float16 && src.DType() != tensor.Float16 {
		roundFloat16(dst)
	}
}

func convertFrom[D cpu.Number | ~bool](dst []D, src *tensor.Tensor) {
	switch s := src.Data().(type) {
	case []bool:
		cpu.Convert(dst, s)
	case []uint8:
		cpu.Convert(dst, s)
	case []int8:
		cpu.Convert(dst, s)
	case []int16:
		cpu.Convert(dst, s)
	case []int32:
		cpu.Convert(dst, s)
	case []int64:
		cpu.Convert(dst, s)
	case []float32:
		cpu.Convert(dst, s)
	case []float64:
		cpu.Convert(dst, s)
	}
}

// Cast converts to the dtype in attribute "dtype" (a tensor.DType).
var Cast = define(&Primitive{
	Name: "Cast",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Cast", in, 1); err != nil {
			return nil, err
		}
		dt, ok := a["dtype"].(tensor.DType)
		if !ok {
			return nil, Errorf(TypeError, "Cast", "the 'dtype' must be a mindspore dtype, but got %v.", a["dtype"])
		}
		return []tensor.Meta{{DType: dt, Shape: in[0].Shape}}, nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := ctx.AllocOutput(out[0])
		if err != nil {
			return nil, err
		}
		convert(z, in[0])
		return []*tensor.Tensor{z}, nil
	},
})
