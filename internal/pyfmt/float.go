package pyfmt

import (
	"bytes"
	"math"
	"strconv"
)

// FloatRepr returns repr(f), which is also str(f): the shortest digits
// that round-trip, in positional notation with at least one digit after
// the point when the decimal exponent is in [-4, 16), otherwise in
// scientific notation with at least two exponent digits ("1e+16",
// "1.5e-05"); "inf", "-inf" and "nan" for the special values.
func FloatRepr(f float64) string {
	s, _ := floatString(f, 'r', 0, false, true, false)
	return s
}

// The exact decimal expansion of a float64 has at most 767 significant
// digits and at most 1074 digits after the point, so asking strconv for
// more than these caps only adds zeros that dtoa strips anyway.
const (
	maxSignificant = 800
	maxFraction    = 1100
)

// dtoa returns the digits of f >= 0 without trailing zeros and the
// position decpt of the decimal point (f ≈ 0.DIGITS × 10**decpt), rounded
// half-even on the exact binary value as David Gay's _Py_dg_dtoa does in
// mode 0 (shortest round-trip), 2 (n significant digits) or 3 (n digits
// after the point). Zero, and anything that rounds to it, is "0" with
// decpt 1.
func dtoa(dst []byte, f float64, mode, n int) ([]byte, int) {
	var digits []byte
	var decpt int
	if mode == 3 {
		b := strconv.AppendFloat(dst, f, 'f', min(n, maxFraction), 64)
		intLen := bytes.IndexByte(b, '.')
		if intLen < 0 {
			intLen = len(b)
		} else {
			copy(b[intLen:], b[intLen+1:])
			b = b[:len(b)-1]
		}
		lead := 0
		for lead < len(b) && b[lead] == '0' {
			lead++
		}
		digits, decpt = b[lead:], intLen-lead
	} else {
		prec := -1
		if mode == 2 {
			prec = min(n, maxSignificant) - 1
		}
		b := strconv.AppendFloat(dst, f, 'e', prec, 64)
		e := bytes.IndexByte(b, 'e')
		exp, _ := strconv.Atoi(string(b[e+1:]))
		if e > 1 {
			copy(b[1:], b[2:e])
			e--
		}
		digits, decpt = b[:e], exp+1
	}
	digits = bytes.TrimRight(digits, "0")
	if len(digits) == 0 {
		return append(digits, '0'), 1
	}
	return digits, decpt
}

// floatString is CPython's PyOS_double_to_string, which backs repr,
// format() and %-formatting of floats. code is one of e E f F g G r; r
// (repr) ignores prec. alt keeps trailing zeros and the point (#), addDot0
// makes integral values end in ".0" (repr, and format() without a type),
// noNegZero turns a negative zero result into a positive one (z).
func floatString(f float64, code byte, prec int, alt, addDot0, noNegZero bool) (string, error) {
	upper := false
	mode := 0
	switch code {
	case 'E', 'F', 'G':
		upper = true
		code += 'a' - 'A'
	}
	switch code {
	case 'e':
		mode = 2
		prec++
	case 'f':
		mode = 3
	case 'g':
		mode = 2
		if prec == 0 {
			prec = 1
		}
	}
	neg := math.Signbit(f)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		s := "inf"
		if math.IsNaN(f) {
			s, neg = "nan", false
		}
		if upper {
			s = string(bytes.ToUpper([]byte(s)))
		}
		if neg {
			s = "-" + s
		}
		return s, nil
	}

	var buf [32]byte
	digits, decpt := dtoa(buf[:0], math.Abs(f), mode, prec)
	if noNegZero && len(digits) == 1 && digits[0] == '0' {
		neg = false
	}

	// The output is the slice [vstart, vend) of the digits padded with
	// zeros on both sides to infinity, with a point after position decpt.
	useExp := false
	vend := len(digits)
	switch code {
	case 'e':
		useExp = true
		vend = prec
	case 'f':
		vend = decpt + prec
	case 'g':
		limit := prec
		if addDot0 {
			limit--
		}
		useExp = decpt <= -4 || decpt > limit
		if alt {
			vend = prec
		}
	case 'r':
		useExp = decpt <= -4 || decpt > 16
	}
	exp := 0
	if useExp {
		exp = decpt - 1
		decpt = 1
	}
	vstart := 0
	if decpt <= 0 {
		vstart = decpt - 1
	}
	if !useExp && addDot0 {
		vend = max(vend, decpt+1)
	} else {
		vend = max(vend, decpt)
	}
	if vend-vstart > maxOutput {
		return "", errMemory
	}

	b := make([]byte, 0, vend-vstart+8)
	if neg {
		b = append(b, '-')
	}
	if decpt <= 0 {
		b = appendZeros(b, decpt-vstart)
		b = append(b, '.')
		b = appendZeros(b, -decpt)
	} else {
		b = appendZeros(b, -vstart)
	}
	if 0 < decpt && decpt <= len(digits) {
		b = append(b, digits[:decpt]...)
		b = append(b, '.')
		b = append(b, digits[decpt:]...)
	} else {
		b = append(b, digits...)
	}
	if len(digits) < decpt {
		b = appendZeros(b, decpt-len(digits))
		b = append(b, '.')
		b = appendZeros(b, vend-decpt)
	} else {
		b = appendZeros(b, vend-len(digits))
	}
	if b[len(b)-1] == '.' && !alt {
		b = b[:len(b)-1]
	}
	if useExp {
		if upper {
			b = append(b, 'E')
		} else {
			b = append(b, 'e')
		}
		if exp < 0 {
			b = append(b, '-')
			exp = -exp
		} else {
			b = append(b, '+')
		}
		if exp < 10 {
			b = append(b, '0')
		}
		b = strconv.AppendInt(b, int64(exp), 10)
	}
	return string(b), nil
}

func appendZeros(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, '0')
	}
	return b
}
