package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// Subscripts of Tensors follow numpy's rules, through the indexer that
// numpy's ndarray uses (readIndex and writeIndex in ndarray_index.go).

// intIndexTensor converts an integer array argument (ops.gather's
// indices): a tensor, an ndarray or a list of ints.
func (th *Thread) intIndexTensor(v Value) (*tensor.Tensor, error) {
	var t *tensor.Tensor
	switch v := v.(type) {
	case *Tensor:
		t = v.t
	case *NDArray:
		t = v.t
	case *List, Tuple:
		h, err := th.flatten("index", v)
		if err != nil {
			return nil, err
		}
		if t, err = th.buildTensor(h, h.defaultDType(tensor.Float32)); err != nil {
			return nil, err
		}
	default:
		return nil, TypeErrorf("the indices must be a Tensor, a numpy.ndarray or a list of ints, not '%s'", TypeName(v))
	}
	switch t.DType() {
	case tensor.Int32, tensor.Int64:
		return t, nil
	case tensor.UInt8, tensor.Int8, tensor.Int16:
		return th.apply1(ops.Cast, ops.Attrs{"dtype": tensor.Int64}, t)
	}
	return nil, Errorf(IndexErrorClass, "arrays used as indices must be of integer type, not %s", t.DType().NumpyName())
}

func (x *Tensor) GetItem(th *Thread, key Value) (Value, error) {
	y, _, err := th.readIndex(x.t, key)
	if err != nil {
		return nil, err
	}
	return NewTensor(y), nil
}

// SetItem replaces x's data by the updated tensor: every name bound to
// this Tensor sees the assignment.
func (x *Tensor) SetItem(th *Thread, key, v Value) error {
	val, ok, err := th.tensorOperand(x.t.DType(), v)
	if err != nil {
		return err
	}
	if !ok {
		return TypeErrorf("can't assign a '%s' to a Tensor element", TypeName(v))
	}
	if val.DType() != x.t.DType() {
		if val, err = th.copyTensor(val, x.t.DType()); err != nil {
			return err
		}
	}
	y, err := th.writeIndex(x.t, key, val)
	if err != nil {
		return err
	}
	x.t = y
	if x.param != nil {
		th.trackParam(x)
	}
	return nil
}

// Iterate walks axis 0, as a for loop over a Tensor does.
func (x *Tensor) Iterate(th *Thread) (Iterator, error) {
	if x.t.Rank() == 0 {
		return nil, TypeErrorf("iteration over a 0-d tensor")
	}
	return &axisIterator{t: x.t, wrap: func(t *tensor.Tensor) Value { return NewTensor(t) }}, nil
}

// axisIterator yields t[0], t[1], ... .
type axisIterator struct {
	t    *tensor.Tensor
	i    int
	wrap func(*tensor.Tensor) Value
}

func (*axisIterator) Type() *Class { return IteratorClass }

func (it *axisIterator) Next(th *Thread) (Value, bool, error) {
	if it.i >= it.t.Shape()[0] {
		return nil, false, nil
	}
	y, err := th.apply1(ops.StridedSlice, ops.Attrs{"begin": []int{it.i}, "end": []int{it.i + 1}, "strides": []int{1}, "shrink": []int{0}}, it.t)
	if err != nil {
		return nil, false, err
	}
	it.i++
	return it.wrap(y), true, nil
}
