package ops

import (
	"fmt"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// FusedMulAdd is x·y + z elementwise, each element rounded once (a fused
// multiply-add), over the broadcast of the three float operands, in
// their promoted dtype. MindSpore's optimizers' kernels (ApplyMomentum's
// accum·momentum + grad) are such products; nn.Momentum and SGD with
// momentum compute their steps with it, which is one operation, one
// rounding and one pass over the state where a Mul and an Add were two
// of each.
var FusedMulAdd = define(&Primitive{
	Name: "FusedMulAdd",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "FusedMulAdd"
		if err := arity(op, in, 3); err != nil {
			return nil, err
		}
		dt := in[0].DType
		for i, m := range in {
			if !m.DType.IsFloat() {
				return nil, &Error{Kind: TypeError, Msg: fmt.Sprintf(
					"For primitive[%s], the input %s must be a float Tensor, but got Tensor[%v].", op, [...]string{"x", "y", "z"}[i], m.DType)}
			}
			dt = tensor.Promote(dt, m.DType)
		}
		shape, err := BroadcastShape(op, in[0].Shape, in[1].Shape)
		if err == nil {
			shape, err = BroadcastShape(op, shape, in[2].Shape)
		}
		if err != nil {
			return nil, Errorf(ValueError, op, "x.shape %v, y.shape %v and z.shape %v cannot broadcast.", in[0].Shape, in[1].Shape, in[2].Shape)
		}
		return oneMeta(dt, shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		var xs [3]*tensor.Tensor
		for i, t := range in {
			c, err := castTo(ctx, t, out[0].DType)
			if err != nil {
				return nil, err
			}
			xs[i] = c
		}
		z, err := ctx.AllocOutput(out[0])
		if err != nil {
			return nil, err
		}
		shape := z.Shape()
		st := func(t *tensor.Tensor) []int { return operandStrides(t, shape) }
		switch z.DType() {
		case tensor.Float16, tensor.Float32:
			fmaAs[float32](z, xs, shape, st)
		case tensor.Float64:
			fmaAs[float64](z, xs, shape, st)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// fmaAs runs cpu.FMA on tensors whose storage is []T.
func fmaAs[T cpu.Float](z *tensor.Tensor, in [3]*tensor.Tensor, shape tensor.Shape, st func(*tensor.Tensor) []int) {
	x, y, w := in[0], in[1], in[2]
	cpu.FMA(tensor.Elems[T](z), tensor.Elems[T](x), tensor.Elems[T](y), tensor.Elems[T](w), shape, st(x), st(y), st(w))
}

func init() {
	bprop(FusedMulAdd, UsesInputs, func(g *Grad) []Value {
		dx, dy := productGrads(g)
		return []Value{dx, dy, g.Fit(g.Dout[0], 2)}
	})
}
