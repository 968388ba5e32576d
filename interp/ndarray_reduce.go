package interp

import (
	"slices"

	"msrepl/ops"
	"msrepl/tensor"
)

// numpy's reductions (sum, mean, max, ...) over the Reduce primitives: the
// axis argument in numpy's forms and words, and numpy's result dtypes,
// which the input is cast to before reducing.

// npAxisErrorClass is numpy.AxisError, both a ValueError and an
// IndexError.
var npAxisErrorClass = func() *Class {
	c := NewBuiltinClass("AxisError", ValueErrorClass, nil)
	c.Module = "numpy"
	c.Bases = []*Class{ValueErrorClass, IndexErrorClass}
	mro, err := c3(c, c.Bases)
	if err != nil {
		panic(err)
	}
	c.MRO = mro
	return c
}()

// npAxis normalizes an axis of an array of the given rank, counting a
// negative one from the end.
func npAxis(v Value, rank int) (int, error) {
	n, err := toIndex(v)
	if err != nil {
		return 0, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(v))
	}
	if n < -rank || n >= rank {
		return 0, Errorf(npAxisErrorClass, "axis %d is out of bounds for array of dimension %d", n, rank)
	}
	if n < 0 {
		n += rank
	}
	return n, nil
}

// npAxes reads a reduction's axis argument: None (every axis), an int or a
// tuple of ints. all reports None.
func npAxes(v Value, rank int) (axes []int, all bool, err error) {
	if v == None {
		return nil, true, nil
	}
	items, ok := v.(Tuple)
	if !ok {
		items = Tuple{v}
	}
	seen := make([]bool, rank)
	for _, it := range items {
		ax, err := npAxis(it, rank)
		if err != nil {
			return nil, false, err
		}
		if seen[ax] {
			return nil, false, ValueErrorf("duplicate value in 'axis'")
		}
		seen[ax] = true
	}
	for i, s := range seen {
		if s {
			axes = append(axes, i)
		}
	}
	return axes, false, nil
}

// An npReduction is one of numpy's reductions.
type npReduction struct {
	name string // the ufunc's name, for the error of an empty max or min
	prim *ops.Primitive
	// dtype gives the dtype the input reduces in, from its own.
	dtype func(tensor.DType) tensor.DType
	// identity: the reduction has a value over zero elements.
	identity bool
}

// npSumDType is the dtype numpy sums and multiplies in: integers narrower
// than int64, and bool, widen to int64 (numpy's uint64 for uint8, which
// msrepl lacks).
func npSumDType(d tensor.DType) tensor.DType {
	if d.IsFloat() {
		return d
	}
	return tensor.Int64
}

func npSameDType(d tensor.DType) tensor.DType { return d }

// The reductions.
var (
	npSumReduction  = &npReduction{name: "add", prim: ops.ReduceSum, dtype: npSumDType, identity: true}
	npProdReduction = &npReduction{name: "multiply", prim: ops.ReduceProd, dtype: npSumDType, identity: true}
	npMeanReduction = &npReduction{name: "mean", prim: ops.ReduceMean, dtype: func(d tensor.DType) tensor.DType {
		if d.IsFloat() {
			return d
		}
		return tensor.Float64
	}, identity: true}
	npMaxReduction = &npReduction{name: "maximum", prim: ops.ReduceMax, dtype: npSameDType}
	npMinReduction = &npReduction{name: "minimum", prim: ops.ReduceMin, dtype: npSameDType}
	npAllReduction = &npReduction{name: "logical_and", prim: ops.ReduceAll, dtype: npSameDType, identity: true}
	npAnyReduction = &npReduction{name: "logical_or", prim: ops.ReduceAny, dtype: npSameDType, identity: true}
)

// npReduce reduces t along axis (an argument value) in dtype (None for
// the reduction's default).
func (th *Thread) npReduce(r *npReduction, t *tensor.Tensor, axis Value, keepdims bool, dtype Value) (*NDArray, error) {
	axes, all, err := npAxes(axis, t.Rank())
	if err != nil {
		return nil, err
	}
	dt := r.dtype(t.DType())
	if dtype != None {
		if dt, err = npDTypeArg(dtype); err != nil {
			return nil, err
		}
	}
	x, err := th.npCast(t, dt)
	if err != nil {
		return nil, err
	}
	if !all && len(axes) == 0 {
		// axis=() reduces nothing; the primitives read no axes as all.
		if x == t {
			x, err = th.copyTensor(t, dt)
		}
		return npResult(x), err
	}
	if !r.identity {
		count, outSize := 1, 1
		for i, d := range t.Shape() {
			if all || slices.Contains(axes, i) {
				count *= d
			} else {
				outSize *= d
			}
		}
		if count == 0 && outSize > 0 {
			return nil, ValueErrorf("zero-size array to reduction operation %s which has no identity", r.name)
		}
	}
	attrs := ops.Attrs{"keep_dims": keepdims}
	if !all {
		attrs["axis"] = axes
	}
	z, err := th.apply1(r.prim, attrs, x)
	if err != nil {
		return nil, err
	}
	return npResult(z), nil
}

// npArgReduce reduces to the index of the greatest (or least) element along
// axis, or of the flattened array when axis is None.
func (th *Thread) npArgReduce(least bool, t *tensor.Tensor, axis Value, keepdims bool) (*NDArray, error) {
	name, prim := "argmax", ops.Argmax
	if least {
		name, prim = "argmin", ops.Argmin
	}
	x, ax := t, 0
	if axis == None {
		var err error
		if x, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{-1}}, t); err != nil {
			return nil, err
		}
	} else {
		var err error
		if ax, err = npAxis(axis, t.Rank()); err != nil {
			return nil, err
		}
	}
	if x.Shape()[ax] == 0 {
		return nil, ValueErrorf("attempt to get %s of an empty sequence", name)
	}
	z, err := th.apply1(prim, ops.Attrs{"axis": ax, "keep_dims": keepdims && axis != None, "output_type": tensor.Int64}, x)
	if err != nil {
		return nil, err
	}
	if keepdims && axis == None {
		ones := make([]int, t.Rank())
		for i := range ones {
			ones[i] = 1
		}
		if z, err = th.apply1(ops.Reshape, ops.Attrs{"shape": ones}, z); err != nil {
			return nil, err
		}
		return npArray(z), nil
	}
	return npResult(z), nil
}
