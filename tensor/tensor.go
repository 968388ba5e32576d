package tensor

import (
	"fmt"

	"msrepl/devices"
)

// A Tensor is an n-dimensional array of one dtype in contiguous row-major
// order. Reshapes share their storage; every other operation makes a new
// tensor through package ops.
type Tensor struct {
	dtype DType
	shape Shape
	buf   *devices.Buffer
	// size is shape's element count, kept: every kernel call asks for it.
	size int
}

// NewAbstract returns a tensor that has a dtype and a shape but no data: a
// stand-in for a value a graph will compute, which code can pass through
// the library's operations while they are captured. Its Data is nil, and
// nothing may read its elements.
func NewAbstract(m Meta) *Tensor {
	return &Tensor{dtype: m.DType, shape: m.Shape, size: m.Shape.Size()}
}

// Realize gives the abstract tensor t the data of src, a tensor of the
// same dtype and shape a graph computed for it: every reference to t then
// sees the value, wherever the code that made t stored it.
func (t *Tensor) Realize(src *Tensor) error {
	if !t.Abstract() || src.Abstract() || t.dtype != src.dtype || !t.shape.Equal(src.shape) {
		return fmt.Errorf("tensor: cannot realize a %v%v as a %v%v", t.dtype, t.shape, src.dtype, src.shape)
	}
	t.shape, t.size, t.buf = src.shape, src.size, src.buf
	return nil
}

// Abstract reports whether t is a stand-in without data (NewAbstract).
func (t *Tensor) Abstract() bool { return t.buf == nil }

// New allocates a zeroed tensor on dev.
func New(dev devices.Device, dt DType, shape Shape) (*Tensor, error) {
	return newTensor(dev, true, dt, shape)
}

// NewUninit is New for a tensor its caller writes whole: its elements are
// unspecified until then.
func NewUninit(dev devices.Device, dt DType, shape Shape) (*Tensor, error) {
	return newTensor(dev, false, dt, shape)
}

// newTensor takes a flag rather than the allocating method: calling
// through a method value cost the eager 100-op chain about 15%.
func newTensor(dev devices.Device, zeroed bool, dt DType, shape Shape) (*Tensor, error) {
	n := shape.Size()
	if n < 0 {
		return nil, fmt.Errorf("negative dimension in shape %v", shape)
	}
	var buf *devices.Buffer
	var err error
	if zeroed {
		buf, err = dev.Alloc(n * dt.StorageSize())
	} else {
		buf, err = dev.AllocUninit(n * dt.StorageSize())
	}
	if err != nil {
		return nil, err
	}
	return &Tensor{dtype: dt, shape: shape, size: n, buf: buf}, nil
}

// DType is the element type.
func (t *Tensor) DType() DType { return t.dtype }

// Shape is the tensor's shape. The caller must not modify it.
func (t *Tensor) Shape() Shape { return t.shape }

// Meta is the tensor's dtype and shape.
func (t *Tensor) Meta() Meta { return Meta{t.dtype, t.shape} }

// Rank is the number of axes.
func (t *Tensor) Rank() int { return len(t.shape) }

// Size is the number of elements.
func (t *Tensor) Size() int { return t.size }

// Buffer is the storage.
func (t *Tensor) Buffer() *devices.Buffer { return t.buf }

// Reshape returns a tensor of the same dtype and storage with another shape
// of the same size.
func (t *Tensor) Reshape(shape Shape) *Tensor {
	if shape.Size() != t.size {
		panic(fmt.Sprintf("tensor: reshape %v to %v", t.shape, shape))
	}
	return &Tensor{dtype: t.dtype, shape: shape, size: t.size, buf: t.buf}
}

// AsDType returns a tensor sharing t's storage read as another dtype with
// the same storage type (Float16 and Float32 share float32 storage).
func (t *Tensor) AsDType(dt DType) *Tensor {
	if storageKind(dt) != storageKind(t.dtype) {
		panic(fmt.Sprintf("tensor: %v storage read as %v", t.dtype, dt))
	}
	return &Tensor{dtype: dt, shape: t.shape, size: t.size, buf: t.buf}
}

func storageKind(d DType) DType {
	if d == Float16 {
		return Float32
	}
	return d
}

// Data returns the elements as a typed slice aliasing the storage: []bool,
// []uint8, []int8, []int16, []int32, []int64, []float32 (for Float16 and
// Float32) or []float64; nil for an abstract tensor. Boxing the slice
// allocates, so code that runs for every operation switches on DType and
// takes Elems instead.
func (t *Tensor) Data() any {
	b := t.buf
	if b == nil {
		return nil
	}
	n := t.size
	switch t.dtype {
	case Bool:
		return devices.View[bool](b)[:n]
	case UInt8:
		return devices.View[uint8](b)[:n]
	case Int8:
		return devices.View[int8](b)[:n]
	case Int16:
		return devices.View[int16](b)[:n]
	case Int32:
		return devices.View[int32](b)[:n]
	case Int64:
		return devices.View[int64](b)[:n]
	case Float16, Float32:
		return devices.View[float32](b)[:n]
	case Float64:
		return devices.View[float64](b)[:n]
	}
	panic("tensor: bad dtype " + t.dtype.String())
}

// Elems returns t's elements as []T, which must be its storage type.
func Elems[T any](t *Tensor) []T {
	n := t.size
	if n == 0 {
		return nil
	}
	return devices.View[T](t.buf)[:n]
}

// Float returns element i (in row-major order) as a float64.
func (t *Tensor) Float(i int) float64 {
	switch t.dtype {
	case Bool:
		if Elems[bool](t)[i] {
			return 1
		}
		return 0
	case UInt8:
		return float64(Elems[uint8](t)[i])
	case Int8:
		return float64(Elems[int8](t)[i])
	case Int16:
		return float64(Elems[int16](t)[i])
	case Int32:
		return float64(Elems[int32](t)[i])
	case Int64:
		return float64(Elems[int64](t)[i])
	case Float16, Float32:
		return float64(Elems[float32](t)[i])
	case Float64:
		return Elems[float64](t)[i]
	}
	panic("tensor: bad dtype " + t.dtype.String())
}

// Int returns element i as an int64, truncating floats toward zero.
func (t *Tensor) Int(i int) int64 {
	if t.dtype == Int64 {
		return Elems[int64](t)[i]
	}
	return int64(t.Float(i))
}

// SetFloat stores x into element i, converted as a cast to t's dtype does
// (floats to integers truncate toward zero; float16 rounds).
func (t *Tensor) SetFloat(i int, x float64) {
	switch t.dtype {
	case Bool:
		Elems[bool](t)[i] = x != 0
	case UInt8:
		Elems[uint8](t)[i] = uint8(int64(x))
	case Int8:
		Elems[int8](t)[i] = int8(int64(x))
	case Int16:
		Elems[int16](t)[i] = int16(int64(x))
	case Int32:
		Elems[int32](t)[i] = int32(int64(x))
	case Int64:
		Elems[int64](t)[i] = int64(x)
	case Float16:
		Elems[float32](t)[i] = RoundFloat16(x)
	case Float32:
		Elems[float32](t)[i] = float32(x)
	case Float64:
		Elems[float64](t)[i] = x
	}
}

// SetInt stores x into element i; integer dtypes wrap as C casts do.
func (t *Tensor) SetInt(i int, x int64) {
	switch t.dtype {
	case Bool:
		Elems[bool](t)[i] = x != 0
	case UInt8:
		Elems[uint8](t)[i] = uint8(x)
	case Int8:
		Elems[int8](t)[i] = int8(x)
	case Int16:
		Elems[int16](t)[i] = int16(x)
	case Int32:
		Elems[int32](t)[i] = int32(x)
	case Int64:
		Elems[int64](t)[i] = x
	default:
		t.SetFloat(i, float64(x))
	}
}

// FromFloat64s makes a tensor of dtype dt from row-major values.
func FromFloat64s(dev devices.Device, dt DType, shape Shape, vals []float64) (*Tensor, error) {
	t, err := New(dev, dt, shape)
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		t.SetFloat(i, v)
	}
	return t, nil
}

// FromInt64s makes a tensor of dtype dt from row-major integer values.
func FromInt64s(dev devices.Device, dt DType, shape Shape, vals []int64) (*Tensor, error) {
	t, err := New(dev, dt, shape)
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		t.SetInt(i, v)
	}
	return t, nil
}
