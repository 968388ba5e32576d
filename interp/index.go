package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// Subscripts of tensors and arrays, shared by mindspore's Tensor and
// numpy's ndarray: a Python key is resolved into the attributes of the
// indexing primitives (ops/index.go), which do the work.

// An index is a resolved subscript. The basic part (integers, slices,
// None, Ellipsis) is StridedSlice's attributes; at most one integer array
// then applies along axis advAxis of the basic result; a boolean mask
// replaces everything else.
type index struct {
	basic   ops.Attrs
	adv     *tensor.Tensor
	advAxis int
	mask    *tensor.Tensor
	// trivial is set when the basic part takes the whole tensor, so an
	// integer array or mask applies to the tensor itself.
	trivial bool
}

// resolveIndex resolves key against a tensor of the given shape.
func (th *Thread) resolveIndex(shape tensor.Shape, key Value) (*index, error) {
	items, ok := key.(Tuple)
	if !ok {
		items = Tuple{key}
	}
	if len(items) == 1 {
		if m, ok := boolIndexTensor(items[0]); ok {
			if m.Rank() > len(shape) || !shape[:m.Rank()].Equal(m.Shape()) {
				return nil, Errorf(IndexErrorClass, "boolean index did not match indexed array along dimension 0; dimension is %d but corresponding boolean dimension is %d",
					dim0(shape), dim0(m.Shape()))
			}
			return &index{mask: m, trivial: true}, nil
		}
	}
	consumed := 0
	ellipses := 0
	for _, it := range items {
		switch it.(type) {
		case NoneType:
		case EllipsisType:
			ellipses++
		default:
			consumed++
		}
	}
	if ellipses > 1 {
		return nil, Errorf(IndexErrorClass, "an index can only have a single ellipsis ('...')")
	}
	if consumed > len(shape) {
		return nil, Errorf(IndexErrorClass, "too many indices for array: array is %d-dimensional, but %d were indexed", len(shape), consumed)
	}
	var begin, end, strides, shrink, newAxis []int
	idx := &index{trivial: true}
	d, p := 0, 0 // input axis, output axis
	whole := func() {
		begin, end, strides = append(begin, 0), append(end, shape[d]), append(strides, 1)
		d++
		p++
	}
	for _, it := range items {
		switch v := it.(type) {
		case NoneType:
			newAxis = append(newAxis, p)
			p++
			idx.trivial = false
		case EllipsisType:
			for range len(shape) - consumed {
				whole()
			}
		case *Slice:
			start, stop, step, err := v.indices(shape[d])
			if err != nil {
				return nil, err
			}
			if start != 0 || stop != shape[d] || step != 1 {
				idx.trivial = false
			}
			begin, end, strides = append(begin, start), append(end, stop), append(strides, step)
			d++
			p++
		case Int, Bool, *BigInt:
			i, err := toIndex(v)
			if err != nil {
				return nil, err
			}
			n := shape[d]
			if i < -n || i >= n {
				return nil, Errorf(IndexErrorClass, "index %d is out of bounds for axis %d with size %d", i, d, n)
			}
			if i < 0 {
				i += n
			}
			begin, end, strides = append(begin, i), append(end, i+1), append(strides, 1)
			shrink = append(shrink, d)
			d++
			idx.trivial = false
		default:
			t, err := th.intIndexTensor(it)
			if err != nil {
				return nil, err
			}
			if idx.adv != nil {
				return nil, Errorf(IndexErrorClass, "only one integer array index per subscript is supported; index the axes one at a time")
			}
			idx.adv, idx.advAxis = t, p
			whole()
		}
	}
	idx.basic = ops.Attrs{"begin": begin, "end": end, "strides": strides, "shrink": shrink, "new_axis": newAxis}
	return idx, nil
}

func dim0(s tensor.Shape) int {
	if len(s) == 0 {
		return 0
	}
	return s[0]
}

// boolIndexTensor reports whether v is a boolean tensor or array, a mask.
func boolIndexTensor(v Value) (*tensor.Tensor, bool) {
	var t *tensor.Tensor
	switch v := v.(type) {
	case *Tensor:
		t = v.t
	case *NDArray:
		t = v.t
	default:
		return nil, false
	}
	return t, t.DType() == tensor.Bool
}

// intIndexTensor converts an integer array index: a tensor, an ndarray or
// a list of ints.
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
		return nil, Errorf(IndexErrorClass, "only integers, slices (`:`), ellipsis (`...`), None and integer or boolean arrays are valid indices, not '%s'", TypeName(v))
	}
	switch t.DType() {
	case tensor.Int32, tensor.Int64:
		return t, nil
	case tensor.Bool:
		return nil, Errorf(IndexErrorClass, "a boolean index must be the only index of a subscript")
	case tensor.UInt8, tensor.Int8, tensor.Int16:
		return th.apply1(ops.Cast, ops.Attrs{"dtype": tensor.Int64}, t)
	}
	return nil, Errorf(IndexErrorClass, "arrays used as indices must be of integer (or boolean) type, not %s", t.DType().NumpyName())
}

// getIndex is x[key].
func (th *Thread) getIndex(x *tensor.Tensor, key Value) (*tensor.Tensor, error) {
	idx, err := th.resolveIndex(x.Shape(), key)
	if err != nil {
		return nil, err
	}
	if idx.mask != nil {
		return th.maskedSelect(x, idx.mask)
	}
	y := x
	if !idx.trivial || idx.adv == nil {
		if y, err = th.apply1(ops.StridedSlice, idx.basic, x); err != nil {
			return nil, err
		}
	}
	if idx.adv != nil {
		return th.apply1(ops.Gather, ops.Attrs{"axis": idx.advAxis}, y, idx.adv)
	}
	return y, nil
}

// maskedSelect is x[mask] for a mask over x's leading axes: the selected
// sub-arrays stacked along a new first axis.
func (th *Thread) maskedSelect(x, mask *tensor.Tensor) (*tensor.Tensor, error) {
	rest := x.Shape()[mask.Rank():]
	m := mask
	if len(rest) > 0 {
		s := append(mask.Shape().Clone(), make(tensor.Shape, len(rest))...)
		for i := mask.Rank(); i < len(s); i++ {
			s[i] = 1
		}
		var err error
		if m, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(s)}, mask); err != nil {
			return nil, err
		}
	}
	flat, err := th.apply1(ops.MaskedSelect, nil, x, m)
	if err != nil || len(rest) == 0 {
		return flat, err
	}
	return th.apply1(ops.Reshape, ops.Attrs{"shape": append([]int{-1}, rest...)}, flat)
}

// setIndex is x[key] = value; it returns the new data of x.
func (th *Thread) setIndex(x *tensor.Tensor, key Value, value *tensor.Tensor) (*tensor.Tensor, error) {
	idx, err := th.resolveIndex(x.Shape(), key)
	if err != nil {
		return nil, err
	}
	if idx.mask != nil {
		m := idx.mask
		if m.Rank() < x.Rank() {
			s := append(m.Shape().Clone(), make(tensor.Shape, x.Rank()-m.Rank())...)
			for i := m.Rank(); i < len(s); i++ {
				s[i] = 1
			}
			if m, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(s)}, m); err != nil {
				return nil, err
			}
		}
		if value.Size() == 1 {
			return th.apply1(ops.MaskedFill, nil, x, m, value)
		}
		if value.DType() != x.DType() {
			if value, err = th.copyTensor(value, x.DType()); err != nil {
				return nil, err
			}
		}
		return th.apply1(ops.MaskedScatter, nil, x, m, value)
	}
	if idx.adv == nil {
		return th.apply1(ops.TensorCopySlices, idx.basic, x, value)
	}
	if !idx.trivial || idx.advAxis != 0 {
		return nil, Errorf(IndexErrorClass, "assignment through an integer array index is supported on the first axis only, as x[idx] = v")
	}
	// x[idx] = v: one index row per element of idx, each naming a sub-array
	// along axis 0; v broadcasts to idx.shape + x.shape[1:].
	rows, err := th.apply1(ops.ExpandDims, ops.Attrs{"axis": -1}, idx.adv)
	if err != nil {
		return nil, err
	}
	target := append(idx.adv.Shape().Clone(), x.Shape()[1:]...)
	if value.DType() != x.DType() {
		if value, err = th.copyTensor(value, x.DType()); err != nil {
			return nil, err
		}
	}
	if !value.Shape().Equal(target) {
		if value, err = th.apply1(ops.BroadcastTo, ops.Attrs{"shape": []int(target)}, value); err != nil {
			return nil, err
		}
	}
	return th.apply1(ops.TensorScatterUpdate, nil, x, rows, value)
}

func (x *Tensor) GetItem(th *Thread, key Value) (Value, error) {
	y, err := th.getIndex(x.t, key)
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
	y, err := th.setIndex(x.t, key, val)
	if err != nil {
		return err
	}
	x.t = y
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
