package pyfmt

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Field is one replacement field of a str.format template, with the
// literal text before it.
type Field struct {
	Literal string // text before the field, with {{ and }} undoubled
	IsField bool   // false for the trailing literal
	Name    string // raw field name: "", "0", "name", "0.attr", "name[1]"...; see SplitFieldName
	Conv    rune   // 0, or the character after '!', unchecked: see UnknownConversion
	Spec    string // raw format spec, which may itself contain replacement fields
}

// ErrMaxRecursion is the error for a format spec nested more than one
// level deep, as in "{0:{1:{2}}}". A Spec containing '{' must be expanded
// by formatting it as a template itself (with the same arguments and
// Numbering) before the value is formatted with it; CPython allows this
// for the specs of the template's own fields only, and raises this error
// when expanding a spec of a spec.
var ErrMaxRecursion error = &Error{"ValueError", "Max string recursion exceeded"}

// ParseFormatString splits a str.format template into fields.
//
// CPython renders each field before it parses the next, so an error late
// in the template only shows if the fields before it render without
// error. To match, ParseFormatString returns the fields before the
// malformed one together with the error, and the caller renders them
// before raising it.
func ParseFormatString(s string) ([]Field, error) {
	var fields []Field
	var lit strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		if j == len(s) {
			lit.WriteString(s[i:])
			break
		}
		c := s[j]
		if j+1 == len(s) || (c == '}' && s[j+1] != '}') {
			if c == '}' {
				return fields, valueError("Single '}' encountered in format string")
			}
			return fields, valueError("Single '{' encountered in format string")
		}
		if s[j+1] == c {
			lit.WriteString(s[i : j+1])
			i = j + 2
			continue
		}
		lit.WriteString(s[i:j])
		f, next, err := parseField(s, j+1)
		if err != nil {
			return fields, err
		}
		f.Literal = lit.String()
		lit.Reset()
		fields = append(fields, f)
		i = next
	}
	if lit.Len() > 0 {
		fields = append(fields, Field{Literal: lit.String()})
	}
	return fields, nil
}

// parseField parses the field that starts at s[i], just after its '{',
// and returns it with the index just past its '}'.
func parseField(s string, i int) (Field, int, error) {
	f := Field{IsField: true}
	start := i
	var c byte
scan:
	for i < len(s) {
		c = s[i]
		i++
		switch c {
		case '{':
			return f, 0, valueError("unexpected '{' in field name")
		case '[':
			for i < len(s) && s[i] != ']' {
				i++
			}
		case '}', ':', '!':
			break scan
		}
	}
	if c != '}' && c != ':' && c != '!' {
		return f, 0, valueError("expected '}' before end of string")
	}
	f.Name = s[start : i-1]
	if c == '}' {
		return f, i, nil
	}
	if c == '!' {
		if i == len(s) {
			return f, 0, valueError("end of string while looking for conversion specifier")
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		f.Conv = r
		i += size
		if i < len(s) {
			c = s[i]
			i++
			if c == '}' {
				return f, i, nil
			}
			if c != ':' {
				return f, 0, valueError("expected ':' after conversion specifier")
			}
		}
	}
	specStart, depth := i, 1
	for ; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				f.Spec = s[specStart:i]
				return f, i + 1, nil
			}
		}
	}
	return f, 0, valueError("unmatched '{' in format spec")
}

// UnknownConversion returns the error for a conversion character other
// than r, s and a. CPython raises it only once the field's value has been
// looked up, so ParseFormatString leaves Conv unchecked.
func UnknownConversion(c rune) error {
	if c > 32 && c < 127 {
		return valueError("Unknown conversion specifier %c", c)
	}
	return valueError("Unknown conversion specifier \\x%x", c)
}

// Accessor is one ".attr" or "[index]" step of a field name.
type Accessor struct {
	Attr    string // attribute name, for .attr
	Index   string // raw text between the brackets, for [index]
	IsIndex bool   // [index]: an int key if FieldIndex(Index) >= 0, else a str key
}

// SplitFieldName splits a field name into the part before the first '.'
// or '[' and the accessors that follow. CPython looks up the first part,
// and applies each accessor, before it parses the next one, so on error
// rest holds the accessors before the malformed one: the caller applies
// them, then raises err.
func SplitFieldName(name string) (first string, rest []Accessor, err error) {
	i := strings.IndexAny(name, ".[")
	if i < 0 {
		return name, nil, nil
	}
	first = name[:i]
	for i < len(name) {
		var a Accessor
		switch name[i] {
		case '.':
			i++
			j := strings.IndexAny(name[i:], ".[")
			if j < 0 {
				j = len(name) - i
			}
			a.Attr = name[i : i+j]
			i += j
			if a.Attr == "" {
				return first, rest, errEmptyAttribute
			}
		case '[':
			i++
			j := strings.IndexByte(name[i:], ']')
			if j < 0 {
				return first, rest, valueError("Missing ']' in format string")
			}
			a.Index, a.IsIndex = name[i:i+j], true
			i += j + 1
			if a.Index == "" {
				return first, rest, errEmptyAttribute
			}
		default:
			return first, rest, valueError("Only '.' or '[' may follow ']' in format field specifier")
		}
		rest = append(rest, a)
	}
	return first, rest, nil
}

var errEmptyAttribute = &Error{"ValueError", "Empty attribute in format string"}

// FieldIndex returns the value of a field name's first part or of an
// index accessor when it is all decimal digits (of any script), and -1
// otherwise. Like CPython it fails as soon as the value would overflow,
// even if a non-digit follows.
func FieldIndex(s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	n := 0
	for _, r := range s {
		d := digitValue(r)
		if d < 0 {
			return -1, nil
		}
		if n > (math.MaxInt-d)/10 {
			return -1, errTooManyDigits
		}
		n = n*10 + d
	}
	return n, nil
}

// Numbering tracks automatic field numbering ("{}") across one
// str.format call, nested specs included. Its zero value is ready to use.
type Numbering struct {
	manual, auto bool
	next         int
}

// Index returns the positional argument index a field name's first part
// refers to, or -1 if it names a keyword argument.
func (n *Numbering) Index(first string) (int, error) {
	idx, err := FieldIndex(first)
	if err != nil {
		return -1, err
	}
	switch {
	case first == "":
		if n.manual {
			return -1, valueError("cannot switch from manual field specification to automatic field numbering")
		}
		n.auto = true
		idx = n.next
		n.next++
	case idx >= 0:
		if n.auto {
			return -1, valueError("cannot switch from automatic field numbering to manual field specification")
		}
		n.manual = true
	}
	return idx, nil
}
