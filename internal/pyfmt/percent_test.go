package pyfmt

import (
	"math"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
)

// percent is str % args, with args a tuple or, when mapping is not nil, a
// dict.
func percent(format string, args []any, mapping map[string]any) (string, error) {
	pieces, perr := ParsePercent(format)
	var out strings.Builder
	next := 0
	var single any = nil
	if mapping != nil {
		single, args = mapping, nil
	}
	nextArg := func() (any, error) {
		if single != nil {
			v := single
			single = nil
			next = -1
			return v, nil
		}
		if next < 0 || next >= len(args) {
			return nil, ErrNotEnoughArgs
		}
		next++
		return args[next-1], nil
	}
	for _, p := range pieces {
		d := p.Directive
		if d == nil {
			out.WriteString(p.Literal)
			continue
		}
		if d.HasKey {
			if mapping == nil {
				return "", ErrNeedMapping
			}
			v, ok := mapping[d.Key]
			if !ok {
				return "", &pyError{"KeyError", QuoteString(d.Key)}
			}
			single = v
		}
		dd := *d
		if d.Width == -2 {
			v, err := nextArg()
			if err != nil {
				return "", err
			}
			if _, ok := v.(*big.Int); ok {
				return "", &pyError{"OverflowError", "Python int too large to convert to C ssize_t"}
			}
			w, ok := v.(int64)
			if !ok {
				return "", ErrStarWantsInt
			}
			if w < 0 {
				dd.Minus, w = true, -w
			}
			dd.Width = int(w)
		}
		if d.Precision == -2 {
			v, err := nextArg()
			if err != nil {
				return "", err
			}
			p, ok := v.(int64)
			if _, isBig := v.(*big.Int); isBig || (ok && (p > math.MaxInt32 || p < math.MinInt32)) {
				return "", &pyError{"OverflowError", "Python int too large to convert to C int"}
			}
			if !ok {
				return "", ErrStarWantsInt
			}
			dd.Precision = int(max(p, 0))
		}
		if d.Conv == 0 {
			break
		}
		v, err := nextArg()
		if err != nil {
			return "", err
		}
		var s string
		switch d.Conv {
		case 's':
			s, err = PercentString(pyStr(v), &dd)
		case 'r':
			s, err = PercentString(pyRepr(v), &dd)
		case 'a':
			s, err = PercentString(pyASCII(v), &dd)
		case 'd', 'i', 'u', 'o', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'c':
			if x, ok := toBig(v); ok {
				s, err = PercentInt(x, &dd)
			} else if f, ok := v.(float64); ok {
				s, err = PercentFloat(f, &dd)
			} else if sv, ok := v.(string); ok && d.Conv == 'c' && utf8.RuneCountInString(sv) == 1 {
				s, err = PercentString(sv, &dd)
			} else {
				err = PercentTypeError(&dd, pyTypeName(v))
			}
		default:
			err = d.Unsupported()
		}
		if err != nil {
			return "", err
		}
		out.WriteString(s)
	}
	if perr == ErrIncompleteKey && mapping == nil {
		return "", ErrNeedMapping
	}
	if perr != nil {
		return "", perr
	}
	if mapping == nil && next < len(args) {
		return "", ErrNotAllConverted
	}
	return out.String(), nil
}

type percentTest struct {
	format     string
	args       []any
	mapping    map[string]any
	kind, want string
}

func TestPercent(t *testing.T) {
	for _, tt := range percentTests {
		got, err := percent(tt.format, tt.args, tt.mapping)
		if tt.kind == "" {
			if err != nil || got != tt.want {
				t.Errorf("%q %% %v = %q, %v; want %q", tt.format, tt.args, got, err, tt.want)
			}
			continue
		}
		if kind, msg := errorParts(err); kind != tt.kind || msg != tt.want {
			t.Errorf("%q %% %v = %q, %v; want %s: %s", tt.format, tt.args, got, err, tt.kind, tt.want)
		}
	}
}

var percentTests = []percentTest{
	{"%5.2f", []any{fl("3.14159")}, nil, "", " 3.14"},
	{"%-5d|", []any{int64(3)}, nil, "", "3    |"},
	{"%+d", []any{int64(5)}, nil, "", "+5"},
	{"%x", []any{int64(255)}, nil, "", "ff"},
	{"%#o", []any{int64(8)}, nil, "", "0o10"},
	{"%e", []any{fl("12345.678")}, nil, "", "1.234568e+04"},
	{"%g", []any{fl("1e-05")}, nil, "", "1e-05"},
	{"%10s", []any{"a"}, nil, "", "         a"},
	{"%.2s", []any{"abc"}, nil, "", "ab"},
	{"%%", []any{}, nil, "", "%"},
	{"%c", []any{int64(65)}, nil, "", "A"},
	{"a%%b%%", []any{}, nil, "", "a%b%"},
	{"%d", []any{fl("3.99")}, nil, "", "3"},
	{"%d", []any{fl("-3.99")}, nil, "", "-3"},
	{"%i", []any{bigInt("1180591620717411303424")}, nil, "", "1180591620717411303424"},
	{"%u", []any{int64(-5)}, nil, "", "-5"},
	{"%5d", []any{int64(-42)}, nil, "", "  -42"},
	{"%-5d|", []any{int64(-42)}, nil, "", "-42  |"},
	{"%05d", []any{int64(-42)}, nil, "", "-0042"},
	{"%+05d", []any{int64(42)}, nil, "", "+0042"},
	{"% 05d", []any{int64(42)}, nil, "", " 0042"},
	{"% d", []any{int64(42)}, nil, "", " 42"},
	{"%+ d", []any{int64(42)}, nil, "", "+42"},
	{"%-05d|", []any{int64(42)}, nil, "", "42   |"},
	{"%.5d", []any{int64(42)}, nil, "", "00042"},
	{"%.5d", []any{int64(-42)}, nil, "", "-00042"},
	{"%8.5d", []any{int64(-42)}, nil, "", "  -00042"},
	{"%08.5d", []any{int64(-42)}, nil, "", "-0000042"},
	{"%#x", []any{int64(0)}, nil, "", "0x0"},
	{"%#x", []any{int64(255)}, nil, "", "0xff"},
	{"%#X", []any{int64(255)}, nil, "", "0XFF"},
	{"%#o", []any{int64(0)}, nil, "", "0o0"},
	{"%#10x", []any{int64(255)}, nil, "", "      0xff"},
	{"%#010x", []any{int64(255)}, nil, "", "0x000000ff"},
	{"%#-10x|", []any{int64(255)}, nil, "", "0xff      |"},
	{"%#010X", []any{int64(-255)}, nil, "", "-0X00000FF"},
	{"%+#10o", []any{int64(8)}, nil, "", "     +0o10"},
	{"%#.5x", []any{int64(255)}, nil, "", "0x000ff"},
	{"%#10.5x", []any{int64(-255)}, nil, "", "  -0x000ff"},
	{"%X", []any{bigInt("1180591620717411303424")}, nil, "", "400000000000000000"},
	{"%o", []any{int64(-8)}, nil, "", "-10"},
	{"%ld", []any{int64(5)}, nil, "", "5"},
	{"%hd", []any{int64(5)}, nil, "", "5"},
	{"%Lf", []any{fl("1.5")}, nil, "", "1.500000"},
	{"%lld", []any{int64(5)}, nil, "ValueError", "unsupported format character 'l' (0x6c) at index 2"},
	{"%f", []any{fl("1.5")}, nil, "", "1.500000"},
	{"%.0f", []any{fl("2.5")}, nil, "", "2"},
	{"%.0f", []any{fl("3.5")}, nil, "", "4"},
	{"%#.0f", []any{fl("2.0")}, nil, "", "2."},
	{"%.2f", []any{fl("2.675")}, nil, "", "2.67"},
	{"%10.3e", []any{fl("-12345.678")}, nil, "", "-1.235e+04"},
	{"%-12.3E|", []any{fl("12345.678")}, nil, "", "1.235E+04   |"},
	{"%G", []any{fl("1e-10")}, nil, "", "1E-10"},
	{"%g", []any{fl("100000.0")}, nil, "", "100000"},
	{"%g", []any{fl("1000000.0")}, nil, "", "1e+06"},
	{"%#g", []any{fl("1.0")}, nil, "", "1.00000"},
	{"%#.3g", []any{fl("1.0")}, nil, "", "1.00"},
	{"%.0g", []any{fl("123.0")}, nil, "", "1e+02"},
	{"%.0e", []any{fl("12345.0")}, nil, "", "1e+04"},
	{"%#.0e", []any{fl("12345.0")}, nil, "", "1.e+04"},
	{"%010.2f", []any{fl("-3.14159")}, nil, "", "-000003.14"},
	{"%+.2f", []any{fl("3.14159")}, nil, "", "+3.14"},
	{"% .2f", []any{fl("3.14159")}, nil, "", " 3.14"},
	{"%f", []any{fl("inf")}, nil, "", "inf"},
	{"%f", []any{fl("-inf")}, nil, "", "-inf"},
	{"%F", []any{fl("inf")}, nil, "", "INF"},
	{"%05f", []any{fl("inf")}, nil, "", "00inf"},
	{"%-6f|", []any{fl("nan")}, nil, "", "nan   |"},
	{"%+f", []any{fl("nan")}, nil, "", "+nan"},
	{"%E", []any{fl("nan")}, nil, "", "NAN"},
	{"%f", []any{fl("-0.0")}, nil, "", "-0.000000"},
	{"%.3f", []any{fl("1e+300")}, nil, "", "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000"},
	{"%f", []any{int64(5)}, nil, "", "5.000000"},
	{"%e", []any{bigInt("1180591620717411303424")}, nil, "", "1.180592e+21"},
	{"%f", []any{bigInt("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")}, nil, "OverflowError", "int too large to convert to float"},
	{"%.1f", []any{fl("0.05")}, nil, "", "0.1"},
	{"%.20f", []any{fl("0.1")}, nil, "", "0.10000000000000000555"},
	{"%s", []any{fl("1.5")}, nil, "", "1.5"},
	{"%s", []any{fl("1e+16")}, nil, "", "1e+16"},
	{"%r", []any{"a"}, nil, "", "'a'"},
	{"%r", []any{"it's"}, nil, "", "\"it's\""},
	{"%5r", []any{"a"}, nil, "", "  'a'"},
	{"%.2r", []any{"abc"}, nil, "", "'a"},
	{"%-6s|", []any{"ab"}, nil, "", "ab    |"},
	{"%6s", []any{"h\u00e9llo"}, nil, "", " h\u00e9llo"},
	{"%.3s", []any{"h\u00e9llo"}, nil, "", "h\u00e9l"},
	{"%c", []any{"x"}, nil, "", "x"},
	{"%3c", []any{"x"}, nil, "", "  x"},
	{"%-3c|", []any{int64(65)}, nil, "", "A  |"},
	{"%03c", []any{int64(65)}, nil, "", "  A"},
	{"%.0c", []any{int64(65)}, nil, "", "A"},
	{"%c", []any{int64(1114111)}, nil, "", "\U0010ffff"},
	{"%c", []any{int64(1114112)}, nil, "OverflowError", "%c arg not in range(0x110000)"},
	{"%c", []any{int64(-1)}, nil, "OverflowError", "%c arg not in range(0x110000)"},
	{"%c", []any{bigInt("1180591620717411303424")}, nil, "OverflowError", "%c arg not in range(0x110000)"},
	{"%c", []any{"ab"}, nil, "TypeError", "%c requires int or char"},
	{"%c", []any{fl("1.5")}, nil, "TypeError", "%c requires int or char"},
	{"%05s", []any{"ab"}, nil, "", "   ab"},
	{"%s %s", []any{int64(1), int64(2)}, nil, "", "1 2"},
	{"%s", []any{int64(1), int64(2)}, nil, "TypeError", "not all arguments converted during string formatting"},
	{"%s %s", []any{int64(1)}, nil, "TypeError", "not enough arguments for format string"},
	{"%d", []any{"a"}, nil, "TypeError", "%d format: a real number is required, not str"},
	{"%x", []any{fl("1.5")}, nil, "TypeError", "%x format: an integer is required, not float"},
	{"%x", []any{"a"}, nil, "TypeError", "%x format: an integer is required, not str"},
	{"%f", []any{"a"}, nil, "TypeError", "must be real number, not str"},
	{"%d", []any{fl("inf")}, nil, "OverflowError", "cannot convert float infinity to integer"},
	{"%d", []any{fl("nan")}, nil, "ValueError", "cannot convert float NaN to integer"},
	{"%i", []any{fl("-inf")}, nil, "OverflowError", "cannot convert float infinity to integer"},
	{"%y", []any{int64(1)}, nil, "ValueError", "unsupported format character 'y' (0x79) at index 1"},
	{"%y", []any{}, nil, "TypeError", "not enough arguments for format string"},
	{"%5%", []any{}, nil, "TypeError", "not enough arguments for format string"},
	{"%5%", []any{int64(1)}, nil, "ValueError", "unsupported format character '%' (0x25) at index 2"},
	{"abc%", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%", []any{}, nil, "ValueError", "incomplete format"},
	{"%-", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%5", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%.", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%.5", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%l", []any{int64(1)}, nil, "ValueError", "incomplete format"},
	{"%*d", []any{int64(5), int64(42)}, nil, "", "   42"},
	{"%-*d|", []any{int64(5), int64(42)}, nil, "", "42   |"},
	{"%*d|", []any{int64(-5), int64(42)}, nil, "", "42   |"},
	{"%.*f", []any{int64(2), fl("3.14159")}, nil, "", "3.14"},
	{"%.*f", []any{int64(-2), fl("3.14159")}, nil, "", "3"},
	{"%*.*f", []any{int64(8), int64(3), fl("3.14159")}, nil, "", "   3.142"},
	{"%*d", []any{"a", int64(1)}, nil, "TypeError", "* wants int"},
	{"%*d", []any{int64(5)}, nil, "TypeError", "not enough arguments for format string"},
	{"%*", []any{int64(5)}, nil, "ValueError", "incomplete format"},
	{"%(a)s", nil, map[string]any{"a": int64(1)}, "", "1"},
	{"%(a)s %(b)5.1f", nil, map[string]any{"a": "x", "b": fl("2.25")}, "", "x   2.2"},
	{"%(a(b))s", nil, map[string]any{"a(b)": int64(3)}, "", "3"},
	{"%(a)s", nil, map[string]any{}, "KeyError", "'a'"},
	{"%(a", nil, map[string]any{"a": int64(1)}, "ValueError", "incomplete format key"},
	{"%(a)s", []any{int64(1)}, nil, "TypeError", "format requires a mapping"},
	{"%(a)", nil, map[string]any{"a": int64(1)}, "ValueError", "incomplete format"},
	{"%(a)s %s", nil, map[string]any{"a": int64(1)}, "TypeError", "not enough arguments for format string"},
	{"x%\u00e9", []any{int64(1)}, nil, "ValueError", "unsupported format character '?' (0xe9) at index 2"},
	{"\u00e9%\u00e9", []any{int64(1)}, nil, "ValueError", "unsupported format character '?' (0xe9) at index 2"},
	{"%\x01", []any{int64(1)}, nil, "ValueError", "unsupported format character '?' (0x1) at index 1"},
	{"%(a)%", nil, map[string]any{"a": int64(1)}, "ValueError", "unsupported format character '%' (0x25) at index 4"},
	{"%.2147483648f", []any{fl("1.0")}, nil, "ValueError", "precision too big"},
	{"%99999999999999999999d", []any{int64(1)}, nil, "ValueError", "width too big"},
	{"%d%%", []any{int64(5)}, nil, "", "5%"},
	{"%s", []any{""}, nil, "", ""},
	{"%-+8.3f|", []any{fl("-1.5")}, nil, "", "-1.500  |"},
	{"%+-8.3f|", []any{fl("1.5")}, nil, "", "+1.500  |"},
	{"%#5x", []any{int64(-1)}, nil, "", " -0x1"},
	{"% x", []any{int64(255)}, nil, "", " ff"},
	{"%+X", []any{int64(255)}, nil, "", "+FF"},
	{"% 8o", []any{int64(8)}, nil, "", "      10"},
	{"%.100f", []any{fl("1.0")}, nil, "", "1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"},
	{"%.3d", []any{int64(0)}, nil, "", "000"},
	{"%.0d", []any{int64(0)}, nil, "", "0"},
	{"%5.0d|", []any{int64(0)}, nil, "", "    0|"},
	{"%d", []any{int64(1)}, nil, "", "1"},
	{"%s and %r", []any{"\u65e5", "\u65e5"}, nil, "", "\u65e5 and '\u65e5'"},
	{"%10.4s|", []any{"\U0001f600abcdef"}, nil, "", "      \U0001f600abc|"},
	{"%g", []any{fl("0.0001")}, nil, "", "0.0001"},
	{"%g", []any{fl("1e-05")}, nil, "", "1e-05"},
	{"%.15g", []any{fl("0.1")}, nil, "", "0.1"},
	{"%.17g", []any{fl("0.1")}, nil, "", "0.10000000000000001"},
	{"%#o", []any{int64(-8)}, nil, "", "-0o10"},
	{"%-#8o|", []any{int64(8)}, nil, "", "0o10    |"},
	{"%#8.4o", []any{int64(8)}, nil, "", "  0o0010"},
	{"%0#8.4o", []any{int64(8)}, nil, "", "0o000010"},
}
