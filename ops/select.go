package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// Select is MindSpore's where: inputs cond, x and y broadcast together, and
// the output takes x where cond is true and y elsewhere. cond must be Bool;
// x and y promote to a common dtype.
var Select = define(&Primitive{
	Name: "Select",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Select", in, 3); err != nil {
			return nil, err
		}
		c, x, y := in[0], in[1], in[2]
		if c.DType != tensor.Bool {
			return nil, Errorf(TypeError, "Select", "the type of 'cond' must be Tensor[Bool], but got Tensor[%v].", c.DType)
		}
		shape, err := BroadcastShape("Select", c.Shape, x.Shape)
		if err == nil {
			shape, err = BroadcastShape("Select", shape, y.Shape)
		}
		if err != nil {
			return nil, Errorf(ValueError, "Select", "cond.shape %v, x.shape %v and y.shape %v cannot broadcast.",
				c.Shape, x.Shape, y.Shape)
		}
		return oneMeta(tensor.Promote(x.DType, y.DType), shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		c := in[0]
		x, err := castTo(ctx, in[1], out[0].DType)
		if err != nil {
			return nil, err
		}
		y, err := castTo(ctx, in[2], out[0].DType)
		if err != nil {
			return nil, err
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		shape := z.Shape()
		cond := tensor.Elems[bool](c)
		cst := cpu.BroadcastStrides(c.Shape(), shape)
		xst := cpu.BroadcastStrides(x.Shape(), shape)
		yst := cpu.BroadcastStrides(y.Shape(), shape)
		switch d := z.Data().(type) {
		case []bool:
			cpu.Where(d, cond, tensor.Elems[bool](x), tensor.Elems[bool](y), shape, cst, xst, yst)
		case []uint8:
			cpu.Where(d, cond, tensor.Elems[uint8](x), tensor.Elems[uint8](y), shape, cst, xst, yst)
		case []int8:
			cpu.Where(d, cond, tensor.Elems[int8](x), tensor.Elems[int8](y), shape, cst, xst, yst)
		case []int16:
			cpu.Where(d, cond, tensor.Elems[int16](x), tensor.Elems[int16](y), shape, cst, xst, yst)
		case []int32:
			cpu.Where(d, cond, tensor.Elems[int32](x), tensor.Elems[int32](y), shape, cst, xst, yst)
		case []int64:
			cpu.Where(d, cond, tensor.Elems[int64](x), tensor.Elems[int64](y), shape, cst, xst, yst)
		case []float32:
			cpu.Where(d, cond, tensor.Elems[float32](x), tensor.Elems[float32](y), shape, cst, xst, yst)
		case []float64:
			cpu.Where(d, cond, tensor.Elems[float64](x), tensor.Elems[float64](y), shape, cst, xst, yst)
		}
		return []*tensor.Tensor{z}, nil
	},
})
