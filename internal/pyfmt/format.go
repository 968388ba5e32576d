package pyfmt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FormatInt returns format(x, spec) for an int whose type is named
// typeName. Types b c d o x X n format the integer; e E f F g G % format
// float(x), which fails with OverflowError for huge values; no type means
// d. An empty spec gives str(x).
//
// bool is an int subclass but str(True) is "True": the caller passes a
// bool here (as 0 or 1, with typeName "bool") only when the spec string
// is non-empty, and uses str(b) for an empty one, as CPython does.
func FormatInt(x *big.Int, s Spec, typeName string) (string, error) {
	if x.IsInt64() {
		return FormatInt64(x.Int64(), s, typeName)
	}
	return formatInt(intValue{big: x}, s, typeName)
}

// FormatInt64 is FormatInt for an int that fits in an int64; it avoids
// big.Int arithmetic.
func FormatInt64(x int64, s Spec, typeName string) (string, error) {
	return formatInt(intValue{small: x}, s, typeName)
}

// FormatFloat returns format(f, spec) for a float whose type is named
// typeName. Types e E f F g G n % are those of the format mini-language;
// with no type a precision means significant digits as for g, except that
// a result in positional notation keeps at least one digit after the
// point, and no precision means repr(f).
func FormatFloat(f float64, s Spec, typeName string) (string, error) {
	typ, group, err := checkGrouping(s, 0)
	if err != nil {
		return "", err
	}
	switch typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%':
		return formatFloat(f, s, typ, group)
	}
	return "", unknownCode(typ, typeName)
}

// FormatString returns format(str, spec) for a str whose type is named
// typeName: the only type is s, and a precision keeps that many code
// points.
func FormatString(str string, s Spec, typeName string) (string, error) {
	typ, _, err := checkGrouping(s, 's')
	if err != nil {
		return "", err
	}
	if typ != 's' {
		return "", unknownCode(typ, typeName)
	}
	switch {
	case s.Sign == ' ':
		return "", valueError("Space not allowed in string format specifier")
	case s.Sign != 0:
		return "", valueError("Sign not allowed in string format specifier")
	case s.NoNegZero:
		return "", valueError("Negative zero coercion (z) not allowed in string format specifier")
	case s.Alternate:
		return "", valueError("Alternate form (#) not allowed in string format specifier")
	case s.Align == '=':
		return "", valueError("'=' alignment not allowed in string format specifier")
	}
	if s.Width > maxOutput {
		return "", errMemory
	}
	n := utf8.RuneCountInString(str)
	if s.Precision >= 0 && n > s.Precision {
		i := 0
		for k := 0; k < s.Precision; k++ {
			_, size := utf8.DecodeRuneInString(str[i:])
			i += size
		}
		str, n = str[:i], s.Precision
	}
	if s.Width <= n {
		return str, nil
	}
	fill, align := resolveFill(s, '<')
	pad := s.Width - n
	left := 0
	switch align {
	case '>':
		left = pad
	case '^':
		left = pad / 2
	}
	var b strings.Builder
	b.Grow(len(str) + pad*fillLen(fill))
	writeFill(&b, fill, left)
	b.WriteString(str)
	writeFill(&b, fill, pad-left)
	return b.String(), nil
}

// checkGrouping applies the default presentation type and rejects
// grouping characters the type does not allow. It returns the type and
// the digit group size (0 without grouping). CPython does this while
// parsing the spec, so its errors come before any other type check.
func checkGrouping(s Spec, defaultType rune) (typ rune, group int, err error) {
	typ = s.Type
	if typ == 0 {
		typ = defaultType
	}
	if s.Grouping == 0 {
		return typ, 0, nil
	}
	switch typ {
	case 0, 'd', 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return typ, 3, nil
	case 'b', 'o', 'x', 'X':
		if s.Grouping == '_' {
			return typ, 4, nil
		}
	}
	if typ > 32 && typ < 128 {
		return 0, 0, valueError("Cannot specify '%c' with '%c'.", s.Grouping, typ)
	}
	return 0, 0, valueError("Cannot specify '%c' with '\\x%x'.", s.Grouping, typ)
}

func unknownCode(typ rune, typeName string) error {
	if typ > 32 && typ < 128 {
		return valueError("Unknown format code '%c' for object of type '%s'", typ, typeName)
	}
	return valueError("Unknown format code '\\x%x' for object of type '%s'", typ, typeName)
}

// resolveFill returns the fill character and alignment in effect: a '0'
// before the width pads with zeros and, for numbers, between the sign and
// the digits.
func resolveFill(s Spec, defaultAlign byte) (fill rune, align byte) {
	fill, align = s.Fill, s.Align
	if s.ZeroPad {
		fill = '0'
	} else if fill == 0 {
		fill = ' '
	}
	if align == 0 {
		align = defaultAlign
		if s.ZeroPad && defaultAlign == '>' {
			align = '='
		}
	}
	return fill, align
}

// fillLen is the UTF-8 length of fill as strings.Builder writes it, an
// invalid rune becoming U+FFFD.
func fillLen(fill rune) int {
	if n := utf8.RuneLen(fill); n > 0 {
		return n
	}
	return utf8.RuneLen(utf8.RuneError)
}

func writeFill(b *strings.Builder, fill rune, n int) {
	for ; n > 0; n-- {
		b.WriteRune(fill)
	}
}

// intValue is an int held as an int64 when big is nil.
type intValue struct {
	small int64
	big   *big.Int
}

// appendAbs appends the magnitude's digits in base, lower case.
func (v intValue) appendAbs(dst []byte, base int) []byte {
	if v.big == nil {
		u := uint64(v.small)
		if v.small < 0 {
			u = -u
		}
		return strconv.AppendUint(dst, u, base)
	}
	b := v.big.Append(dst, base)
	if v.big.Sign() < 0 {
		copy(b[len(dst):], b[len(dst)+1:])
		b = b[:len(b)-1]
	}
	return b
}

func (v intValue) neg() bool {
	if v.big == nil {
		return v.small < 0
	}
	return v.big.Sign() < 0
}

// float is PyLong_AsDouble: round half-even, OverflowError when the
// rounded value is out of range.
func (v intValue) float() (float64, error) {
	if v.big == nil {
		return float64(v.small), nil
	}
	f, _ := new(big.Float).SetInt(v.big).Float64()
	if math.IsInf(f, 0) {
		return 0, overflowError("int too large to convert to float")
	}
	return f, nil
}

func formatInt(v intValue, s Spec, typeName string) (string, error) {
	typ, group, err := checkGrouping(s, 'd')
	if err != nil {
		return "", err
	}
	switch typ {
	case 'b', 'c', 'd', 'o', 'x', 'X', 'n':
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, err := v.float()
		if err != nil {
			return "", err
		}
		return formatFloat(f, s, typ, group)
	default:
		return "", unknownCode(typ, typeName)
	}

	if s.Precision != -1 {
		return "", valueError("Precision not allowed in integer format specifier")
	}
	if s.NoNegZero {
		return "", valueError("Negative zero coercion (z) not allowed in integer format specifier")
	}
	if typ == 'c' {
		if s.Sign != 0 {
			return "", valueError("Sign not allowed with integer format specifier 'c'")
		}
		if s.Alternate {
			return "", valueError("Alternate form (#) not allowed with integer format specifier 'c'")
		}
		c := v.small
		if v.big != nil {
			if !v.big.IsInt64() {
				return "", overflowError("Python int too large to convert to C long")
			}
			c = v.big.Int64()
		}
		if c < 0 || c > unicode.MaxRune {
			return "", overflowError("%c arg not in range(0x110000)")
		}
		return layoutNumber(false, "", nil, string(rune(c)), false, s, 0)
	}

	base, prefix := 10, ""
	switch typ {
	case 'b':
		base, prefix = 2, "0b"
	case 'o':
		base, prefix = 8, "0o"
	case 'x':
		base, prefix = 16, "0x"
	case 'X':
		base, prefix = 16, "0X"
	}
	if !s.Alternate {
		prefix = ""
	}
	var buf [64]byte
	digits := v.appendAbs(buf[:0], base)
	return layoutNumber(v.neg(), prefix, digits, "", typ == 'X', s, group)
}

// formatFloat is format_float_internal; typ has had its default applied.
func formatFloat(f float64, s Spec, typ rune, group int) (string, error) {
	if s.Precision > math.MaxInt32 {
		return "", valueError("precision too big")
	}
	prec := s.Precision
	defaultPrec := 6
	addDot0 := false
	code := byte(typ)
	switch typ {
	case 0:
		code, addDot0, defaultPrec = 'r', true, 0
	case 'n':
		code = 'g'
	case '%':
		code = 'f'
		f *= 100
	}
	if prec < 0 {
		prec = defaultPrec
	} else if code == 'r' {
		code = 'g'
	}
	str, err := floatString(f, code, prec, s.Alternate, addDot0, s.NoNegZero)
	if err != nil {
		return "", err
	}
	if typ == '%' {
		str += "%"
	}
	neg := str[0] == '-'
	if neg {
		str = str[1:]
	}
	i := 0
	for i < len(str) && '0' <= str[i] && str[i] <= '9' {
		i++
	}
	return layoutNumber(neg, "", []byte(str[:i]), str[i:], false, s, group)
}

// layoutNumber is calc_number_widths and fill_number: it lays out
//
//	<lpadding> <sign> <prefix> <spadding> <grouped digits> <rest> <rpadding>
//
// where rest is whatever follows the integer digits (point, fraction,
// exponent, '%', or the character of type c). Zero padding (fill '0' with
// '=' alignment) is done by the grouping, so the zeros get separators too.
func layoutNumber(neg bool, prefix string, digits []byte, rest string, upper bool, s Spec, group int) (string, error) {
	if s.Width > maxOutput {
		return "", errMemory
	}
	fill, align := resolveFill(s, '>')
	var sign byte
	switch {
	case neg:
		sign = '-'
	case s.Sign == '+' || s.Sign == ' ':
		sign = s.Sign
	}
	nonDigits := len(prefix) + utf8.RuneCountInString(rest)
	if sign != 0 {
		nonDigits++
	}
	minWidth := 0
	if fill == '0' && align == '=' {
		minWidth = s.Width - nonDigits
	}
	if len(digits) > 0 {
		digits = groupDigits(digits, minWidth, s.Grouping, group)
	}
	if upper {
		for i, c := range digits {
			if 'a' <= c && c <= 'z' {
				digits[i] = c - ('a' - 'A')
			}
		}
	}

	var lpad, spad, rpad int
	if pad := s.Width - nonDigits - len(digits); pad > 0 {
		switch align {
		case '<':
			rpad = pad
		case '^':
			lpad = pad / 2
			rpad = pad - lpad
		case '=':
			spad = pad
		default:
			lpad = pad
		}
	}
	var b strings.Builder
	b.Grow(len(digits) + len(rest) + len(prefix) + 1 + (lpad+spad+rpad)*fillLen(fill))
	writeFill(&b, fill, lpad)
	if sign != 0 {
		b.WriteByte(sign)
	}
	b.WriteString(prefix)
	writeFill(&b, fill, spad)
	b.Write(digits)
	b.WriteString(rest)
	writeFill(&b, fill, rpad)
	return b.String(), nil
}

// groupDigits is _PyUnicode_InsertThousandsGrouping: it inserts sep
// between groups of size digits (counting from the right) and pads with
// '0' digits until the result is at least minWidth long, never starting
// with a separator. group is 0 when there is no grouping.
func groupDigits(digits []byte, minWidth int, sep byte, group int) []byte {
	minWidth = max(minWidth, 0)
	if group == 0 {
		if pad := minWidth - len(digits); pad > 0 {
			return append(appendZeros(make([]byte, 0, minWidth), pad), digits...)
		}
		return digits
	}
	// Build the result back to front.
	out := make([]byte, 0, max(minWidth, len(digits)+len(digits)/group)+1)
	remaining := len(digits)
	for {
		n := min(group, max(remaining, minWidth, 1))
		chars := min(remaining, n)
		for i := 1; i <= chars; i++ {
			out = append(out, digits[remaining-i])
		}
		out = appendZeros(out, n-chars)
		remaining -= chars
		minWidth -= n
		if remaining <= 0 && minWidth <= 0 {
			break
		}
		out = append(out, sep)
		minWidth--
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
