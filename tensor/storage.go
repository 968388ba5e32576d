package tensor

import (
	"encoding/binary"
	"fmt"
	"math"

	"msrepl/devices"
)

// AppendStorage appends t's elements to b little-endian, in C order and
// in their storage type: what a file needs to hold the tensor exactly
// (Float16 is stored widened to float32, as in memory).
func AppendStorage(b []byte, t *Tensor) []byte {
	switch d := t.Data().(type) {
	case []bool:
		for _, x := range d {
			if x {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		}
	case []uint8:
		b = append(b, d...)
	case []int8:
		for _, x := range d {
			b = append(b, byte(x))
		}
	case []int16:
		for _, x := range d {
			b = binary.LittleEndian.AppendUint16(b, uint16(x))
		}
	case []int32:
		for _, x := range d {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
	case []int64:
		for _, x := range d {
			b = binary.LittleEndian.AppendUint64(b, uint64(x))
		}
	case []float32:
		for _, x := range d {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	case []float64:
		for _, x := range d {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		}
	}
	return b
}

// StorageSize is the bytes AppendStorage writes per element of dt.
func StorageSize(dt DType) int { return dtypeInfo[dt].storage }

// FromStorage makes a tensor of dt and shape on dev from what
// AppendStorage wrote; data must be exactly its size.
func FromStorage(dev devices.Device, dt DType, shape Shape, data []byte) (*Tensor, error) {
	size := 1
	for _, d := range shape {
		if d < 0 || d > 0 && size > math.MaxInt32/d {
			return nil, fmt.Errorf("a tensor of shape %v is too big", shape)
		}
		size *= d
	}
	if want := size * StorageSize(dt); len(data) != want {
		return nil, fmt.Errorf("a %v tensor of shape %v needs %d bytes, not %d", dt, shape, want, len(data))
	}
	t, err := NewUninit(dev, dt, shape)
	if err != nil {
		return nil, err
	}
	switch x := t.Data().(type) {
	case []bool:
		for i := range x {
			x[i] = data[i] != 0
		}
	case []uint8:
		copy(x, data)
	case []int8:
		for i := range x {
			x[i] = int8(data[i])
		}
	case []int16:
		for i := range x {
			x[i] = int16(binary.LittleEndian.Uint16(data[2*i:]))
		}
	case []int32:
		for i := range x {
			x[i] = int32(binary.LittleEndian.Uint32(data[4*i:]))
		}
	case []int64:
		for i := range x {
			x[i] = int64(binary.LittleEndian.Uint64(data[8*i:]))
		}
	case []float32:
		for i := range x {
			x[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
		}
	case []float64:
		for i := range x {
			x[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
		}
	}
	return t, nil
}
