package tensor

import (
	"math"
	"strconv"
)

// numpy's default print options that shape float output: at most 8
// digits after the point (floatmode 'maxprec'), and scientific notation
// when the largest finite magnitude is at least 1e8, the smallest nonzero
// one below 1e-4, or their ratio above 1e3.
const (
	printPrecision = 8
	expThreshold   = 1e8
	expMinimum     = 1e-4
	expRatio       = 1e3
)

// A floatFormat is numpy's FloatingFormat for one array, with the default
// options (precision 8, floatmode 'maxprec', sign '-', no suppression): it
// chooses positional or scientific notation from the finite values, and
// the pads that align the decimal points of all of them.
type floatFormat struct {
	kind      floatKind
	sci       bool
	padLeft   int    // characters before the decimal point, sign included
	padRight  int    // characters after it (exponent included in sci)
	precision int    // sci only: digits after the point, all elements
	expDigits int    // sci only: digits of the exponent, at least 2
	scratch   []byte // storage for digits
}

// newFloatFormat sizes the format from the values that will be printed.
func newFloatFormat(k floatKind, vals []float64) *floatFormat {
	f := &floatFormat{kind: k, scratch: make([]byte, 0, 32)}
	nonFinite, negInf := false, false
	var maxAbs, minAbs float64
	finite := 0
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			nonFinite = true
			negInf = negInf || math.IsInf(v, -1)
			continue
		}
		finite++
		a := math.Abs(v)
		if a == 0 {
			continue
		}
		if maxAbs == 0 || a > maxAbs {
			maxAbs = a
		}
		if minAbs == 0 || a < minAbs {
			minAbs = a
		}
	}
	if maxAbs != 0 {
		f.sci = maxAbs >= expThreshold || minAbs < expMinimum || f.ratio(maxAbs, minAbs) > expRatio
	}

	if finite > 0 {
		c := cutoff{frac: !f.sci, max: printPrecision, min: -1}
		if f.sci {
			c.max++ // the digit before the point counts
		}
		for _, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			d := digits(f.scratch, v, k, c)
			whole := 1
			if !f.sci && d.exp > 0 {
				whole = d.exp + 1
			}
			if math.Signbit(v) {
				whole++
			}
			f.padLeft = max(f.padLeft, whole)
			if f.sci {
				f.precision = max(f.precision, len(d.d)-1)
				f.expDigits = max(f.expDigits, expLen(d.exp))
			} else {
				f.padRight = max(f.padRight, len(d.d)-1-d.exp)
			}
		}
		if f.sci {
			f.padRight = f.expDigits + 2 + f.precision
		}
	}
	if nonFinite {
		// "nan", "inf" or "-inf" right-aligned where the numbers end.
		width := 3
		if negInf {
			width = 4
		}
		f.padLeft = max(f.padLeft, width-f.padRight-1)
	}
	return f
}

// ratio is max/min divided in the array's own dtype, as numpy divides its
// scalars: float16 through float32 and back.
func (f *floatFormat) ratio(hi, lo float64) float64 {
	switch f.kind {
	case kind16:
		return float64(RoundFloat16(float64(float32(hi) / float32(lo))))
	case kind32:
		return float64(float32(hi) / float32(lo))
	}
	return hi / lo
}

// expLen is the number of exponent digits numpy prints for 10^e.
func expLen(e int) int {
	if e < 0 {
		e = -e
	}
	return max(2, len(strconv.Itoa(e)))
}

// appendFormat appends one element, padded to the common width.
func (f *floatFormat) appendFormat(b []byte, v float64) []byte {
	if s, ok := nonFiniteString(v); ok {
		return append(appendSpaces(b, f.padLeft+f.padRight+1-len(s)), s...)
	}
	neg := math.Signbit(v)
	if f.sci {
		d := digits(f.scratch, v, f.kind, cutoff{max: f.precision + 1, min: f.precision + 1})
		return appendScientific(b, neg, d, f.precision, f.padLeft, f.expDigits)
	}
	d := digits(f.scratch, v, f.kind, cutoff{frac: true, max: printPrecision, min: 0})
	return appendPositional(b, neg, d, f.padLeft, f.padRight)
}

// nonFiniteString is numpy's text for nan and infinities; nan prints
// unsigned whatever its sign bit.
func nonFiniteString(v float64) (string, bool) {
	switch {
	case math.IsNaN(v):
		return "nan", true
	case math.IsInf(v, 1):
		return "inf", true
	case math.IsInf(v, -1):
		return "-inf", true
	}
	return "", false
}

// appendPositional writes d as numpy's positional format with trim '.'
// (trailing zeros dropped, the point kept), padded to padLeft characters
// before the point and padRight after it.
func appendPositional(b []byte, neg bool, d decimal, padLeft, padRight int) []byte {
	whole := 1
	if d.exp > 0 {
		whole = d.exp + 1
	}
	if neg {
		whole++
	}
	b, frac := appendPoint(appendSpaces(b, padLeft-whole), neg, d)
	return appendSpaces(b, padRight-frac)
}

// appendPoint writes d in positional notation with its point and returns
// the number of digits written after the point.
func appendPoint(b []byte, neg bool, d decimal) ([]byte, int) {
	if neg {
		b = append(b, '-')
	}
	if d.exp < 0 {
		b = append(b, "0."...)
		for range -d.exp - 1 {
			b = append(b, '0')
		}
		return append(b, d.d...), len(d.d) - d.exp - 1
	}
	if len(d.d) <= d.exp+1 {
		b = append(b, d.d...)
		for range d.exp + 1 - len(d.d) {
			b = append(b, '0')
		}
		return append(b, '.'), 0
	}
	b = append(b, d.d[:d.exp+1]...)
	b = append(b, '.')
	return append(b, d.d[d.exp+1:]...), len(d.d) - d.exp - 1
}

// appendScientific writes d as numpy's scientific format with trim 'k':
// exactly precision digits after the point, padLeft characters before it,
// and at least expDigits exponent digits.
func appendScientific(b []byte, neg bool, d decimal, precision, padLeft, expDigits int) []byte {
	whole := 1
	if neg {
		whole++
	}
	b = appendSpaces(b, padLeft-whole)
	if neg {
		b = append(b, '-')
	}
	b = append(b, d.d[0], '.')
	b = append(b, d.d[1:]...)
	for range precision - (len(d.d) - 1) {
		b = append(b, '0')
	}
	return appendExp(b, d.exp, expDigits)
}

// appendExp writes numpy's exponent: "e", its sign, and at least digits
// digits.
func appendExp(b []byte, exp, digits int) []byte {
	b = append(b, 'e')
	if exp < 0 {
		b = append(b, '-')
		exp = -exp
	} else {
		b = append(b, '+')
	}
	s := strconv.Itoa(exp)
	for range digits - len(s) {
		b = append(b, '0')
	}
	return append(b, s...)
}

// floatScalarString is str() of a numpy float scalar of kind k: the
// shortest unique digits, positional ("1.0", "0.0001") when 1e-4 <= |v| <
// 1e16 or v is zero, scientific without a bare point otherwise ("1e-05",
// "1.5e+16").
func floatScalarString(v float64, k floatKind) string {
	if s, ok := nonFiniteString(v); ok {
		return s
	}
	neg := math.Signbit(v)
	var b []byte
	d := digits(make([]byte, 0, 32), v, k, cutoff{max: -1, min: -1})
	if a := math.Abs(v); a == 0 || a >= 1e-4 && a < 1e16 {
		b, frac := appendPoint(b, neg, d)
		if frac == 0 {
			b = append(b, '0')
		}
		return string(b)
	}
	if neg {
		b = append(b, '-')
	}
	b = append(b, d.d[0])
	if len(d.d) > 1 {
		b = append(b, '.')
		b = append(b, d.d[1:]...)
	}
	return string(appendExp(b, d.exp, 2))
}
