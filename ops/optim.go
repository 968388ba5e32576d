package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// ApplyGradientDescent is var - alpha·delta, MindSpore's plain
// gradient-descent update, in one pass: var and delta are floats of one
// dtype and shape, alpha a 0-d or one-element tensor of that dtype. It
// returns the updated value; assigning it to the Parameter is the
// optimizer's business.
var ApplyGradientDescent = define(&Primitive{
	Name: "ApplyGradientDescent",
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
		if alpha.Shape.Size() != 1 {
			return nil, Errorf(ValueError, op, "the 'alpha' must be a scalar or a one-element Tensor, but got shape %v.", alpha.Shape)
		}
		if !delta.Shape.Equal(v.Shape) {
			return nil, Errorf(ValueError, op, "the shape of 'delta' %v must be the shape of 'var' %v.", delta.Shape, v.Shape)
		}
		return oneMeta(v.DType, v.Shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		switch d := z.Data().(type) {
		case []float32:
			cpu.Descend(d, tensor.Elems[float32](in[0]), tensor.Elems[float32](in[2]), tensor.Elems[float32](in[1])[0])
		case []float64:
			cpu.Descend(d, tensor.Elems[float64](in[0]), tensor.Elems[float64](in[2]), tensor.Elems[float64](in[1])[0])
		}
		return []*tensor.Tensor{z}, nil
	},
})

func init() {
	bprop(ApplyGradientDescent, UsesInputs, func(g *Grad) []Value {
		alpha, delta, d := g.In[1], g.In[2], g.Dout[0]
		var dalpha, ddelta Value
		if g.Wants(1) {
			dalpha = g.Neg(g.Op(ReduceSum, nil, g.Mul(d, delta)))
		}
		if g.Wants(2) {
			ddelta = g.Neg(g.Mul(d, alpha))
		}
		return []Value{g.Fit(d, 0), g.Fit(dalpha, 1), g.Fit(ddelta, 2)}
	})
}
