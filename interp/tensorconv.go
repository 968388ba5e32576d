package interp

import (
	"math/big"

	"msrepl/tensor"
)

// Conversion of Python data (numbers, nested lists and tuples, tensors and
// ndarrays) into tensors, as Tensor(...), numpy.array(...) and the
// scalar operands of tensor operators do.

// scalarKind orders the kinds of Python scalars: the widest one present
// decides a converted array's dtype.
type scalarKind uint8

const (
	kindBool scalarKind = iota
	kindInt
	kindFloat
)

// hostArray is nested Python data flattened: its shape, its elements as
// Go numbers and the widest kind (or tensor dtype) found.
type hostArray struct {
	shape  tensor.Shape
	floats []float64
	ints   []int64
	kind   scalarKind
	// dtype is set when the data held tensors or arrays: their promoted
	// dtype, which wins over the Python scalars' kind.
	dtype      tensor.DType
	hasDType   bool
	frozen     bool // the shape is complete: a leaf was reached
	hasScalars bool // some elements were Python scalars
}

// flatten walks nested lists and tuples. The first element of each level
// fixes the shape of that level; any other length is an error, as numpy's
// "inhomogeneous shape".
func (th *Thread) flatten(fname string, v Value) (*hostArray, error) {
	h := &hostArray{}
	if err := th.flattenInto(fname, h, v, 0); err != nil {
		return nil, err
	}
	return h, nil
}

func (th *Thread) flattenInto(fname string, h *hostArray, v Value, depth int) error {
	var items []Value
	switch v := v.(type) {
	case *List:
		items = v.elems
	case Tuple:
		items = v
	case *Tensor:
		if err := th.valueRead(v.t, "For '"+fname+"', a Tensor's values"); err != nil {
			return err
		}
		return h.addTensor(fname, v.t, depth)
	case *NDArray:
		return h.addTensor(fname, v.t, depth)
	default:
		if err := h.leafAt(fname, depth, nil); err != nil {
			return err
		}
		return h.addScalar(fname, v)
	}
	if !h.frozen {
		h.shape = append(h.shape, len(items))
		h.frozen = len(items) == 0
	} else if depth >= len(h.shape) || h.shape[depth] != len(items) {
		return inhomogeneous(fname, depth, h.shape)
	}
	for _, it := range items {
		if err := th.flattenInto(fname, h, it, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// leafAt checks that a leaf (a scalar, or a tensor of shape inner) at depth
// fits the shape; the first leaf fixes it.
func (h *hostArray) leafAt(fname string, depth int, inner tensor.Shape) error {
	if !h.frozen {
		h.shape = append(h.shape, inner...)
		h.frozen = true
		return nil
	}
	if len(h.shape) != depth+len(inner) || !h.shape[depth:].Equal(inner) {
		return inhomogeneous(fname, depth, h.shape)
	}
	return nil
}

func inhomogeneous(fname string, depth int, shape tensor.Shape) error {
	return ValueErrorf("For '%s', the input data has an inhomogeneous shape after %d dimensions; the detected shape was %v.",
		fname, depth, shape[:min(depth, len(shape))])
}

func (h *hostArray) addScalar(fname string, v Value) error {
	h.hasScalars = true
	switch x := v.(type) {
	case Bool:
		n := int64(0)
		if x {
			n = 1
		}
		h.ints = append(h.ints, n)
		h.floats = append(h.floats, float64(n))
		return nil
	case Int:
		h.kind = max(h.kind, kindInt)
		h.ints = append(h.ints, int64(x))
		h.floats = append(h.floats, float64(x))
		return nil
	case *BigInt:
		if !x.v.IsInt64() {
			return OverflowErrorf("Python int too large to convert to C long")
		}
		h.kind = max(h.kind, kindInt)
		h.ints = append(h.ints, x.v.Int64())
		f, _ := new(big.Float).SetInt(x.v).Float64()
		h.floats = append(h.floats, f)
		return nil
	case Float:
		h.kind = kindFloat
		h.ints = append(h.ints, int64(x))
		h.floats = append(h.floats, float64(x))
		return nil
	}
	return TypeErrorf("For '%s', the input data must be a number, list, tuple, Tensor or numpy.ndarray, but got '%s'.", fname, TypeName(v))
}

// addTensor appends a tensor's elements at depth: its shape becomes the
// innermost levels.
func (h *hostArray) addTensor(fname string, t *tensor.Tensor, depth int) error {
	if err := h.leafAt(fname, depth, t.Shape()); err != nil {
		return err
	}
	if h.hasDType {
		h.dtype = tensor.Promote(h.dtype, t.DType())
	} else {
		h.dtype, h.hasDType = t.DType(), true
	}
	for i := range t.Size() {
		h.floats = append(h.floats, t.Float(i))
		h.ints = append(h.ints, t.Int(i))
	}
	return nil
}

// defaultDType is the dtype of converted data without an explicit dtype:
// tensors' own dtype when the data held some, else the Python kind's
// default, which MindSpore and numpy choose differently for floats.
func (h *hostArray) defaultDType(floatDefault tensor.DType) tensor.DType {
	var d tensor.DType
	switch h.kind {
	case kindBool:
		d = tensor.Bool
	case kindInt:
		d = tensor.Int64
	default:
		d = floatDefault
	}
	if h.hasDType && !h.hasScalars {
		return h.dtype
	}
	if h.hasDType {
		return tensor.Promote(h.dtype, d)
	}
	return d
}

// build makes the tensor of dtype dt.
func (th *Thread) buildTensor(h *hostArray, dt tensor.DType) (*tensor.Tensor, error) {
	t, err := th.newTensor(dt, h.shape)
	if err != nil {
		return nil, err
	}
	if dt.IsFloat() {
		for i, f := range h.floats {
			t.SetFloat(i, f)
		}
	} else {
		for i, n := range h.ints {
			t.SetInt(i, n)
		}
	}
	return t, nil
}
