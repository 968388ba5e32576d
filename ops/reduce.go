package ops

import (
	"strings"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// The reductions take attributes "axis" (a []int, or an int; absent, nil or
// empty reduces every axis, as MindSpore's default axis=() does; negative
// axes count from the end; a 0-d input has the one axis 0) and "keep_dims"
// (bool: reduced axes stay as size 1). Axes out of range or repeated are a
// ValueError.
//
// dtypes follow MindSpore's primitives, which keep the input's dtype:
// ReduceSum and ReduceProd of integers wrap around in that dtype, and on
// Bool they are "any" and "all", as numpy's add and multiply reduce with
// dtype=bool. (Tensor.sum's promotion of Bool to Int32 belongs to the API
// above the primitive.) ReduceMean of integers and Bool computes and gives
// Float32. ReduceAll and ReduceAny read any dtype as Bool. Float16 sums,
// products and means compute in float32 and round once at the end, as
// numpy's np.sum(x.astype(float32)).astype(float16) does.
//
// Over zero elements a sum is 0, a product 1, a mean NaN, All true and Any
// false; ReduceMax and ReduceMin have no value and raise a ValueError.

// reduceAxes reads attribute "axis" for an input of the given rank: the
// reduced axes, ascending, with negative ones normalized.
func reduceAxes(op string, a Attrs, rank int) ([]int, error) {
	var axes []int
	switch v := a["axis"].(type) {
	case nil:
	case []int:
		axes = v
	case int:
		axes = []int{v}
	default:
		return nil, Errorf(TypeError, op, "the 'axis' must be an int, a tuple of ints or None, but got %v.", v)
	}
	// A 0-d input reduces as if it had one axis of size 1.
	n := max(rank, 1)
	var small [8]bool
	var reduced []bool
	if n <= len(small) {
		reduced = small[:n]
	} else {
		reduced = make([]bool, n)
	}
	for _, ax := range axes {
		i, err := axisIn(op, "axis", ax, n)
		if err != nil {
			return nil, err
		}
		if reduced[i] {
			// A Shape prints as the Python tuple MindSpore's message shows.
			return nil, Errorf(ValueError, op, "the 'axis' must not contain duplicate values, but got %v.", tensor.Shape(axes))
		}
		reduced[i] = true
	}
	out := make([]int, 0, rank)
	for i := range rank {
		if reduced[i] || len(axes) == 0 {
			out = append(out, i)
		}
	}
	return out, nil
}

// reducedShape is the shape of x reduced along axes.
func reducedShape(x tensor.Shape, axes []int, keepDims bool) tensor.Shape {
	out := make(tensor.Shape, 0, len(x))
	next := 0
	for i, d := range x {
		if next < len(axes) && axes[next] == i {
			next++
			if keepDims {
				out = append(out, 1)
			}
			continue
		}
		out = append(out, d)
	}
	return out
}

// reduceMeta infers a reduction: its axes and output shape, and the number
// of elements reduced into each output.
func reduceMeta(op string, a Attrs, in tensor.Meta) ([]int, tensor.Shape, int, error) {
	x := in.Shape
	axes, err := reduceAxes(op, a, len(x))
	if err != nil {
		return nil, nil, 0, err
	}
	count := 1
	for _, ax := range axes {
		count = tensor.DimMul(count, x[ax])
	}
	return axes, reducedShape(x, axes, a.Bool("keep_dims", false)), count, nil
}

// reducePrim defines a reduction that keeps its input's dtype. what names
// the result in the error for zero elements, for the ops that have no
// value there.
func reducePrim(name string, op cpu.ReduceOp, what string) *Primitive {
	return define(&Primitive{
		Name: name,
		Unary: &UnaryRules{
			Infer: func(a Attrs, in tensor.Meta) (tensor.Meta, error) {
				axes, shape, count, err := reduceMeta(name, a, in)
				if err != nil {
					return tensor.Meta{}, err
				}
				if what != "" && count == 0 && !knownNonPositive(shape.Size()) {
					return tensor.Meta{}, Errorf(ValueError, name, "cannot take the %s of zero elements: 'axis' %v of x.shape %v has size 0.",
						what, tensor.Shape(axes), in.Shape)
				}
				return tensor.Meta{DType: in.DType, Shape: shape}, nil
			},
			Eval: func(ctx *Ctx, a Attrs, x *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
				axes, err := reduceAxes(name, a, x.Rank())
				if err != nil {
					return nil, err
				}
				z, err := ctx.Alloc(out)
				if err != nil {
					return nil, err
				}
				shape := x.Shape()
				switch d := z.Data().(type) {
				case []bool:
					cpu.ReduceBool(op, d, tensor.Elems[bool](x), shape, axes)
				case []uint8:
					cpu.Reduce(op, d, tensor.Elems[uint8](x), shape, axes)
				case []int8:
					cpu.Reduce(op, d, tensor.Elems[int8](x), shape, axes)
				case []int16:
					cpu.Reduce(op, d, tensor.Elems[int16](x), shape, axes)
				case []int32:
					cpu.Reduce(op, d, tensor.Elems[int32](x), shape, axes)
				case []int64:
					cpu.Reduce(op, d, tensor.Elems[int64](x), shape, axes)
				case []float32:
					cpu.Reduce(op, d, tensor.Elems[float32](x), shape, axes)
				case []float64:
					cpu.Reduce(op, d, tensor.Elems[float64](x), shape, axes)
				}
				return z, nil
			},
		},
	})
}

// The reductions that keep their input's dtype.
var (
	ReduceSum  = reducePrim("ReduceSum", cpu.ReduceSum, "")
	ReduceProd = reducePrim("ReduceProd", cpu.ReduceProd, "")
	ReduceMax  = reducePrim("ReduceMax", cpu.ReduceMax, "maximum")
	ReduceMin  = reducePrim("ReduceMin", cpu.ReduceMin, "minimum")
)

// ReduceMean is the mean along axes; integers and Bool give Float32.
var ReduceMean = define(&Primitive{
	Name: "ReduceMean",
	Unary: &UnaryRules{
		Infer: func(a Attrs, in tensor.Meta) (tensor.Meta, error) {
			_, shape, _, err := reduceMeta("ReduceMean", a, in)
			if err != nil {
				return tensor.Meta{}, err
			}
			dt := in.DType
			if !dt.IsFloat() {
				dt = tensor.Float32
			}
			return tensor.Meta{DType: dt, Shape: shape}, nil
		},
		Eval: func(ctx *Ctx, a Attrs, in *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
			axes, err := reduceAxes("ReduceMean", a, in.Rank())
			if err != nil {
				return nil, err
			}
			x, err := castTo(ctx, in, out.DType)
			if err != nil {
				return nil, err
			}
			z, err := ctx.Alloc(out)
			if err != nil {
				return nil, err
			}
			switch d := z.Data().(type) {
			case []float32:
				cpu.Mean(d, tensor.Elems[float32](x), x.Shape(), axes)
			case []float64:
				cpu.Mean(d, tensor.Elems[float64](x), x.Shape(), axes)
			}
			return z, nil
		},
	},
})

// boolReducePrim defines ReduceAll or ReduceAny: any dtype, read as Bool.
func boolReducePrim(name string, op cpu.ReduceOp) *Primitive {
	return define(&Primitive{
		Name: name,
		Unary: &UnaryRules{
			Infer: func(a Attrs, in tensor.Meta) (tensor.Meta, error) {
				_, shape, _, err := reduceMeta(name, a, in)
				return tensor.Meta{DType: tensor.Bool, Shape: shape}, err
			},
			Eval: func(ctx *Ctx, a Attrs, in *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error) {
				axes, err := reduceAxes(name, a, in.Rank())
				if err != nil {
					return nil, err
				}
				x, err := castTo(ctx, in, tensor.Bool)
				if err != nil {
					return nil, err
				}
				z, err := ctx.Alloc(out)
				if err != nil {
					return nil, err
				}
				cpu.ReduceBool(op, tensor.Elems[bool](z), tensor.Elems[bool](x), x.Shape(), axes)
				return z, nil
			},
		},
	})
}

// ReduceAll and ReduceAny are "and" and "or" along axes.
var (
	ReduceAll = boolReducePrim("ReduceAll", cpu.ReduceMin)
	ReduceAny = boolReducePrim("ReduceAny", cpu.ReduceMax)
)

// The index reductions Argmax and Argmin take attributes "axis" (int,
// default -1, in [-rank, rank): a 0-d input has no axis, as in MindSpore),
// "keep_dims" (bool) and "output_type" (tensor.DType, Int32 as MindSpore's
// ops.Argmax defaults, or Int64). They take every dtype, Bool as 0 and 1;
// the first of equal elements wins and NaN wins over numbers, as in numpy.
// An axis of size 0 has no index to give: a ValueError.

// argMeta infers an index reduction: the axis, normalized, and the output
// meta.
func argMeta(op string, a Attrs, in []tensor.Meta) (int, tensor.Meta, error) {
	if err := arity(op, in, 1); err != nil {
		return 0, tensor.Meta{}, err
	}
	x := in[0].Shape
	axis := -1
	switch v := a["axis"].(type) {
	case nil:
	case int:
		axis = v
	default:
		return 0, tensor.Meta{}, Errorf(TypeError, op, "the 'axis' must be an int, but got %v.", v)
	}
	axis, err := axisIn(op, "axis", axis, len(x))
	if err != nil {
		return 0, tensor.Meta{}, err
	}
	dt := dtypeAttr(a, "output_type", tensor.Int32)
	if dt != tensor.Int32 && dt != tensor.Int64 {
		return 0, tensor.Meta{}, Errorf(TypeError, op, "the 'output_type' must be Int32 or Int64, but got %v.", dt)
	}
	shape := reducedShape(x, []int{axis}, a.Bool("keep_dims", false))
	if x[axis] == 0 && !knownNonPositive(shape.Size()) {
		return 0, tensor.Meta{}, Errorf(ValueError, op, "cannot take the %s of zero elements: 'axis' %d of x.shape %v has size 0.",
			strings.ToLower(op), axis, x)
	}
	return axis, tensor.Meta{DType: dt, Shape: shape}, nil
}

func argPrim(name string, least bool) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			_, m, err := argMeta(name, a, in)
			return []tensor.Meta{m}, err
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			axis, _, err := argMeta(name, a, []tensor.Meta{in[0].Meta()})
			if err != nil {
				return nil, err
			}
			x := in[0]
			if x.DType() == tensor.Bool {
				if x, err = castTo(ctx, x, tensor.UInt8); err != nil {
					return nil, err
				}
			}
			z, err := allocOne(ctx, out)
			if err != nil {
				return nil, err
			}
			shape := x.Shape()
			outer, inner := shape[:axis].Size(), shape[axis+1:].Size()
			switch d := z.Data().(type) {
			case []int32:
				argInto(least, d, x, outer, shape[axis], inner)
			case []int64:
				argInto(least, d, x, outer, shape[axis], inner)
			}
			return []*tensor.Tensor{z}, nil
		},
	})
}

// argInto runs Argmax or Argmin on x's storage type.
func argInto[I cpu.Index](least bool, dst []I, x *tensor.Tensor, outer, n, inner int) {
	if len(dst) == 0 {
		return
	}
	switch d := x.Data().(type) {
	case []uint8:
		argKernel(least, dst, d, outer, n, inner)
	case []int8:
		argKernel(least, dst, d, outer, n, inner)
	case []int16:
		argKernel(least, dst, d, outer, n, inner)
	case []int32:
		argKernel(least, dst, d, outer, n, inner)
	case []int64:
		argKernel(least, dst, d, outer, n, inner)
	case []float32:
		argKernel(least, dst, d, outer, n, inner)
	case []float64:
		argKernel(least, dst, d, outer, n, inner)
	}
}

func argKernel[T cpu.Number, I cpu.Index](least bool, dst []I, x []T, outer, n, inner int) {
	if least {
		cpu.Argmin(dst, x, outer, n, inner)
	} else {
		cpu.Argmax(dst, x, outer, n, inner)
	}
}

// Argmax and Argmin are the index of the greatest and least element along
// an axis.
var (
	Argmax = argPrim("Argmax", false)
	Argmin = argPrim("Argmin", true)
)
