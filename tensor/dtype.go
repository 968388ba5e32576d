// Package tensor owns the Tensor: its DType and Shape, its contiguous
// row-major storage in a device buffer (shared between reshapes of the same
// data), conversion from Go values, and printing as numpy 1.24 prints arrays
// (str) and as MindSpore prints tensors (repr). It computes nothing:
// arithmetic is package ops' primitives running devices/cpu's kernels.
package tensor

import "fmt"

// A DType is an element type.
type DType uint8

// The dtypes, in promotion order: a dtype later in the list holds every
// value of the ones before it within its kind (bool, integer, float).
const (
	Bool DType = iota
	UInt8
	Int8
	Int16
	Int32
	Int64
	Float16
	Float32
	Float64
	numDTypes
)

// DTypes lists every dtype.
var DTypes = []DType{Bool, UInt8, Int8, Int16, Int32, Int64, Float16, Float32, Float64}

var dtypeInfo = [numDTypes]struct {
	ms, np   string // MindSpore's name (Float32), numpy's (float32)
	itemsize int    // bytes per element as the user sees it
	storage  int    // bytes per element in a buffer
}{
	Bool:    {"Bool", "bool", 1, 1},
	UInt8:   {"UInt8", "uint8", 1, 1},
	Int8:    {"Int8", "int8", 1, 1},
	Int16:   {"Int16", "int16", 2, 2},
	Int32:   {"Int32", "int32", 4, 4},
	Int64:   {"Int64", "int64", 8, 8},
	Float16: {"Float16", "float16", 2, 4}, // stored widened to float32, rounded to float16
	Float32: {"Float32", "float32", 4, 4},
	Float64: {"Float64", "float64", 8, 8},
}

// String is MindSpore's name: "Float32".
func (d DType) String() string {
	if d >= numDTypes {
		return fmt.Sprintf("DType(%d)", uint8(d))
	}
	return dtypeInfo[d].ms
}

// NumpyName is numpy's name: "float32".
func (d DType) NumpyName() string { return dtypeInfo[d].np }

// ItemSize is the size of an element in bytes as the user sees it
// (Tensor.itemsize, ndarray.nbytes).
func (d DType) ItemSize() int { return dtypeInfo[d].itemsize }

// StorageSize is the size of an element in a buffer.
func (d DType) StorageSize() int { return dtypeInfo[d].storage }

// IsFloat reports whether d is a floating-point dtype.
func (d DType) IsFloat() bool { return d >= Float16 && d <= Float64 }

// IsInt reports whether d is an integer dtype (not bool).
func (d DType) IsInt() bool { return d >= UInt8 && d <= Int64 }

// IsSigned reports whether d holds negative values.
func (d DType) IsSigned() bool { return d >= Int8 }

// DTypeByName finds a dtype by MindSpore's or numpy's name.
func DTypeByName(name string) (DType, bool) {
	for _, d := range DTypes {
		if dtypeInfo[d].ms == name || dtypeInfo[d].np == name {
			return d, true
		}
	}
	switch name {
	case "bool_":
		return Bool, true
	case "float", "double":
		return Float64, true
	case "half":
		return Float16, true
	case "int":
		return Int64, true
	}
	return 0, false
}

// Promote is the dtype of a binary operation on tensors of dtypes a and b,
// numpy's and MindSpore's table: within a kind the wider dtype wins; a float
// beats any integer and an integer beats bool; uint8 with a signed integer
// goes to the next signed width that holds both (uint8+int8 is int16).
func Promote(a, b DType) DType {
	if a == b {
		return a
	}
	if a > b {
		a, b = b, a
	}
	if a == UInt8 && b == Int8 {
		return Int16
	}
	return b
}
