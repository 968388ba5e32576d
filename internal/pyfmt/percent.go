package pyfmt

import (
	"math"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Directive is one % directive of a printf-style format.
//
// The caller handles one directive at a time, in CPython's order: if
// HasKey, the arguments must be a mapping (else ErrNeedMapping) and the
// value is looked up by Key; a Width or Precision of -2 ('*') takes the
// next argument, which must be an int (else ErrStarWantsInt); a negative
// '*' width sets Minus and uses the absolute value, a negative '*'
// precision counts as 0 (CPython raises OverflowError for a width beyond
// Py_ssize_t or a precision beyond a C int). Unless Conv is 0 (see
// ParsePercent), it then takes the value (ErrNotEnoughArgs when there is
// none left), converts it according to Conv, and calls PercentInt,
// PercentFloat or PercentString, or raises d.Unsupported() for a
// conversion character CPython does not know.
type Directive struct {
	Key                            string // %(key)s; HasKey says whether there was one
	HasKey                         bool
	Minus, Plus, Space, Hash, Zero bool
	Width                          int  // -1 absent; -2 means '*'
	Precision                      int  // -1 absent; -2 means '*'
	Conv                           rune // d i u o x X e E f F g G c r s a, or an unsupported character
	Index                          int  // code-point index of Conv in the format, for Unsupported
}

// Piece is a literal run of a printf-style format or one directive.
type Piece struct {
	Literal   string // "%%" already reduced to "%"
	Directive *Directive
}

// Errors the caller of ParsePercent raises itself, as CPython words them.
var (
	ErrNotEnoughArgs   error = &Error{"TypeError", "not enough arguments for format string"}
	ErrNotAllConverted error = &Error{"TypeError", "not all arguments converted during string formatting"}
	ErrNeedMapping     error = &Error{"TypeError", "format requires a mapping"}
	ErrStarWantsInt    error = &Error{"TypeError", "* wants int"}
)

// ErrIncompleteKey is ParsePercent's error for a "%(" without its ")".
// CPython checks that the arguments are a mapping first, so the caller
// raises ErrNeedMapping instead when they are not.
var ErrIncompleteKey error = &Error{"ValueError", "incomplete format key"}

// ParsePercent splits a printf-style format into literal text and
// directives.
//
// CPython formats each directive before it parses the next, and looks up
// a directive's key and takes its '*' arguments while parsing it. To
// reproduce which error comes first, on error ParsePercent returns the
// pieces before the malformed directive followed by that directive as far
// as it was parsed, with Conv 0: the caller formats the pieces, does the
// key lookup and '*' fetches of the partial directive, and then raises
// the error.
func ParsePercent(format string) ([]Piece, error) {
	rs := []rune(format)
	n := len(rs)
	at := func(i int) rune {
		if i < n {
			return rs[i]
		}
		return 0
	}
	var pieces []Piece
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			pieces = append(pieces, Piece{Literal: lit.String()})
			lit.Reset()
		}
	}
	// pos and cnt mirror CPython's fmtpos and fmtcnt, so that running off
	// the end fails exactly where CPython's parser does.
	pos := 0
	for pos < n {
		if rs[pos] != '%' {
			lit.WriteRune(rs[pos])
			pos++
			continue
		}
		pos++
		if at(pos) == '%' {
			lit.WriteByte('%')
			pos++
			continue
		}
		d := &Directive{Width: -1, Precision: -1}
		fail := func(msg string) ([]Piece, error) {
			flush()
			return append(pieces, Piece{Directive: d}), valueError("%s", msg)
		}
		cnt := n - pos
		ch := at(pos)
		if ch == '(' {
			pos++
			cnt--
			start, depth := pos, 1
			for depth > 0 {
				cnt--
				if cnt < 0 {
					break
				}
				ch = at(pos)
				if ch == ')' {
					depth--
				} else if ch == '(' {
					depth++
				}
				pos++
			}
			if depth > 0 {
				flush()
				return pieces, ErrIncompleteKey
			}
			d.Key, d.HasKey = string(rs[start:pos-1]), true
		}
	flags:
		for cnt--; cnt >= 0; cnt-- {
			ch = at(pos)
			pos++
			switch ch {
			case '-':
				d.Minus = true
			case '+':
				d.Plus = true
			case ' ':
				d.Space = true
			case '#':
				d.Hash = true
			case '0':
				d.Zero = true
			default:
				break flags
			}
		}
		next := func() {
			if cnt--; cnt >= 0 {
				ch = at(pos)
				pos++
			}
		}
		if ch == '*' {
			d.Width = -2
			next()
		} else if '0' <= ch && ch <= '9' {
			d.Width = int(ch - '0')
			for cnt--; cnt >= 0; cnt-- {
				ch = at(pos)
				pos++
				if ch < '0' || ch > '9' {
					break
				}
				if d.Width > (math.MaxInt-int(ch-'0'))/10 {
					return fail("width too big")
				}
				d.Width = d.Width*10 + int(ch-'0')
			}
		}
		if ch == '.' {
			d.Precision = 0
			next()
			if ch == '*' {
				d.Precision = -2
				next()
			} else if '0' <= ch && ch <= '9' {
				d.Precision = int(ch - '0')
				for cnt--; cnt >= 0; cnt-- {
					ch = at(pos)
					pos++
					if ch < '0' || ch > '9' {
						break
					}
					if d.Precision > (math.MaxInt32-int(ch-'0'))/10 {
						return fail("precision too big")
					}
					d.Precision = d.Precision*10 + int(ch-'0')
				}
			}
		}
		if cnt >= 0 && (ch == 'h' || ch == 'l' || ch == 'L') {
			next()
		}
		if cnt < 0 {
			return fail("incomplete format")
		}
		d.Conv, d.Index = ch, pos-1
		flush()
		pieces = append(pieces, Piece{Directive: d})
	}
	flush()
	return pieces, nil
}

// Unsupported returns the error for a directive whose conversion
// character CPython does not know. CPython raises it only after taking
// the directive's value, so ParsePercent leaves it to the caller.
func (d *Directive) Unsupported() error {
	c := '?'
	if 31 <= d.Conv && d.Conv <= 126 {
		c = d.Conv
	}
	return valueError("unsupported format character '%c' (0x%x) at index %d", c, d.Conv, d.Index)
}

// PercentTypeError returns the TypeError for a value of the named type
// that directive d cannot convert: not an integer for o x X, not a number
// for d i u, not a float for e f g, neither an int nor a one-character str
// for c.
func PercentTypeError(d *Directive, typeName string) error {
	switch d.Conv {
	case 'o', 'x', 'X':
		return typeError("%%%c format: an integer is required, not %s", d.Conv, typeName)
	case 'd', 'i', 'u':
		return typeError("%%%c format: a real number is required, not %s", d.Conv, typeName)
	case 'e', 'E', 'f', 'F', 'g', 'G':
		return typeError("must be real number, not %s", typeName)
	case 'c':
		return typeError("%%c requires int or char")
	}
	return d.Unsupported()
}

// PercentInt formats an int for directive d: d i u o x X format it as an
// integer (a precision is a minimum digit count, # adds 0o 0x 0X), c as
// the character with that code point, and e E f F g G as float(x). It
// returns d.Unsupported() for other conversions.
func PercentInt(x *big.Int, d *Directive) (string, error) {
	switch d.Conv {
	case 'e', 'E', 'f', 'F', 'g', 'G':
		f, err := intValue{big: x}.float()
		if err != nil {
			return "", err
		}
		return PercentFloat(f, d)
	case 'c':
		if !x.IsInt64() || x.Int64() < 0 || x.Int64() > unicode.MaxRune {
			return "", overflowError("%c arg not in range(0x110000)")
		}
		return percentOutput(string(rune(x.Int64())), d, false)
	}
	base := 10
	switch d.Conv {
	case 'd', 'i', 'u':
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	default:
		return "", d.Unsupported()
	}
	prec := d.Precision
	if prec > math.MaxInt32-3 {
		return "", overflowError("precision too large")
	}
	if prec > maxOutput {
		return "", errMemory
	}
	var buf [64]byte
	digits := intValue{big: x}.appendAbs(buf[:0], base)
	b := make([]byte, 0, 3+max(prec, len(digits)))
	if x.Sign() < 0 {
		b = append(b, '-')
	}
	if d.Hash && base != 10 {
		b = append(b, '0', byte(d.Conv))
		if d.Conv == 'X' {
			b[len(b)-1] = 'X'
		}
	}
	b = appendZeros(b, prec-len(digits))
	b = append(b, digits...)
	if d.Conv == 'X' {
		for i, c := range b {
			if 'a' <= c && c <= 'f' {
				b[i] = c - ('a' - 'A')
			}
		}
	}
	return percentOutput(string(b), d, true)
}

// PercentFloat formats a float for directive d: e E f F g G as C's printf
// would (precision 6 by default), and d i u as int(f), truncating toward
// zero. It returns PercentTypeError(d, "float") for o x X c.
func PercentFloat(f float64, d *Directive) (string, error) {
	switch d.Conv {
	case 'e', 'E', 'f', 'F', 'g', 'G':
		prec := d.Precision
		if prec < 0 {
			prec = 6
		}
		s, err := floatString(f, byte(d.Conv), prec, d.Hash, false, false)
		if err != nil {
			return "", err
		}
		return percentOutput(s, d, true)
	case 'd', 'i', 'u':
		switch {
		case math.IsInf(f, 0):
			return "", overflowError("cannot convert float infinity to integer")
		case math.IsNaN(f):
			return "", valueError("cannot convert float NaN to integer")
		}
		x, _ := big.NewFloat(math.Trunc(f)).Int(nil)
		return PercentInt(x, d)
	}
	return "", PercentTypeError(d, "float")
}

// PercentString pads and truncates an already converted value for
// directive d: the str(), repr() or ascii() of the value for s r a, which
// a precision truncates, or the single character for c. It fails only
// with MemoryError, for a width too large to build.
func PercentString(s string, d *Directive) (string, error) {
	return percentOutput(s, d, false)
}

// percentOutput is unicode_format_arg_output: it truncates s r a to the
// precision and pads to the width. For numbers it also places the sign,
// the + or space flag and the 0o/0x prefix, zero padding after them.
func percentOutput(s string, d *Directive, numeric bool) (string, error) {
	width, prec := max(d.Width, -1), max(d.Precision, -1)
	if width > maxOutput {
		return "", errMemory
	}
	n := utf8.RuneCountInString(s)
	if (width == -1 || width <= n) && (prec == -1 || prec >= n) && !d.Plus && !d.Space {
		return s, nil
	}
	if (d.Conv == 's' || d.Conv == 'r' || d.Conv == 'a') && prec >= 0 && n > prec {
		i := 0
		for k := 0; k < prec; k++ {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
		s, n = s[:i], prec
	}
	fill := byte(' ')
	if numeric && d.Zero {
		fill = '0'
	}
	var sign byte
	if numeric {
		switch {
		case s != "" && (s[0] == '-' || s[0] == '+'):
			sign = s[0]
			s = s[1:]
			n--
		case d.Plus:
			sign = '+'
		case d.Space:
			sign = ' '
		}
	}
	width = max(width, n)

	var b strings.Builder
	b.Grow(len(s) + width + 1)
	if sign != 0 {
		if fill != ' ' {
			b.WriteByte(sign)
		}
		if width > n {
			width--
		}
	}
	prefix := ""
	if numeric && d.Hash && (d.Conv == 'x' || d.Conv == 'X' || d.Conv == 'o') {
		prefix, s = s[:2], s[2:]
		if fill != ' ' {
			b.WriteString(prefix)
			prefix = ""
		}
		width = max(width-2, 0)
		n -= 2
	}
	if width > n && !d.Minus {
		b.WriteString(strings.Repeat(string(fill), width-n))
		width = n
	}
	if fill == ' ' {
		if sign != 0 {
			b.WriteByte(sign)
		}
		b.WriteString(prefix)
	}
	b.WriteString(s)
	if width > n {
		b.WriteString(strings.Repeat(" ", width-n))
	}
	return b.String(), nil
}
