package ops

import (
	"fmt"
	"math"

	"msrepl/devices"
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// The shape primitives rearrange elements without computing on them: a
// reshape of any kind shares its input's storage, and every other layout
// change is one strided copy (cpu.Copy) from a view of the input. Copies
// move elements by storage width, not by dtype, since a move never looks
// at a value.

// words is t's storage as elements of its storage width (uint8, uint16,
// uint32 or uint64), for the kernels that only move elements.
func words[W any](t *tensor.Tensor) []W {
	return devices.View[W](t.Buffer())[:t.Size()]
}

// copyLayout copies an array of the given shape from src to dst through
// their layouts; the two have one dtype.
func copyLayout(dst *tensor.Tensor, dl cpu.Layout, src *tensor.Tensor, sl cpu.Layout, shape []int) {
	switch dst.DType().StorageSize() {
	case 1:
		cpu.Copy(words[uint8](dst), dl, words[uint8](src), sl, shape)
	case 2:
		cpu.Copy(words[uint16](dst), dl, words[uint16](src), sl, shape)
	case 4:
		cpu.Copy(words[uint32](dst), dl, words[uint32](src), sl, shape)
	case 8:
		cpu.Copy(words[uint64](dst), dl, words[uint64](src), sl, shape)
	}
}

// copyFrom fills the contiguous dst from src read through layout sl over
// dst's shape.
func copyFrom(dst, src *tensor.Tensor, sl cpu.Layout) {
	copyLayout(dst, cpu.RowMajor(dst.Shape()), src, sl, dst.Shape())
}

// intsAttr returns attribute name as a []int, given as a []int or a
// tensor.Shape, and whether it is present.
func intsAttr(a Attrs, name string) ([]int, bool) {
	switch v := a[name].(type) {
	case []int:
		return v, true
	case tensor.Shape:
		return v, true
	}
	return nil, false
}

// dtypeAttr returns attribute name as a dtype, or def when it is absent.
func dtypeAttr(a Attrs, name string, def tensor.DType) tensor.DType {
	if v, ok := a[name].(tensor.DType); ok {
		return v
	}
	return def
}

// axisIn normalizes an axis of a rank-n tensor into [0, n), counting a
// negative axis from the end, or gives MindSpore's error naming the
// attribute.
func axisIn(op, name string, axis, n int) (int, error) {
	if axis < -n || axis >= n {
		return 0, Errorf(ValueError, op, "the '%s' must be in range [%d, %d), but got %d.", name, -n, n, axis)
	}
	if axis < 0 {
		axis += n
	}
	return axis, nil
}

// oneMeta wraps a single output meta for Infer.
func oneMeta(dt tensor.DType, shape tensor.Shape) []tensor.Meta {
	return []tensor.Meta{{DType: dt, Shape: shape}}
}

// reshaped is the Eval of the primitives that only change the shape: the
// input's storage under the inferred shape.
func reshaped(_ *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
	return []*tensor.Tensor{in[0].Reshape(out[0].Shape)}, nil
}

// allocOne allocates the single output Infer gave.
func allocOne(ctx *Ctx, out []tensor.Meta) (*tensor.Tensor, error) {
	return ctx.Alloc(out[0])
}

// Reshape gives its input another shape of the same size, sharing its
// storage. Attribute "shape" ([]int) is the new shape; one dim may be -1,
// inferred from the others.
var Reshape = define(&Primitive{
	Name: "Reshape",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Reshape", in, 1); err != nil {
			return nil, err
		}
		want, _ := intsAttr(a, "shape")
		shape, err := reshapeTo("Reshape", in[0].Shape, want)
		return oneMeta(in[0].DType, shape), err
	},
	Eval: reshaped,
})

// reshapeTo resolves a target shape with at most one -1 for an input of
// shape from.
func reshapeTo(op string, from tensor.Shape, to []int) (tensor.Shape, error) {
	out := tensor.Shape(to).Clone()
	infer, known := -1, 1
	for i, d := range out {
		switch {
		case d == -1 && infer >= 0:
			return nil, Errorf(ValueError, op, "at most one component of 'shape' can be -1, but got %v.", out)
		case d == -1:
			infer = i
		case knownNegative(d):
			return nil, Errorf(ValueError, op, "each dim of 'shape' must be -1 or non-negative, but got %v.", out)
		default:
			known = tensor.DimMul(known, d)
		}
	}
	// Sizes of symbolic shapes are symbolic: they must be able to match,
	// and a divisibility that cannot be decided is left to the inference
	// on concrete shapes.
	size := from.Size()
	switch {
	case infer < 0 && !tensor.SameDim(size, known):
		return nil, Errorf(ValueError, op,
			"the product of the shape of 'input_x' (%s) must equal the product of 'shape' (%s), but got shapes %v and %v.",
			tensor.DimString(size), tensor.DimString(known), from, out)
	case infer >= 0 && known == 0:
		return nil, Errorf(ValueError, op, "the -1 in 'shape' %v cannot be inferred when the other dims' product is 0.", out)
	case infer >= 0 && notDivisible(size, known):
		return nil, Errorf(ValueError, op,
			"the product of the shape of 'input_x' (%s) must be divisible by the product of the other dims of 'shape' (%s), but got shapes %v and %v.",
			tensor.DimString(size), tensor.DimString(known), from, out)
	case infer >= 0:
		out[infer] = tensor.DimFloorDiv(size, known)
	}
	return out, nil
}

// ExpandDims inserts an axis of size 1 at attribute "axis" (an int in
// [-rank-1, rank]), sharing its input's storage.
var ExpandDims = define(&Primitive{
	Name: "ExpandDims",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("ExpandDims", in, 1); err != nil {
			return nil, err
		}
		x := in[0].Shape
		axis, err := axisIn("ExpandDims", "axis", a.Int("axis", 0), len(x)+1)
		if err != nil {
			return nil, err
		}
		out := make(tensor.Shape, 0, len(x)+1)
		out = append(append(append(out, x[:axis]...), 1), x[axis:]...)
		return oneMeta(in[0].DType, out), nil
	},
	Eval: reshaped,
})

// Squeeze removes axes of size 1, sharing its input's storage. Attribute
// "axis" (an int or []int) names them; absent or empty, every size-1 axis
// goes. Naming an axis whose size is not 1 is an error.
var Squeeze = define(&Primitive{
	Name: "Squeeze",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Squeeze", in, 1); err != nil {
			return nil, err
		}
		x := in[0].Shape
		drop := make([]bool, len(x))
		axes, _ := intsAttr(a, "axis")
		if ax, ok := a["axis"].(int); ok {
			axes = []int{ax}
		}
		for _, ax := range axes {
			i, err := axisIn("Squeeze", "axis", ax, len(x))
			if err != nil {
				return nil, err
			}
			if !tensor.SameDim(x[i], 1) {
				return nil, Errorf(ValueError, "Squeeze", "the input_x.shape[%d] must be equal to 1, but got %s.", i, tensor.DimString(x[i]))
			}
			drop[i] = true
		}
		out := tensor.Shape{}
		for i, d := range x {
			if !drop[i] && (len(axes) > 0 || d != 1) {
				out = append(out, d)
			}
		}
		return oneMeta(in[0].DType, out), nil
	},
	Eval: reshaped,
})

// Flatten keeps axis 0 and flattens the rest, MindSpore's ops.Flatten: (N,
// ...) becomes (N, prod(...)), and (N,) becomes (N, 1). It shares its
// input's storage.
var Flatten = define(&Primitive{
	Name: "Flatten",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Flatten", in, 1); err != nil {
			return nil, err
		}
		x := in[0].Shape
		if len(x) == 0 {
			return nil, Errorf(ValueError, "Flatten", "the rank of 'input_x' must be greater than or equal to 1, but got 0.")
		}
		return oneMeta(in[0].DType, tensor.Shape{x[0], x[1:].Size()}), nil
	},
	Eval: reshaped,
})

// Identity returns a copy of its input.
var Identity = define(&Primitive{
	Name: "Identity",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Identity", in, 1); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, in[0].Shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		return copyOf(ctx, in[0], out)
	},
})

// copyOf is a new tensor of meta out[0] holding x's elements.
func copyOf(ctx *Ctx, x *tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
	z, err := allocOne(ctx, out)
	if err != nil {
		return nil, err
	}
	copyFrom(z, x, cpu.RowMajor(x.Shape()))
	return []*tensor.Tensor{z}, nil
}

// Transpose permutes the axes: attribute "perm" ([]int, a permutation of
// the axes, negative entries counting from the end) gives, for each output
// axis, the input axis it takes. Output axis i has size shape[perm[i]].
var Transpose = define(&Primitive{
	Name: "Transpose",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Transpose", in, 1); err != nil {
			return nil, err
		}
		perm, err := permOf(a, in[0].Shape)
		if err != nil {
			return nil, err
		}
		out := make(tensor.Shape, len(perm))
		for i, p := range perm {
			out[i] = in[0].Shape[p]
		}
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		perm, _ := permOf(a, in[0].Shape())
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		st := in[0].Shape().Strides()
		src := cpu.Layout{Strides: make([]int, len(perm))}
		for i, p := range perm {
			src.Strides[i] = st[p]
		}
		copyFrom(z, in[0], src)
		return []*tensor.Tensor{z}, nil
	},
})

// permOf validates and normalizes Transpose's "perm" for an input shape.
func permOf(a Attrs, x tensor.Shape) ([]int, error) {
	raw, _ := intsAttr(a, "perm")
	if len(raw) != len(x) {
		return nil, Errorf(ValueError, "Transpose",
			"the dim of 'input_x' and 'perm' must be equal, but got %d and %d respectively.", len(x), len(raw))
	}
	perm := make([]int, len(raw))
	seen := make([]bool, len(raw))
	for i, p := range raw {
		q, err := axisIn("Transpose", "perm", p, len(x))
		if err != nil {
			return nil, err
		}
		if seen[q] {
			return nil, Errorf(ValueError, "Transpose", "the value of 'perm' must be a permutation of the axes, but got %v.",
				tensor.Shape(raw))
		}
		seen[q] = true
		perm[i] = q
	}
	return perm, nil
}

// BroadcastTo broadcasts its input to attribute "shape" ([]int) as numpy
// does: the input aligns with the shape's trailing dims, and each input dim
// must equal the target's or be 1. A target dim of -1 keeps the input's.
var BroadcastTo = define(&Primitive{
	Name: "BroadcastTo",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("BroadcastTo", in, 1); err != nil {
			return nil, err
		}
		target, _ := intsAttr(a, "shape")
		x := in[0].Shape
		if len(target) < len(x) {
			return nil, Errorf(ValueError, "BroadcastTo",
				"the rank of the target shape (%d) must not be less than the rank of 'input_x' (%d).", len(target), len(x))
		}
		lead := len(target) - len(x)
		out := tensor.Shape(target).Clone()
		for i, d := range out {
			switch {
			case d == -1 && i < lead:
				return nil, Errorf(ValueError, "BroadcastTo",
					"-1 in the target shape %v is at position %d, but -1 can only be at position %d onwards for 'input_x' of shape %v.",
					out, i, lead, x)
			case d == -1:
				out[i] = x[i-lead]
			case knownNegative(d):
				return nil, Errorf(ValueError, "BroadcastTo", "each dim of the target shape must be -1 or non-negative, but got %v.", out)
			}
		}
		for i, d := range x {
			if d != 1 && !tensor.SameDim(d, out[lead+i]) {
				return nil, Errorf(ValueError, "BroadcastTo",
					"in order to broadcast, each dimension pair must be equal or input dimension is 1 or target dimension is -1. But got x_shape: %v, target shape: %v.",
					x, tensor.Shape(target))
			}
			if d != 1 {
				out[lead+i] = preferConcrete(out[lead+i], d)
			}
		}
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		copyFrom(z, in[0], cpu.Layout{Strides: cpu.BroadcastStrides(in[0].Shape(), z.Shape())})
		return []*tensor.Tensor{z}, nil
	},
})

// Tile repeats its input along each axis, numpy's tile: attribute
// "multiples" ([]int, non-negative) gives the repetitions, and the shorter
// of multiples and the input's shape is padded with leading 1s.
var Tile = define(&Primitive{
	Name: "Tile",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Tile", in, 1); err != nil {
			return nil, err
		}
		x, reps, err := tileOf(a, in[0].Shape)
		if err != nil {
			return nil, err
		}
		out := make(tensor.Shape, len(x))
		for i := range x {
			out[i] = tensor.DimMul(x[i], reps[i])
		}
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, reps, _ := tileOf(a, in[0].Shape())
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		// The output, viewed as (reps0, x0, reps1, x1, ...), reads the
		// input with stride 0 along each repetition axis.
		st := x.Strides()
		shape := make([]int, 0, 2*len(x))
		src := cpu.Layout{Strides: make([]int, 0, 2*len(x))}
		for i := range x {
			shape = append(shape, reps[i], x[i])
			src.Strides = append(src.Strides, 0, st[i])
		}
		copyLayout(z, cpu.RowMajor(shape), in[0], src, shape)
		return []*tensor.Tensor{z}, nil
	},
})

// tileOf pads Tile's input shape and multiples to one length.
func tileOf(a Attrs, x tensor.Shape) (tensor.Shape, []int, error) {
	reps, _ := intsAttr(a, "multiples")
	for _, r := range reps {
		if knownNegative(r) {
			return nil, nil, Errorf(ValueError, "Tile", "each element of 'multiples' must be non-negative, but got %v.",
				tensor.Shape(reps))
		}
	}
	n := max(len(x), len(reps))
	px, pr := make(tensor.Shape, n), make([]int, n)
	for i := range n {
		px[i], pr[i] = 1, 1
	}
	copy(px[n-len(x):], x)
	copy(pr[n-len(reps):], reps)
	return px, pr, nil
}

// Concat joins its inputs, any number of them, along attribute "axis"
// (an int, default 0). They must have one dtype and rank, and the same
// dims except along the axis.
var Concat = define(&Primitive{
	Name: "Concat",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		axis, err := joinAxis("Concat", a, in, 0)
		if err != nil {
			return nil, err
		}
		x0 := in[0].Shape
		out := x0.Clone()
		for i, m := range in[1:] {
			if len(m.Shape) != len(x0) {
				return nil, Errorf(ValueError, "Concat",
					"all elements must have the same rank, but element%d has rank %d and element0 has rank %d.",
					i+1, len(m.Shape), len(x0))
			}
			for j, d := range m.Shape {
				if j != axis && !tensor.SameDim(d, x0[j]) {
					return nil, Errorf(ValueError, "Concat",
						"element%d shape in input can not concat with element0. To perform concat in the axis %d direction, except for the %dth axis, all other axes must have the same shape. But got element%d_shape[%d]: %s, element0_shape[%d]: %s.",
						i+1, axis, axis, i+1, j, tensor.DimString(d), j, tensor.DimString(x0[j]))
				}
				if j != axis {
					out[j] = preferConcrete(out[j], d)
				}
			}
			out[axis] = tensor.DimAdd(out[axis], m.Shape[axis])
		}
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		axis, _ := axisIn("Concat", "axis", a.Int("axis", 0), z.Rank())
		dst := cpu.RowMajor(z.Shape())
		for _, x := range in {
			copyLayout(z, dst, x, cpu.RowMajor(x.Shape()), x.Shape())
			dst.Offset += x.Shape()[axis] * dst.Strides[axis]
		}
		return []*tensor.Tensor{z}, nil
	},
})

// joinAxis checks the inputs of Concat or Stack, which must be at least
// one and of one dtype, and normalizes attribute "axis" for an output of
// rank len(in[0].Shape)+extra.
func joinAxis(op string, a Attrs, in []tensor.Meta, extra int) (int, error) {
	if len(in) == 0 {
		return 0, Errorf(ValueError, op, "the number of input tensors must be at least 1, but got 0.")
	}
	for i, m := range in[1:] {
		if m.DType != in[0].DType {
			return 0, Errorf(TypeError, op,
				"all elements must have the same dtype, but element0 is Tensor[%v] and element%d is Tensor[%v].",
				in[0].DType, i+1, m.DType)
		}
	}
	return axisIn(op, "axis", a.Int("axis", 0), len(in[0].Shape)+extra)
}

// Stack joins its inputs, of one dtype and shape, along a new axis at
// attribute "axis" (an int in [-rank-1, rank], default 0).
var Stack = define(&Primitive{
	Name: "Stack",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		axis, err := joinAxis("Stack", a, in, 1)
		if err != nil {
			return nil, err
		}
		x0 := in[0].Shape
		for i, m := range in[1:] {
			same, ok := unifyShapes(x0, m.Shape)
			if !ok {
				return nil, Errorf(ValueError, "Stack",
					"all input shapes must be the same, but element%d has shape %v and element0 has shape %v.",
					i+1, m.Shape, in[0].Shape)
			}
			x0 = same
		}
		out := make(tensor.Shape, 0, len(x0)+1)
		out = append(append(append(out, x0[:axis]...), len(in)), x0[axis:]...)
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		axis, _ := axisIn("Stack", "axis", a.Int("axis", 0), z.Rank())
		st := z.Shape().Strides()
		// Input i is the output's slice at index i of the new axis.
		dst := cpu.Layout{Strides: append(append([]int{}, st[:axis]...), st[axis+1:]...)}
		for _, x := range in {
			copyLayout(z, dst, x, cpu.RowMajor(x.Shape()), x.Shape())
			dst.Offset += st[axis]
		}
		return []*tensor.Tensor{z}, nil
	},
})

// Split cuts its input along attribute "axis" (an int, default 0) into
// several outputs: attribute "sizes" ([]int, non-negative, summing to the
// axis' size) gives each part's size; without it, attribute "output_num"
// (an int ≥ 1, default 1) equal parts, which must divide the axis.
var Split = define(&Primitive{
	Name: "Split",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Split", in, 1); err != nil {
			return nil, err
		}
		axis, sizes, err := splitOf(a, in[0].Shape)
		if err != nil {
			return nil, err
		}
		out := make([]tensor.Meta, len(sizes))
		for i, n := range sizes {
			s := in[0].Shape.Clone()
			s[axis] = n
			out[i] = tensor.Meta{DType: in[0].DType, Shape: s}
		}
		return out, nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		axis, _, _ := splitOf(a, in[0].Shape())
		src := cpu.RowMajor(in[0].Shape())
		res := make([]*tensor.Tensor, len(out))
		for i, m := range out {
			z, err := ctx.Alloc(m)
			if err != nil {
				return nil, err
			}
			copyFrom(z, in[0], src)
			src.Offset += m.Shape[axis] * src.Strides[axis]
			res[i] = z
		}
		return res, nil
	},
})

// splitOf resolves Split's attributes to the axis and the parts' sizes.
func splitOf(a Attrs, x tensor.Shape) (int, []int, error) {
	axis, err := axisIn("Split", "axis", a.Int("axis", 0), len(x))
	if err != nil {
		return 0, nil, err
	}
	dim := x[axis]
	if sizes, ok := intsAttr(a, "sizes"); ok {
		sum := 0
		for _, n := range sizes {
			if knownNegative(n) {
				return 0, nil, Errorf(ValueError, "Split", "each element of 'sizes' must be non-negative, but got %v.",
					tensor.Shape(sizes))
			}
			sum = tensor.DimAdd(sum, n)
		}
		if !tensor.SameDim(sum, dim) {
			return 0, nil, Errorf(ValueError, "Split",
				"the sum of 'sizes' %v must be equal to the size of axis %d of 'input_x' (%s), but got %s.",
				tensor.Shape(sizes), axis, tensor.DimString(dim), tensor.DimString(sum))
		}
		return axis, sizes, nil
	}
	n := a.Int("output_num", 1)
	if n < 1 {
		return 0, nil, Errorf(ValueError, "Split", "the 'output_num' must be a positive integer, but got %d.", n)
	}
	if notDivisible(dim, n) {
		return 0, nil, Errorf(ValueError, "Split",
			"the size of axis %d of 'input_x' (%s) must be divisible by 'output_num' (%d).", axis, tensor.DimString(dim), n)
	}
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = tensor.DimFloorDiv(dim, n)
	}
	return axis, sizes, nil
}

// scalarOf makes a 0-d tensor of dtype dt holding the number v (an int,
// int64, float64 or bool), converted as a cast converts it.
func scalarOf(ctx *Ctx, dt tensor.DType, v any) (*tensor.Tensor, error) {
	s, err := ctx.Alloc(tensor.Meta{DType: dt, Shape: tensor.Shape{}})
	if err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case int:
		s.SetInt(0, int64(v))
	case int64:
		s.SetInt(0, v)
	case float64:
		s.SetFloat(0, v)
	case bool:
		if v {
			s.SetInt(0, 1)
		}
	}
	return s, nil
}

// fillWith sets every element of z to the 0-d tensor s of z's dtype.
func fillWith(z, s *tensor.Tensor) {
	copyFrom(z, s, cpu.Layout{Strides: make([]int, z.Rank())})
}

// isNumber reports whether v is a number attribute scalarOf takes.
func isNumber(v any) bool {
	switch v.(type) {
	case int, int64, float64, bool:
		return true
	}
	return false
}

// Fill makes a tensor of attribute "shape" ([]int, non-negative) and
// "dtype" (default Float32) with every element attribute "value" (an int,
// float64 or bool, converted as a cast converts it). It takes no inputs.
var Fill = define(&Primitive{
	Name: "Fill",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Fill", in, 0); err != nil {
			return nil, err
		}
		shape, _ := intsAttr(a, "shape")
		for _, d := range shape {
			if knownNegative(d) {
				return nil, Errorf(ValueError, "Fill", "each dim of 'shape' must be non-negative, but got %v.", tensor.Shape(shape))
			}
		}
		if !isNumber(a["value"]) {
			return nil, Errorf(TypeError, "Fill", "the 'value' must be a number or bool, but got %v.", a["value"])
		}
		return oneMeta(dtypeAttr(a, "dtype", tensor.Float32), tensor.Shape(shape).Clone()), nil
	},
	Eval: func(ctx *Ctx, a Attrs, _ []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		s, err := scalarOf(ctx, z.DType(), a["value"])
		if err != nil {
			return nil, err
		}
		fillWith(z, s)
		return []*tensor.Tensor{z}, nil
	},
})

// likePrim defines ZerosLike or OnesLike: a tensor of the input's dtype and
// shape filled with v.
func likePrim(name string, v int) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 1); err != nil {
				return nil, err
			}
			return oneMeta(in[0].DType, in[0].Shape), nil
		},
		Eval: func(ctx *Ctx, _ Attrs, _ []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := allocOne(ctx, out)
			if err != nil {
				return nil, err
			}
			if v != 0 { // ctx.Alloc zeroes
				s, err := scalarOf(ctx, z.DType(), v)
				if err != nil {
					return nil, err
				}
				fillWith(z, s)
			}
			return []*tensor.Tensor{z}, nil
		},
	})
}

// ZerosLike and OnesLike make a tensor of their input's dtype and shape,
// all zeros or all ones.
var (
	ZerosLike = likePrim("ZerosLike", 0)
	OnesLike  = likePrim("OnesLike", 1)
)

// Range makes the 1-D tensor start, start+delta, … up to but excluding
// limit, from attributes "start", "limit" and "delta" (ints or float64s)
// and "dtype" (default Int64 when all three are ints, else Float32; an
// integer dtype truncates float attributes). It takes no inputs. As in
// MindSpore, delta must be nonzero and point from start towards limit.
var Range = define(&Primitive{
	Name: "Range",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Range", in, 0); err != nil {
			return nil, err
		}
		r, err := rangeOf(a)
		if err != nil {
			return nil, err
		}
		return oneMeta(r.dtype, tensor.Shape{r.n}), nil
	},
	Eval: func(ctx *Ctx, a Attrs, _ []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		r, _ := rangeOf(a)
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		switch d := z.Data().(type) {
		case []uint8:
			cpu.Arange(d, uint8(r.istart), uint8(r.idelta))
		case []int8:
			cpu.Arange(d, int8(r.istart), int8(r.idelta))
		case []int16:
			cpu.Arange(d, int16(r.istart), int16(r.idelta))
		case []int32:
			cpu.Arange(d, int32(r.istart), int32(r.idelta))
		case []int64:
			cpu.Arange(d, r.istart, r.idelta)
		case []float32:
			cpu.Arange(d, float32(r.start), float32(r.delta))
		case []float64:
			cpu.Arange(d, r.start, r.delta)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// arange is Range's attributes resolved: the start and step as floats and,
// for integer dtypes, as integers, the length and the dtype.
type arange struct {
	start, delta   float64
	istart, idelta int64
	n              int
	dtype          tensor.DType
}

func rangeOf(a Attrs) (arange, error) {
	var r arange
	if r, ok, err := symbolicRangeOf(a); ok {
		return r, err
	}
	ints := true
	var vals [3]float64
	var ivals [3]int64
	for i, name := range [3]string{"start", "limit", "delta"} {
		switch v := a[name].(type) {
		case int:
			vals[i], ivals[i] = float64(v), int64(v)
		case float64:
			vals[i], ivals[i] = v, int64(v)
			ints = false
		default:
			return r, Errorf(TypeError, "Range", "the '%s' must be an int or a float, but got %v.", name, a[name])
		}
	}
	start, limit, delta := vals[0], vals[1], vals[2]
	switch {
	case delta == 0:
		return r, Errorf(ValueError, "Range", "delta cannot be equal to zero.")
	case delta > 0 && start > limit:
		return r, Errorf(ValueError, "Range", "delta cannot be positive when limit < start.")
	case delta < 0 && start < limit:
		return r, Errorf(ValueError, "Range", "delta cannot be negative when limit > start.")
	}
	def := tensor.Float32
	if ints {
		def = tensor.Int64
	}
	r.dtype = dtypeAttr(a, "dtype", def)
	if r.dtype == tensor.Bool {
		return r, Errorf(TypeError, "Range", "the 'dtype' must be a number type, but got Bool.")
	}
	r.start, r.delta, r.istart, r.idelta = start, delta, ivals[0], ivals[2]
	if ints {
		span, step := ivals[1]-ivals[0], ivals[2]
		if step < 0 {
			span, step = -span, -step
		}
		r.n = int((span + step - 1) / step)
	} else {
		r.n = int(math.Ceil((limit - start) / delta))
	}
	return r, nil
}

// symbolicRangeOf infers Range whose "start" or "limit" is a symbolic dim,
// which only inference sees: its length is symbolic. It reports whether
// one is. The three must then be ints, delta a nonzero size.
func symbolicRangeOf(a Attrs) (arange, bool, error) {
	var r arange
	var vals [3]int
	symbolic, ints := false, true
	for i, name := range [3]string{"start", "limit", "delta"} {
		v, ok := a[name].(int)
		if !ok {
			ints = false
			continue
		}
		vals[i] = v
		symbolic = symbolic || tensor.IsSymbolic(v)
	}
	if !symbolic {
		return r, false, nil
	}
	start, limit, delta := vals[0], vals[1], vals[2]
	if !ints || tensor.IsSymbolic(delta) || delta == 0 {
		return r, true, Errorf(TypeError, "Range", "the 'start', 'limit' and 'delta' must be ints, 'delta' a nonzero constant, when one is symbolic, but got %v, %v and %v.",
			dimAttr(a["start"]), dimAttr(a["limit"]), dimAttr(a["delta"]))
	}
	span, step := tensor.DimSub(limit, start), delta
	switch {
	case delta > 0 && knownLess(limit, start):
		return r, true, Errorf(ValueError, "Range", "delta cannot be positive when limit < start.")
	case delta < 0 && knownLess(start, limit):
		return r, true, Errorf(ValueError, "Range", "delta cannot be negative when limit > start.")
	case delta < 0:
		span, step = tensor.DimSub(start, limit), -delta
	}
	r.dtype = dtypeAttr(a, "dtype", tensor.Int64)
	if r.dtype == tensor.Bool {
		return r, true, Errorf(TypeError, "Range", "the 'dtype' must be a number type, but got Bool.")
	}
	r.istart, r.idelta = int64(start), int64(delta)
	r.start, r.delta = float64(start), float64(delta)
	r.n = dimCeilDiv(span, step)
	return r, true, nil
}

// dimAttr writes an attribute that may be a dim.
func dimAttr(v any) string {
	if d, ok := v.(int); ok {
		return tensor.DimString(d)
	}
	return fmt.Sprint(v)
}
