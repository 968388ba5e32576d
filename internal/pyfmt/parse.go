package pyfmt

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// ParseInt returns int(s, base). It accepts surrounding white space, a
// sign, digits of any script, single underscores between digits (and
// after a base prefix), and a 0b/0o/0x prefix when base is 0 or the
// prefix's base. Base 0 infers the base from the prefix and, as in Python
// source, rejects leading zeros in a non-zero decimal number.
func ParseInt(s string, base int) (*big.Int, error) {
	if (base != 0 && base < 2) || base > 36 {
		return nil, valueError("int() base must be >= 2 and <= 36, or 0")
	}
	invalid := func() (*big.Int, error) {
		return nil, valueError("invalid literal for int() with base %d: %s", base, reprTruncated(s))
	}
	a, ok := toASCII(s)
	if !ok {
		return invalid()
	}
	at := func(i int) byte {
		if i < len(a) {
			return a[i]
		}
		return 0
	}

	i := 0
	for isSpace(at(i)) {
		i++
	}
	neg := false
	switch at(i) {
	case '-':
		neg = true
		fallthrough
	case '+':
		i++
	}
	b := base
	nonzeroIsError := false
	if b == 0 {
		switch {
		case at(i) != '0':
			b = 10
		case at(i+1) == 'x' || at(i+1) == 'X':
			b = 16
		case at(i+1) == 'o' || at(i+1) == 'O':
			b = 8
		case at(i+1) == 'b' || at(i+1) == 'B':
			b = 2
		default:
			// An old C-style octal literal: invalid unless it is zero.
			nonzeroIsError = true
			b = 10
		}
	}
	if at(i) == '0' {
		switch p := at(i+1) | 0x20; {
		case b == 16 && p == 'x', b == 8 && p == 'o', b == 2 && p == 'b':
			i += 2
			if at(i) == '_' {
				i++
			}
		}
	}
	if at(i) == '_' {
		return invalid()
	}
	digits := make([]byte, 0, len(a)-i)
	var prev byte
	for ; digitOf(at(i)) < b || at(i) == '_'; i++ {
		if c := at(i); c != '_' {
			digits = append(digits, c)
		} else if prev == '_' {
			return invalid()
		}
		prev = at(i)
	}
	if prev == '_' || len(digits) == 0 {
		return invalid()
	}
	for isSpace(at(i)) {
		i++
	}
	if i != len(a) {
		return invalid()
	}

	x := new(big.Int)
	if u, err := strconv.ParseUint(string(digits), b, 64); err == nil {
		x.SetUint64(u)
	} else {
		x.SetString(string(digits), b)
	}
	if nonzeroIsError && x.Sign() != 0 {
		return invalid()
	}
	if neg {
		x.Neg(x)
	}
	return x, nil
}

// digitOf is _PyLong_DigitValue: the value of an ASCII digit or letter,
// and 37 (above any base) for anything else.
func digitOf(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return int(c-'A') + 10
	}
	return 37
}

// toASCII is _PyUnicode_TransformDecimalAndSpaceToASCII, the first step of
// int() and float() on a str: non-ASCII white space becomes ' ' and
// decimal digits of other scripts become ASCII digits. It reports false
// if any other non-ASCII character (or DEL) is present, which CPython's
// parsers then always reject.
func toASCII(s string) (string, bool) {
	i := 0
	for i < len(s) && s[i] < 0x7f {
		i++
	}
	if i == len(s) {
		return s, true
	}
	b := []byte(s[:i])
	for _, r := range s[i:] {
		switch {
		case r < 0x7f:
			b = append(b, byte(r))
		case unicode.IsSpace(r):
			b = append(b, ' ')
		default:
			d := digitValue(r)
			if d < 0 {
				return "", false
			}
			b = append(b, byte('0'+d))
		}
	}
	return string(b), true
}

// ParseFloat returns float(s). It accepts surrounding white space, a
// sign, decimal digits of any script with an optional point and exponent,
// single underscores between digits, and "inf", "infinity" and "nan" in
// any case; out-of-range values become ±inf or ±0 as in CPython.
func ParseFloat(s string) (float64, error) {
	a, ok := toASCII(s)
	if ok && strings.IndexByte(a, '_') >= 0 {
		a, ok = removeUnderscores(a)
	}
	if ok {
		a = strings.TrimFunc(a, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) })
		if f, ok := parseFloatASCII(a); ok {
			return f, nil
		}
	}
	return 0, valueError("could not convert string to float: %s", QuoteString(s))
}

// removeUnderscores drops underscores that sit between two ASCII digits
// and reports false if there is any other.
func removeUnderscores(a string) (string, bool) {
	b := make([]byte, 0, len(a))
	var prev byte
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c == '_' {
			if prev < '0' || prev > '9' {
				return "", false
			}
		} else {
			if prev == '_' && (c < '0' || c > '9') {
				return "", false
			}
			b = append(b, c)
		}
		prev = c
	}
	return string(b), prev != '_'
}

// parseFloatASCII parses the whole of a as _Py_dg_strtod would, falling
// back to the inf and nan spellings.
func parseFloatASCII(a string) (float64, bool) {
	i := 0
	if i < len(a) && (a[i] == '+' || a[i] == '-') {
		i++
	}
	mantissa := 0
	for i < len(a) && '0' <= a[i] && a[i] <= '9' {
		i++
		mantissa++
	}
	if i < len(a) && a[i] == '.' {
		i++
		for i < len(a) && '0' <= a[i] && a[i] <= '9' {
			i++
			mantissa++
		}
	}
	if mantissa > 0 {
		if i < len(a) && (a[i] == 'e' || a[i] == 'E') {
			j := i + 1
			if j < len(a) && (a[j] == '+' || a[j] == '-') {
				j++
			}
			k := j
			for k < len(a) && '0' <= a[k] && a[k] <= '9' {
				k++
			}
			if k > j {
				i = k
			}
		}
		if i != len(a) {
			return 0, false
		}
		// Only range errors are possible here, and they already carry
		// CPython's result: ±inf on overflow, the nearest value on
		// underflow.
		f, err := strconv.ParseFloat(a, 64)
		return f, err == nil || errors.Is(err, strconv.ErrRange)
	}

	neg := a != "" && a[0] == '-'
	word := strings.ToLower(strings.TrimLeft(a, "+-"))
	if len(a)-len(word) > 1 {
		return 0, false
	}
	switch word {
	case "inf", "infinity":
		if neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "nan":
		if neg {
			return math.Copysign(math.NaN(), -1), true
		}
		return math.NaN(), true
	}
	return 0, false
}
