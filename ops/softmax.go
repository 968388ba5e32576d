package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// softmaxPrim defines Softmax or LogSoftmax. Attribute "axis" is a []int
// of one axis, as MindSpore's Softmax keeps its axis as a tuple (an int is
// taken too), default [-1]; a 0-d input has the one axis 0. Only floats
// are accepted, as in MindSpore.
func softmaxPrim(name string, log bool) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 1); err != nil {
				return nil, err
			}
			if dt := in[0].DType; !dt.IsFloat() {
				return nil, Errorf(TypeError, name,
					"the type of 'x' must be Tensor[Float16], Tensor[Float32] or Tensor[Float64], but got Tensor[%v].", dt)
			}
			if _, err := softmaxAxis(name, a, len(in[0].Shape)); err != nil {
				return nil, err
			}
			return oneMeta(in[0].DType, in[0].Shape), nil
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			x := in[0]
			axis, err := softmaxAxis(name, a, x.Rank())
			if err != nil {
				return nil, err
			}
			z, err := allocOne(ctx, out)
			if err != nil {
				return nil, err
			}
			// A 0-d input is one line of one element.
			shape := x.Shape()
			if len(shape) == 0 {
				shape = tensor.Shape{1}
			}
			outer, n, inner := shape[:axis].Size(), shape[axis], shape[axis+1:].Size()
			switch d := z.Data().(type) {
			case []float32:
				cpu.Softmax(d, tensor.Elems[float32](x), outer, n, inner, log)
			case []float64:
				cpu.Softmax(d, tensor.Elems[float64](x), outer, n, inner, log)
			}
			return []*tensor.Tensor{z}, nil
		},
	})
}

// softmaxAxis reads attribute "axis", normalized.
func softmaxAxis(op string, a Attrs, rank int) (int, error) {
	axes := []int{-1}
	switch v := a["axis"].(type) {
	case nil:
	case []int:
		axes = v
	case int:
		axes = []int{v}
	default:
		return 0, Errorf(TypeError, op, "the 'axis' must be an int or a tuple of one int, but got %v.", v)
	}
	if len(axes) != 1 {
		return 0, Errorf(ValueError, op, "the 'axis' must hold exactly one axis, but got %v.", tensor.Shape(axes))
	}
	return axisIn(op, "axis", axes[0], max(rank, 1))
}

// Softmax is exp(x) normalized to sum to 1 along an axis; LogSoftmax is its
// log, computed directly as x - max - log(sum(exp(x - max))).
var (
	Softmax    = softmaxPrim("Softmax", false)
	LogSoftmax = softmaxPrim("LogSoftmax", true)
)
