package tensor

import (
	"math"
	"math/bits"
	"strconv"
)

// Digit generation for printing floats as numpy 1.24 does. numpy prints
// every float through its Dragon4 implementation (numpy/core/src/multiarray/
// dragon4.c) in "unique" mode: the shortest digits that identify the value
// among its dtype's neighbours, optionally cut off at a number of total or
// fractional digits (rounding the exact value there), and optionally
// extended past the unique digits to a minimum count. For float32 and
// float64, Go's strconv produces the same digits and does the work; float16,
// which strconv does not know, goes through dragon4Half, a port of numpy's
// loop.

// A floatKind is the IEEE binary format an element has: the float16 and
// float32 values are held in float64s but are rounded to their own formats.
type floatKind uint8

const (
	kind16 floatKind = 16
	kind32 floatKind = 32
	kind64 floatKind = 64
)

func floatKindOf(dt DType) floatKind {
	switch dt {
	case Float16:
		return kind16
	case Float32:
		return kind32
	}
	return kind64
}

// A decimal is a nonnegative value d[0].d[1]d[2]... × 10^exp, with no
// leading or trailing zeros in d except for zero itself, which is "0" with
// exp 0.
type decimal struct {
	d   []byte
	exp int
}

// cutoff says where numpy's Dragon4 stops and where it may stop. With
// frac, max and min count digits after the decimal point, otherwise
// significant digits. A negative max prints all unique digits; a negative
// min adds none past them.
type cutoff struct {
	frac     bool
	max, min int
}

// digits returns the digits numpy prints for |x| under c, in dst's
// storage where they fit.
//
// numpy's Dragon4 emits the truncated digit at each position until the
// value is unique (the truncation or its successor lies within half a gap
// of the value's neighbours) and any minimum is met, or until the cutoff,
// then rounds the last digit. Stopping at uniqueness it takes the nearer
// candidate within the margins, as strconv's shortest formatting does,
// except that it breaks an exact tie to the even digit where strconv may
// round up; every other stop rounds the exact value to nearest, ties to
// even, as strconv's fixed-precision formatting does. (With unequal
// margins, at powers of two, a stop past uniqueness can round to the
// farther digit, but not within the 9 significant digits printed here;
// TestDigitsMatchDragon4 checks every power of two.)
func digits(dst []byte, x float64, k floatKind, c cutoff) decimal {
	x = math.Abs(x)
	if x == 0 {
		return decimal{d: []byte{'0'}}
	}
	if k == kind16 {
		return dragon4Half(x, c)
	}
	short := parseE(strconv.AppendFloat(dst[:0], x, 'e', -1, int(k)))
	n := len(short.d)
	if c.frac {
		last := short.exp - n + 1 // the position of the last unique digit
		switch {
		case c.max >= 0 && last < -c.max:
			return parseF(strconv.AppendFloat(dst[:0], x, 'f', c.max, 64))
		case c.min >= 0 && last > -c.min:
			return parseF(strconv.AppendFloat(dst[:0], x, 'f', c.min, 64))
		}
	} else {
		switch {
		case c.max >= 0 && n > c.max:
			return parseE(strconv.AppendFloat(dst[:0], x, 'e', c.max-1, 64))
		case c.min >= 0 && n < c.min:
			return parseE(strconv.AppendFloat(dst[:0], x, 'e', c.min-1, 64))
		}
	}
	if exactDigits(x) == n+1 {
		// The exact value may lie halfway between two n-digit candidates:
		// numpy takes the even one, rounding half to even, unless it falls
		// outside the margins, which parsing it back tells.
		var buf [32]byte
		even := strconv.AppendFloat(buf[:0], x, 'e', n-1, 64)
		if y, err := strconv.ParseFloat(string(even), int(k)); err == nil && y == x {
			e := parseE(even)
			short = decimal{d: append(short.d[:0], e.d...), exp: e.exp}
		}
	}
	return short
}

// pow5 holds the powers of 5 that fit in a uint64.
var pow5 = func() (p [28]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 5
	}
	return p
}()

// exactDigits is the number of significant digits of the exact decimal
// expansion of x > 0, or 0 when they make a number too large for a uint64.
// Writing x as m × 2^e with m odd, they are those of m × 5^-e for e < 0;
// for e >= 0 the trailing zeros go with the factors 5 of m.
func exactDigits(x float64) int {
	b := math.Float64bits(x)
	m, e := b&(1<<52-1), int(b>>52)
	if e == 0 {
		e = 1
	} else {
		m |= 1 << 52
	}
	tz := bits.TrailingZeros64(m)
	m, e = m>>tz, e-1075+tz
	var d uint64
	if e < 0 {
		if -e >= len(pow5) {
			return 0
		}
		hi, lo := bits.Mul64(m, pow5[-e])
		if hi != 0 {
			return 0
		}
		d = lo
	} else {
		z := 0
		for z < e && m%5 == 0 {
			m /= 5
			z++
		}
		if bits.Len64(m)+e-z > 64 {
			return 0
		}
		d = m << (e - z)
	}
	n := 1
	for ; d >= 10; d /= 10 {
		n++
	}
	return n
}

// parseE reads strconv's 'e' format of a positive number in place.
func parseE(s []byte) decimal {
	i := 0
	for s[i] != 'e' {
		i++
	}
	exp := 0
	for _, c := range s[i+2:] {
		exp = 10*exp + int(c-'0')
	}
	if s[i+1] == '-' {
		exp = -exp
	}
	n := 1
	if i > 1 { // the point
		n += copy(s[1:], s[2:i])
	}
	return normalize(s[:n], exp)
}

// parseF reads strconv's 'f' format of a positive number in place.
func parseF(s []byte) decimal {
	for i, c := range s {
		if c == '.' {
			copy(s[i:], s[i+1:])
			return normalize(s[:len(s)-1], i-1)
		}
	}
	return normalize(s, len(s)-1)
}

// normalize strips the zeros around digits d whose first digit has
// exponent exp.
func normalize(d []byte, exp int) decimal {
	for len(d) > 0 && d[0] == '0' {
		d = d[1:]
		exp--
	}
	for len(d) > 0 && d[len(d)-1] == '0' {
		d = d[:len(d)-1]
	}
	if len(d) == 0 {
		return decimal{d: []byte{'0'}}
	}
	return decimal{d: d, exp: exp}
}

// decompose splits a finite nonzero x of kind k into numpy's Dragon4
// inputs: x = mant × 2^exp, the index of mant's highest set bit, and
// whether the lower margin is half the upper one.
func decompose(x float64, k floatKind) (mant uint64, exp, mantBit int, unequal bool) {
	var fracBits, expBits int
	var b uint64
	switch k {
	case kind16:
		fracBits, expBits, b = 10, 5, uint64(Float16Bits(x))
	case kind32:
		fracBits, expBits, b = 23, 8, uint64(math.Float32bits(float32(x)))
	default:
		fracBits, expBits, b = 52, 11, math.Float64bits(x)
	}
	bias := 1<<(expBits-1) - 1
	frac := b & (1<<fracBits - 1)
	biased := int(b>>fracBits) & (1<<expBits - 1)
	if biased == 0 {
		return frac, 1 - bias - fracBits, bits.Len64(frac) - 1, false
	}
	return 1<<fracBits | frac, biased - bias - fracBits, fracBits, biased != 1 && frac == 0
}

// pow10 holds the powers of 10 that fit in a uint64.
var pow10 = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// dragon4Half is numpy's Dragon4 digit loop in unique mode for a nonzero
// float16 x, with its scaling, margins, digit-exponent estimate and
// rounding. numpy runs it on big integers; for float16 and the at most 9
// significant or 8 fractional digits printed, every quantity stays below
// 2^56 (TestDigitsMatchDragon4 runs every float16 value), so uint64s do.
func dragon4Half(x float64, c cutoff) decimal {
	mant, exp, mantBit, unequal := decompose(x, kind16)
	even := mant%2 == 0

	// value/scale is x, marginLow/scale and marginHigh/scale half the gaps
	// to its neighbours, all doubled (quadrupled with unequal margins) to
	// stay integral.
	shift := 1
	if unequal {
		shift = 2
	}
	var value, scale, marginLow uint64
	if exp > 0 {
		value, scale, marginLow = mant<<(exp+shift), 1<<shift, 1<<exp
	} else {
		value, scale, marginLow = mant<<shift, 1<<(shift-exp), 1
	}
	marginHigh := func() uint64 {
		if unequal {
			return 2 * marginLow
		}
		return marginLow
	}

	// The estimate of floor(log10(x))+1 is exact or one low.
	digitExp := int(math.Ceil(float64(mantBit+exp)*math.Log10(2) - 0.69))
	if c.max >= 0 && c.frac && digitExp <= -c.max {
		digitExp = -c.max + 1
	}
	if digitExp > 0 {
		scale *= pow10[digitExp]
	} else {
		value *= pow10[-digitExp]
		marginLow *= pow10[-digitExp]
	}
	if value >= scale {
		digitExp++
	} else {
		value *= 10
		marginLow *= 10
	}

	maxExp := math.MinInt
	if c.max >= 0 {
		maxExp = digitExp - c.max
		if c.frac {
			maxExp = -c.max
		}
	}
	minExp := digitExp
	if c.min >= 0 {
		want := digitExp - c.min
		if c.frac {
			want = -c.min
		}
		minExp = min(minExp, want)
	}
	outExp := digitExp - 1

	var d []byte
	var digit uint64
	var low, high bool
	for {
		digitExp--
		digit, value = value/scale, value%scale
		low = value < marginLow || even && value == marginLow
		high = value+marginHigh() > scale || even && value+marginHigh() == scale
		if (low || high) && digitExp <= minExp || digitExp == maxExp {
			break
		}
		d = append(d, byte('0'+digit))
		value *= 10
		marginLow *= 10
	}

	roundDown := low
	if low == high {
		roundDown = 2*value < scale || 2*value == scale && digit%2 == 0
	}
	if roundDown {
		return normalize(append(d, byte('0'+digit)), outExp)
	}
	for digit == 9 {
		if len(d) == 0 {
			return decimal{d: []byte{'1'}, exp: outExp + 1}
		}
		digit = uint64(d[len(d)-1] - '0')
		d = d[:len(d)-1]
	}
	return normalize(append(d, byte('0'+digit+1)), outExp)
}
