package pyfmt

import "math"

// Spec is a parsed format specification,
//
//	[[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// as accepted by format(), str.format and f-strings. Build it with
// ParseSpec: its zero value is not the empty spec (an absent width or
// precision is -1, not 0).
type Spec struct {
	Fill      rune // 0 if absent; a NUL fill character is taken for an absent one
	Align     byte // 0, '<', '>', '=', '^'
	Sign      byte // 0, '+', '-', ' '
	NoNegZero bool // 'z'
	Alternate bool // '#'
	ZeroPad   bool // '0' before width, without an explicit fill
	Width     int  // -1 if absent
	Grouping  byte // 0, ',', '_'
	Precision int  // -1 if absent
	Type      rune // 0 if absent; any character, valid or not, so errors can quote it
}

// ParseSpec parses a format specification. The syntax is shared by all
// types, but CPython names the object's type when the spec has trailing
// junk, so the caller passes typeName ("int", "float", "str", a subclass
// name...). Errors that depend on the kind of value, such as a type code
// the value does not support, are left to the Format functions.
func ParseSpec(spec, typeName string) (Spec, error) {
	s := Spec{Width: -1, Precision: -1}
	rs := []rune(spec)
	pos, end := 0, len(rs)

	fillSpecified := false
	if end-pos >= 2 && isAlign(rs[pos+1]) {
		s.Fill, s.Align = rs[pos], byte(rs[pos+1])
		fillSpecified = true
		pos += 2
	} else if end-pos >= 1 && isAlign(rs[pos]) {
		s.Align = byte(rs[pos])
		pos++
	}
	if pos < end && (rs[pos] == '+' || rs[pos] == '-' || rs[pos] == ' ') {
		s.Sign = byte(rs[pos])
		pos++
	}
	if pos < end && rs[pos] == 'z' {
		s.NoNegZero = true
		pos++
	}
	if pos < end && rs[pos] == '#' {
		s.Alternate = true
		pos++
	}
	if !fillSpecified && pos < end && rs[pos] == '0' {
		s.ZeroPad = true
		pos++
	}

	width, n, err := specInteger(rs, &pos)
	if err != nil {
		return Spec{}, err
	}
	if n > 0 {
		s.Width = width
	}
	if pos < end && rs[pos] == ',' {
		s.Grouping = ','
		pos++
	}
	if pos < end && rs[pos] == '_' {
		if s.Grouping != 0 {
			return Spec{}, errCommaAndUnderscore
		}
		s.Grouping = '_'
		pos++
	}
	if pos < end && rs[pos] == ',' && s.Grouping == '_' {
		return Spec{}, errCommaAndUnderscore
	}
	if pos < end && rs[pos] == '.' {
		pos++
		prec, n, err := specInteger(rs, &pos)
		if err != nil {
			return Spec{}, err
		}
		if n == 0 {
			return Spec{}, valueError("Format specifier missing precision")
		}
		s.Precision = prec
	}
	switch end - pos {
	case 0:
	case 1:
		s.Type = rs[pos]
	default:
		return Spec{}, valueError("Invalid format specifier '%s' for object of type '%s'", spec, typeName)
	}
	return s, nil
}

var errCommaAndUnderscore = &Error{"ValueError", "Cannot specify both ',' and '_'."}

func isAlign(r rune) bool {
	return r == '<' || r == '>' || r == '=' || r == '^'
}

// specInteger reads decimal digits (any script's) at *pos and returns their
// value and count. Like CPython it fails as soon as the value would
// overflow a Py_ssize_t, even if non-digits follow.
func specInteger(rs []rune, pos *int) (value, count int, err error) {
	for ; *pos < len(rs); *pos++ {
		d := digitValue(rs[*pos])
		if d < 0 {
			break
		}
		if value > (math.MaxInt-d)/10 {
			return 0, 0, errTooManyDigits
		}
		value = value*10 + d
		count++
	}
	return value, count, nil
}

var errTooManyDigits = &Error{"ValueError", "Too many decimal digits in format string"}
