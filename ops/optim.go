package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// ApplyGradientDescent is MindSpore's plain gradient-descent update: it sets
// var to var - alpha·delta in place, in one pass, and returns var. var and
// delta are floats of one dtype and shape, alpha a 0-d or one-element
// tensor of that dtype. Writing in place, as MindSpore's optimizers update
// Parameters, spares a training step an allocation and a stream of memory
// the size of every parameter; it is not differentiable, as an
// optimizer's update is not in MindSpore.
var ApplyGradientDescent = define(&Primitive{
	Name:     "ApplyGradientDescent",
	Stateful: true,
	Updates:  true,
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "ApplyGradientDescent"
		if err := arity(op, in, 3); err != nil {
			return nil, err
		}
		v, alpha, delta := in[0], in[1], in[2]
		if !v.DType.IsFloat() {
			return nil, Errorf(TypeError, op, "the 'var' must be a Tensor of a float type, but got Tensor[%v].", v.DType)
		}
		if alpha.DType != v.DType || delta.DType != v.DType {
			return nil, Errorf(TypeError, op, "the 'alpha' and 'delta' must have the dtype of 'var' (%v), but got %v and %v.",
				v.DType, alpha.DType, delta.DType)
		}
		if !tensor.SameDim(alpha.Shape.Size(), 1) {
			return nil, Errorf(ValueError, op, "the 'alpha' must be a scalar or a one-element Tensor, but got shape %v.", alpha.Shape)
		}
		shape, ok := unifyShapes(v.Shape, delta.Shape)
		if !ok {
			return nil, Errorf(ValueError, op, "the shape of 'delta' %v must be the shape of 'var' %v.", delta.Shape, v.Shape)
		}
		return oneMeta(v.DType, shape), nil
	},
	Eval: func(_ *Ctx, _ Attrs, in []*tensor.Tensor, _ []tensor.Meta) ([]*tensor.Tensor, error) {
		v := in[0]
		switch d := v.Data().(type) {
		case []float32:
			cpu.Descend(d, d, tensor.Elems[float32](in[2]), tensor.Elems[float32](in[1])[0])
		case []float64:
			cpu.Descend(d, d, tensor.Elems[float64](in[2]), tensor.Elems[float64](in[1])[0])
		}
		return []*tensor.Tensor{v}, nil
	},
})

// Assign gives var's new value, a copy of value: how a graph updates a
// Parameter (MindSpore's ops.assign), so that the update is a node the
// graph keeps, in order, and the Parameter's later readers in the graph
// read its output. It does not write var: values computed from var before
// the update keep what they read, as in PyNative mode. value has var's
// dtype and shape.
var Assign = define(&Primitive{
	Name:     "Assign",
	Stateful: true,
	Updates:  true,
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Assign", in, 2); err != nil {
			return nil, err
		}
		v, value := in[0], in[1]
		shape, ok := v.Shape, false
		if value.DType == v.DType {
			shape, ok = unifyShapes(v.Shape, value.Shape)
		}
		if !ok {
			return nil, Errorf(TypeError, "Assign", "the 'value' must be a Tensor[%v] of shape %v like 'variable', but got Tensor[%v] of shape %v.",
				v.DType, v.Shape, value.DType, value.Shape)
		}
		return oneMeta(v.DType, shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		return copyOf(ctx, in[1], out)
	},
})

func init() { constant(ApplyGradientDescent, Assign) }
