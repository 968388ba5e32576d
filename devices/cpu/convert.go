package cpu

import "math"

// Convert copies src into dst converting each element as numpy's astype
// does: floats to integers truncate toward zero (NaN and out-of-range
// values give the integer type's minimum, as x86 does), anything to bool is
// "not zero", bool to a number is 0 or 1.
func Convert[D, S Number | ~bool](dst []D, src []S) {
	For(len(dst), 2, func(lo, hi int) {
		d, s := dst[lo:hi], src[lo:hi]
		switch s := any(s).(type) {
		case []bool:
			for i, v := range s {
				if v {
					d[i] = fromInt[D](1)
				} else {
					var zero D
					d[i] = zero
				}
			}
			return
		}
		switch d := any(d).(type) {
		case []bool:
			for i, v := range s {
				d[i] = asFloat(v) != 0
			}
			return
		case []float32:
			for i, v := range s {
				d[i] = float32(asFloat(v))
			}
			return
		case []float64:
			for i, v := range s {
				d[i] = asFloat(v)
			}
			return
		}
		for i, v := range s {
			d[i] = fromInt[D](asInt64(v))
		}
	})
}

// toInt64 truncates toward zero; NaN and values outside int64 give its
// minimum, as x86's cvttsd2si does.
func toInt64(f float64) int64 {
	if math.IsNaN(f) || f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		return math.MinInt64
	}
	return int64(f)
}

// fromInt narrows an int64 with C's wrap-around.
func fromInt[D Number | ~bool](x int64) D {
	var v D
	switch p := any(&v).(type) {
	case *bool:
		*p = x != 0
	case *uint8:
		*p = uint8(x)
	case *int8:
		*p = int8(x)
	case *int16:
		*p = int16(x)
	case *int32:
		*p = int32(x)
	case *int64:
		*p = x
	case *float32:
		*p = float32(x)
	case *float64:
		*p = float64(x)
	}
	return v
}

// asInt64 converts exactly from integers and by truncation from floats.
func asInt64[T Number | ~bool](v T) int64 {
	switch v := any(v).(type) {
	case uint8:
		return int64(v)
	case int8:
		return int64(v)
	case int16:
		return int64(v)
	case int32:
		return int64(v)
	case int64:
		return v
	}
	return toInt64(asFloat(v))
}
