package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// axesArg reads an axis argument: None (every axis), an int, or a tuple
// or list of ints.
func axesArg(fname string, v Value) ([]int, error) {
	switch v := v.(type) {
	case NoneType:
		return nil, nil
	case Tuple:
		return intsArg(fname, "axis", v)
	case *List:
		return intsArg(fname, "axis", v.elems)
	}
	i, err := toIndex(v)
	if err != nil {
		return nil, TypeErrorf("For '%s', the 'axis' must be an int, a tuple of ints or None, but got %s.", fname, TypeName(v))
	}
	return []int{i}, nil
}

// intsArg reads a sequence of ints.
func intsArg(fname, what string, items []Value) ([]int, error) {
	out := make([]int, len(items))
	for i, it := range items {
		if d, ok := it.(SymInt); ok {
			out[i] = d.d
			continue
		}
		n, err := toIndex(it)
		if err != nil {
			return nil, TypeErrorf("For '%s', the '%s' must be a tuple of ints, but got an element of type %s.", fname, what, TypeName(it))
		}
		out[i] = n
	}
	return out, nil
}

// shapeArgs reads a shape given as one tuple or list, or as several ints
// (x.reshape(2, 3) and x.reshape((2, 3))).
func shapeArgs(fname string, args []Value) ([]int, error) {
	if len(args) == 1 {
		switch v := args[0].(type) {
		case Tuple:
			return intsArg(fname, "shape", v)
		case *List:
			return intsArg(fname, "shape", v.elems)
		}
	}
	return intsArg(fname, "shape", args)
}

// matmul is numpy's and MindSpore's matmul: 1-D operands become a row or
// column and lose that axis again; operands of rank above 2 are batches of
// matrices that broadcast.
func (th *Thread) matmul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if a.Rank() == 0 || b.Rank() == 0 {
		return nil, ValueErrorf("For 'MatMul', the input must be at least 1-D, but got shapes %v and %v.", a.Shape(), b.Shape())
	}
	reshape := func(t *tensor.Tensor, s tensor.Shape) (*tensor.Tensor, error) {
		return th.apply1(ops.Reshape, ops.Attrs{"shape": []int(s)}, t)
	}
	aVec, bVec := a.Rank() == 1, b.Rank() == 1
	var err error
	if aVec {
		if a, err = reshape(a, tensor.Shape{1, a.Shape()[0]}); err != nil {
			return nil, err
		}
	}
	if bVec {
		if b, err = reshape(b, tensor.Shape{b.Shape()[0], 1}); err != nil {
			return nil, err
		}
	}
	p := ops.MatMul
	if a.Rank() > 2 || b.Rank() > 2 {
		p = ops.BatchMatMul
	}
	z, err := th.apply1(p, ops.Attrs{"transpose_a": false, "transpose_b": false}, a, b)
	if err != nil || (!aVec && !bVec) {
		return z, err
	}
	s := z.Shape().Clone()
	switch {
	case aVec && bVec:
		s = s[:len(s)-2]
	case aVec:
		s = append(s[:len(s)-2], s[len(s)-1])
	default:
		s = s[:len(s)-1]
	}
	return reshape(z, s)
}

// tensorReduceMethod is a Tensor reduction method: x.sum(axis=None,
// keepdims=False) and its kin. MindSpore spells the keyword keepdims on
// some methods and keep_dims on others; both are accepted.
func tensorReduceMethod(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var axis, keep, keep2, dtype, initial Value = None, False, False, None, None
		if err := UnpackArgs(fname, args[1:], kwnames, "axis?", &axis, "keepdims?", &keep, "*keep_dims?", &keep2,
			"*dtype?", &dtype, "*initial?", &initial); err != nil {
			return nil, err
		}
		x := selfTensor(args[0]).t
		t, err := th.reduce(fname, p, x, axis, keep, keep2, dtype)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	}
}

// reduce applies a reduction primitive with the Python arguments.
func (th *Thread) reduce(fname string, p *ops.Primitive, x *tensor.Tensor, axis, keep, keep2, dtype Value) (*tensor.Tensor, error) {
	axes, err := axesArg(fname, axis)
	if err != nil {
		return nil, err
	}
	k1, err := th.Truth(keep)
	if err != nil {
		return nil, err
	}
	k2, err := th.Truth(keep2)
	if err != nil {
		return nil, err
	}
	if dtype != None {
		dt, err := dtypeArg(fname, dtype)
		if err != nil {
			return nil, err
		}
		if x, err = th.copyTensor(x, dt); err != nil {
			return nil, err
		}
	} else if p == ops.ReduceSum && x.DType() == tensor.Bool {
		// Tensor.sum counts true elements, as numpy's does.
		if x, err = th.copyTensor(x, tensor.Int64); err != nil {
			return nil, err
		}
	}
	return th.apply1(p, ops.Attrs{"axis": axes, "keep_dims": k1 || k2}, x)
}

// tensorArgMethod is x.argmax(axis=None, keepdims=False) and argmin: without an
// axis it indexes the flattened tensor.
func tensorArgMethod(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var axis, keep Value = None, False
		if err := UnpackArgs(fname, args[1:], kwnames, "axis?", &axis, "keepdims?", &keep); err != nil {
			return nil, err
		}
		t, err := th.argReduce(p, selfTensor(args[0]).t, axis, keep, tensor.Int64)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	}
}

func (th *Thread) argReduce(p *ops.Primitive, x *tensor.Tensor, axis, keep Value, out tensor.DType) (*tensor.Tensor, error) {
	k, err := th.Truth(keep)
	if err != nil {
		return nil, err
	}
	ax := 0
	if axis == None {
		if x, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{-1}}, x); err != nil {
			return nil, err
		}
	} else if ax, err = toIndex(axis); err != nil {
		return nil, TypeErrorf("For '%s', the 'axis' must be an int or None, but got %s.", p.Name, TypeName(axis))
	}
	return th.apply1(p, ops.Attrs{"axis": ax, "keep_dims": k && axis != None, "output_type": out}, x)
}

// tensorShapeMethod wraps a Tensor method that applies one primitive with
// attributes read from the arguments.
func tensorShapeMethod(fname string, p *ops.Primitive, attrs func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		x := selfTensor(args[0]).t
		a, err := attrs(th, x, args[1:], kwnames)
		if err != nil {
			return nil, err
		}
		t, err := th.apply1(p, a, x)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	}
}

// transposeAttrs reads x.transpose(*axes) or x.transpose(axes); no axes
// reverses them.
func transposeAttrs(fname string) func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
	return func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
		if err := noKwargs(fname, kwnames); err != nil {
			return nil, err
		}
		if len(args) == 0 || (len(args) == 1 && args[0] == None) {
			return ops.Attrs{"perm": reversedAxes(x.Rank())}, nil
		}
		perm, err := shapeArgs(fname, args)
		return ops.Attrs{"perm": perm}, err
	}
}

func reversedAxes(n int) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = n - 1 - i
	}
	return perm
}

func init() {
	c := TensorClass
	c.Dict.Set("T", &Property{Get: &Builtin{Name: "T", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
		x := selfTensor(args[0]).t
		t, err := th.apply1(ops.Transpose, ops.Attrs{"perm": reversedAxes(x.Rank())}, x)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	}}, Set: None, Del: None, Doc: None})
	defMethods(c, map[string]BuiltinFunc{
		"sum":     tensorReduceMethod("sum", ops.ReduceSum),
		"mean":    tensorReduceMethod("mean", ops.ReduceMean),
		"max":     tensorReduceMethod("max", ops.ReduceMax),
		"min":     tensorReduceMethod("min", ops.ReduceMin),
		"prod":    tensorReduceMethod("prod", ops.ReduceProd),
		"amax":    tensorReduceMethod("amax", ops.ReduceMax),
		"amin":    tensorReduceMethod("amin", ops.ReduceMin),
		"all":     tensorReduceMethod("all", ops.ReduceAll),
		"any":     tensorReduceMethod("any", ops.ReduceAny),
		"argmax":  tensorArgMethod("argmax", ops.Argmax),
		"argmin":  tensorArgMethod("argmin", ops.Argmin),
		"abs":     tensorUnaryMethod("abs", ops.Abs),
		"exp":     tensorUnaryMethod("exp", ops.Exp),
		"log":     tensorUnaryMethod("log", ops.Log),
		"sqrt":    tensorUnaryMethod("sqrt", ops.Sqrt),
		"square":  tensorUnaryMethod("square", ops.Square),
		"tanh":    tensorUnaryMethod("tanh", ops.Tanh),
		"sigmoid": tensorUnaryMethod("sigmoid", ops.Sigmoid),
		"relu":    tensorUnaryMethod("relu", ops.ReLU),
		"neg":     tensorUnaryMethod("neg", ops.Neg),
		"reshape": tensorShapeMethod("reshape", ops.Reshape, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			if err := noKwargs("reshape", kwnames); err != nil {
				return nil, err
			}
			s, err := shapeArgs("reshape", args)
			return ops.Attrs{"shape": s}, err
		}),
		"view": tensorShapeMethod("view", ops.Reshape, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			s, err := shapeArgs("view", args)
			return ops.Attrs{"shape": s}, err
		}),
		"transpose": tensorShapeMethod("transpose", ops.Transpose, transposeAttrs("transpose")),
		"permute":   tensorShapeMethod("permute", ops.Transpose, transposeAttrs("permute")),
		"flatten": tensorShapeMethod("flatten", ops.Reshape, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			var order, startDim, endDim Value = Str("C"), MakeInt(0), MakeInt(-1)
			if err := UnpackArgs("flatten", args, kwnames, "order?", &order, "*start_dim?", &startDim, "*end_dim?", &endDim); err != nil {
				return nil, err
			}
			if o, ok := order.(Str); !ok || (o != "C" && o != "F") {
				return nil, ValueErrorf("For 'flatten', the 'order' must be 'C' or 'F', but got %s.", reprOrType(order))
			} else if o == "F" {
				return nil, ValueErrorf("For 'flatten', order='F' is not supported: tensors are row-major.")
			}
			start, err := toIndex(startDim)
			if err != nil {
				return nil, err
			}
			end, err := toIndex(endDim)
			if err != nil {
				return nil, err
			}
			rank := max(x.Rank(), 1)
			if start < 0 {
				start += rank
			}
			if end < 0 {
				end += rank
			}
			if start < 0 || start >= rank || end < 0 || end >= rank || start > end {
				return nil, ValueErrorf("For 'flatten', 'start_dim' and 'end_dim' must be axes in [-%d, %d) with start_dim <= end_dim, but got %s and %s.",
					rank, rank, reprOrType(startDim), reprOrType(endDim))
			}
			if x.Rank() == 0 {
				return ops.Attrs{"shape": []int{1}}, nil
			}
			shape := append(append(append([]int{}, x.Shape()[:start]...), -1), x.Shape()[end+1:]...)
			return ops.Attrs{"shape": shape}, nil
		}),
		"expand_dims": tensorShapeMethod("expand_dims", ops.ExpandDims, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			var axis Value
			if err := UnpackArgs("expand_dims", args, kwnames, "axis", &axis); err != nil {
				return nil, err
			}
			n, err := toIndex(axis)
			return ops.Attrs{"axis": n}, err
		}),
		"squeeze": tensorShapeMethod("squeeze", ops.Squeeze, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			var axis Value = None
			if err := UnpackArgs("squeeze", args, kwnames, "axis?", &axis); err != nil {
				return nil, err
			}
			axes, err := axesArg("squeeze", axis)
			return ops.Attrs{"axis": axes}, err
		}),
		"broadcast_to": tensorShapeMethod("broadcast_to", ops.BroadcastTo, func(th *Thread, x *tensor.Tensor, args []Value, kwnames []string) (ops.Attrs, error) {
			var shape Value
			if err := UnpackArgs("broadcast_to", args, kwnames, "shape", &shape); err != nil {
				return nil, err
			}
			s, err := shapeArgs("broadcast_to", []Value{shape})
			return ops.Attrs{"shape": s}, err
		}),
	})
}

func tensorUnaryMethod(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(fname, args[1:], kwnames, 0, 0); err != nil {
			return nil, err
		}
		t, err := th.apply1(p, nil, selfTensor(args[0]).t)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	}
}
