package tensor

import "math"

// RoundFloat16 rounds x to the nearest float16 value (ties to even), with
// float16's overflow to infinity and its subnormals, and returns it widened
// to float32. Float16 tensors are stored as float32 and pass through this
// after every operation, so they hold exactly float16's values. Rounding
// from float64 directly avoids double rounding through float32.
func RoundFloat16(x float64) float32 {
	return Float16FromBits(Float16Bits(x))
}

// Float16Bits converts x to IEEE binary16 bits, rounding to nearest even.
func Float16Bits(x float64) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	man := b & (1<<52 - 1)
	switch {
	case exp == 0x7ff:
		if man != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp == 0 && man == 0:
		return sign
	}
	e := exp - 1023 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	m := man | 1<<52 // the implicit bit
	// A normal float16 keeps 10 of the 52 mantissa bits; a subnormal one
	// (e <= 0) keeps 1-e fewer, with the implicit bit shifted in.
	shift := uint(42)
	if e <= 0 {
		if e < -11 {
			return sign
		}
		shift += uint(1 - e)
		e = 0
	}
	r := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || (rem == half && r&1 == 1) {
		r++
	}
	if e == 0 {
		return sign | uint16(r) // a carry into bit 10 makes the smallest normal: right
	}
	// r holds the implicit bit at bit 10; a carry to bit 11 bumps the
	// exponent, up to infinity, which is right too.
	return sign | uint16((uint64(e-1)<<10)+r)
}

// Float16FromBits converts IEEE binary16 bits to float32 exactly.
func Float16FromBits(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp == 0:
		f := float32(man) / (1 << 24)
		if sign != 0 {
			return -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}
