package pyfmt

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// strFormat is template.format(*args, **kwargs), depth counting down from
// CPython's limit of 2.
func strFormat(template string, args []any, kwargs map[string]any, depth int, num *Numbering) (string, error) {
	if depth <= 0 {
		return "", ErrMaxRecursion
	}
	fields, perr := ParseFormatString(template)
	var out strings.Builder
	for _, f := range fields {
		out.WriteString(f.Literal)
		if !f.IsField {
			continue
		}
		first, rest, nameErr := SplitFieldName(f.Name)
		idx, err := num.Index(first)
		if err != nil {
			return "", err
		}
		var v any
		if idx < 0 {
			var ok bool
			if v, ok = kwargs[first]; !ok {
				return "", &pyError{"KeyError", QuoteString(first)}
			}
		} else {
			if idx >= len(args) {
				return "", &pyError{"IndexError", fmt.Sprintf("Replacement index %d out of range for positional args tuple", idx)}
			}
			v = args[idx]
		}
		for _, a := range rest {
			if !a.IsIndex {
				return "", &pyError{"AttributeError", a.Attr}
			}
			i, err := FieldIndex(a.Index)
			if err != nil {
				return "", err
			}
			switch c := v.(type) {
			case []any:
				if i < 0 {
					return "", &pyError{"TypeError", "list indices must be integers or slices, not str"}
				}
				if i >= len(c) {
					return "", &pyError{"IndexError", "list index out of range"}
				}
				v = c[i]
			case map[string]any:
				var ok bool
				if v, ok = c[a.Index]; !ok {
					return "", &pyError{"KeyError", QuoteString(a.Index)}
				}
			default:
				return "", &pyError{"TypeError", "not subscriptable"}
			}
		}
		if nameErr != nil {
			return "", nameErr
		}
		switch f.Conv {
		case 0:
		case 'r':
			v = pyRepr(v)
		case 's':
			v = pyStr(v)
		case 'a':
			v = pyASCII(v)
		default:
			return "", UnknownConversion(f.Conv)
		}
		spec := f.Spec
		if strings.Contains(spec, "{") {
			if spec, err = strFormat(spec, args, kwargs, depth-1, num); err != nil {
				return "", err
			}
		}
		s, err := pyFormat(v, spec)
		if err != nil {
			return "", err
		}
		out.WriteString(s)
	}
	if perr != nil {
		return "", perr
	}
	return out.String(), nil
}

// pyFormat is the builtin format(v, spec).
func pyFormat(v any, spec string) (string, error) {
	if spec == "" {
		return pyStr(v), nil
	}
	s, err := ParseSpec(spec, pyTypeName(v))
	if err != nil {
		return "", err
	}
	switch v := v.(type) {
	case int64:
		return FormatInt64(v, s, "int")
	case *big.Int:
		return FormatInt(v, s, "int")
	case float64:
		return FormatFloat(v, s, "float")
	case string:
		return FormatString(v, s, "str")
	}
	return "", &pyError{"TypeError", "unsupported format string passed to " + pyTypeName(v) + ".__format__"}
}

type strFormatCallTest struct {
	template   string
	args       []any
	kwargs     map[string]any
	kind, want string
}

func TestStrFormatCall(t *testing.T) {
	for _, tt := range strFormatCallTests {
		got, err := strFormat(tt.template, tt.args, tt.kwargs, 2, new(Numbering))
		if tt.kind == "" {
			if err != nil || got != tt.want {
				t.Errorf("%q.format(%v, %v) = %q, %v; want %q", tt.template, tt.args, tt.kwargs, got, err, tt.want)
			}
			continue
		}
		if kind, msg := errorParts(err); kind != tt.kind || msg != tt.want {
			t.Errorf("%q.format(%v, %v) = %q, %v; want %s: %s", tt.template, tt.args, tt.kwargs, got, err, tt.kind, tt.want)
		}
	}
}

type parseFormatTest struct {
	template   string
	fields     []Field
	kind, want string
}

func TestParseFormatString(t *testing.T) {
	for _, tt := range parseFormatTests {
		fields, err := ParseFormatString(tt.template)
		if len(fields) == 0 {
			fields = []Field{}
		}
		if !reflect.DeepEqual(fields, tt.fields) {
			t.Errorf("ParseFormatString(%q) = %+v; want %+v", tt.template, fields, tt.fields)
		}
		kind, msg := "", ""
		if err != nil {
			kind, msg = errorParts(err)
		}
		if kind != tt.kind || msg != tt.want {
			t.Errorf("ParseFormatString(%q) error = %v; want %s: %s", tt.template, err, tt.kind, tt.want)
		}
	}
}

type splitFieldTest struct {
	name, first string
	rest        []Accessor
	kind, want  string
}

// TestSplitFieldName checks SplitFieldName and FieldIndex together against
// _string.formatter_field_name_split, which converts digit strings to
// ints as it goes.
func TestSplitFieldName(t *testing.T) {
	for _, tt := range splitFieldTests {
		first, rest, err := SplitFieldName(tt.name)
		var got []Accessor
		idx, ierr := FieldIndex(first)
		if ierr != nil {
			err = ierr
			first, rest = "", nil
		} else if idx >= 0 {
			first = strconv.Itoa(idx)
		}
		for _, a := range rest {
			if a.IsIndex {
				i, ierr := FieldIndex(a.Index)
				if ierr != nil {
					err = ierr
					break
				}
				if i >= 0 {
					a.Index = strconv.Itoa(i)
				}
			}
			got = append(got, a)
		}
		if got == nil {
			got = []Accessor{}
		}
		kind, msg := "", ""
		if err != nil {
			kind, msg = errorParts(err)
		}
		if first != tt.first || !reflect.DeepEqual(got, tt.rest) || kind != tt.kind || msg != tt.want {
			t.Errorf("SplitFieldName(%q) = %q, %+v, %v; want %q, %+v, %s: %s", tt.name, first, got, err, tt.first, tt.rest, tt.kind, tt.want)
		}
	}
}

var strFormatCallTests = []strFormatCallTest{
	{"{}", []any{int64(1)}, map[string]any{}, "", "1"},
	{"{0}{1}{0}", []any{"a", "b"}, map[string]any{}, "", "aba"},
	{"{:>5}|{:<5}|{:^5}", []any{int64(1), "x", fl("2.5")}, map[string]any{}, "", "    1|x    | 2.5 "},
	{"{0:{1}}", []any{fl("3.14159"), ".2f"}, map[string]any{}, "", "3.14"},
	{"{:{}{}}", []any{int64(1), ">", int64(5)}, map[string]any{}, "", "    1"},
	{"{0:{1:{2}}}", []any{int64(1), int64(2), int64(3)}, map[string]any{}, "ValueError", "Max string recursion exceeded"},
	{"{a}", []any{}, map[string]any{"a": int64(5)}, "", "5"},
	{"{a[0]}", []any{}, map[string]any{"a": []any{int64(1), int64(2)}}, "", "1"},
	{"{0[1]}", []any{[]any{int64(1), int64(2)}}, map[string]any{}, "", "2"},
	{"{0[x]}", []any{map[string]any{"x": int64(7)}}, map[string]any{}, "", "7"},
	{"{0[1][0]}", []any{[]any{int64(1), []any{int64(2)}}}, map[string]any{}, "", "2"},
	{"{}{0}", []any{int64(1), int64(2)}, map[string]any{}, "ValueError", "cannot switch from automatic field numbering to manual field specification"},
	{"{0}{}", []any{int64(1), int64(2)}, map[string]any{}, "ValueError", "cannot switch from manual field specification to automatic field numbering"},
	{"{", []any{}, map[string]any{}, "ValueError", "Single '{' encountered in format string"},
	{"}", []any{}, map[string]any{}, "ValueError", "Single '}' encountered in format string"},
	{"a}b", []any{}, map[string]any{}, "ValueError", "Single '}' encountered in format string"},
	{"{{}}", []any{}, map[string]any{}, "", "{}"},
	{"{{{0}}}", []any{int64(5)}, map[string]any{}, "", "{5}"},
	{"{0!r}", []any{"a"}, map[string]any{}, "", "'a'"},
	{"{0!s:>4}", []any{"a"}, map[string]any{}, "", "   a"},
	{"{0!x}", []any{"a"}, map[string]any{}, "ValueError", "Unknown conversion specifier x"},
	{"{a!x}", []any{}, map[string]any{}, "KeyError", "'a'"},
	{"{0!}", []any{int64(1)}, map[string]any{}, "ValueError", "unmatched '{' in format spec"},
	{"{!}", []any{int64(1)}, map[string]any{}, "ValueError", "unmatched '{' in format spec"},
	{"{0!r", []any{int64(1)}, map[string]any{}, "ValueError", "unmatched '{' in format spec"},
	{"{0!rx}", []any{int64(1)}, map[string]any{}, "ValueError", "expected ':' after conversion specifier"},
	{"{0:", []any{int64(1)}, map[string]any{}, "ValueError", "unmatched '{' in format spec"},
	{"{0", []any{int64(1)}, map[string]any{}, "ValueError", "expected '}' before end of string"},
	{"{0[}", []any{[]any{int64(1)}}, map[string]any{}, "ValueError", "expected '}' before end of string"},
	{"{a[}", []any{}, map[string]any{}, "ValueError", "expected '}' before end of string"},
	{"{0.}", []any{int64(1)}, map[string]any{}, "ValueError", "Empty attribute in format string"},
	{"{0[]}", []any{[]any{int64(1)}}, map[string]any{}, "ValueError", "Empty attribute in format string"},
	{"{0[0]x}", []any{[]any{int64(1)}}, map[string]any{}, "ValueError", "Only '.' or '[' may follow ']' in format field specifier"},
	{"{0[0}", []any{[]any{int64(1)}}, map[string]any{}, "ValueError", "expected '}' before end of string"},
	{"{99999999999999999999}", []any{}, map[string]any{}, "ValueError", "Too many decimal digits in format string"},
	{"{99999999999999999999x}", []any{}, map[string]any{}, "ValueError", "Too many decimal digits in format string"},
	{"{0[99999999999999999999]}", []any{[]any{int64(1)}}, map[string]any{}, "ValueError", "Too many decimal digits in format string"},
	{"{0{}", []any{int64(1)}, map[string]any{}, "ValueError", "unexpected '{' in field name"},
	{"{1}", []any{int64(1)}, map[string]any{}, "IndexError", "Replacement index 1 out of range for positional args tuple"},
	{"{x}", []any{}, map[string]any{}, "KeyError", "'x'"},
	{"{0}}", []any{int64(1)}, map[string]any{}, "ValueError", "Single '}' encountered in format string"},
	{"{0}}}", []any{int64(1)}, map[string]any{}, "", "1}"},
	{"x{0}y{{z", []any{int64(1)}, map[string]any{}, "", "x1y{z"},
	{"{\u0661}", []any{"a", "b"}, map[string]any{}, "", "b"},
	{"{0:\u0663}", []any{int64(5)}, map[string]any{}, "", "  5"},
	{"{:,}", []any{int64(1234567)}, map[string]any{}, "", "1,234,567"},
	{"{:_x}", []any{int64(3735928559)}, map[string]any{}, "", "dead_beef"},
	{"{:%}", []any{fl("0.25")}, map[string]any{}, "", "25.000000%"},
	{"{:e}", []any{bigInt("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")}, map[string]any{}, "OverflowError", "int too large to convert to float"},
	{"{:d}", []any{fl("1.5")}, map[string]any{}, "ValueError", "Unknown format code 'd' for object of type 'float'"},
	{"{:s}", []any{int64(1)}, map[string]any{}, "ValueError", "Unknown format code 's' for object of type 'int'"},
	{"{0:{1}}", []any{int64(1), "{"}, map[string]any{}, "ValueError", "Unknown format code '{' for object of type 'int'"},
	{"{0:{{}}}", []any{int64(1)}, map[string]any{}, "ValueError", "Invalid format specifier '{}' for object of type 'int'"},
	{"{0:}}", []any{int64(1)}, map[string]any{}, "ValueError", "Single '}' encountered in format string"},
	{"{0:{}}", []any{int64(1), int64(2)}, map[string]any{}, "ValueError", "cannot switch from manual field specification to automatic field numbering"},
	{"{:{}}{}", []any{int64(1), int64(5), int64(2)}, map[string]any{}, "", "    12"},
	{"{:{0}}", []any{int64(1), int64(5)}, map[string]any{}, "ValueError", "cannot switch from automatic field numbering to manual field specification"},
	{"{0:{a}}", []any{int64(1)}, map[string]any{"a": int64(4)}, "", "   1"},
	{"{0:{a}{b}}", []any{fl("1.5")}, map[string]any{"a": ">", "b": int64(8)}, "", "     1.5"},
	{"{0:{1:{2}}}", []any{int64(1)}, map[string]any{}, "IndexError", "Replacement index 1 out of range for positional args tuple"},
	{"{0[a]:{1}}", []any{map[string]any{"a": fl("2.5")}, "^7"}, map[string]any{}, "", "  2.5  "},
	{"{0!r:{1}}", []any{"ab", int64(8)}, map[string]any{}, "", "'ab'    "},
	{"{0!a}", []any{"\u00e9"}, map[string]any{}, "", "'\\xe9'"},
}
var parseFormatTests = []parseFormatTest{
	{"", []Field{}, "", ""},
	{"abc", []Field{{Literal: "abc"}}, "", ""},
	{"{}", []Field{{"", true, "", 0, ""}}, "", ""},
	{"{0}", []Field{{"", true, "0", 0, ""}}, "", ""},
	{"a{0}b", []Field{{"a", true, "0", 0, ""}, {Literal: "b"}}, "", ""},
	{"a{{b", []Field{{Literal: "a{b"}}, "", ""},
	{"a}}b{{", []Field{{Literal: "a}b{"}}, "", ""},
	{"{0!r}", []Field{{"", true, "0", 114, ""}}, "", ""},
	{"{0!r:>5}", []Field{{"", true, "0", 114, ">5"}}, "", ""},
	{"{name.attr[0]!s:{w}.{p}}", []Field{{"", true, "name.attr[0]", 115, "{w}.{p}"}}, "", ""},
	{"{0:{1:{2}}}", []Field{{"", true, "0", 0, "{1:{2}}"}}, "", ""},
	{"{[}]}", []Field{{"", true, "[}]", 0, ""}}, "", ""},
	{"{0[]]}", []Field{{"", true, "0[]]", 0, ""}}, "", ""},
	{"{!:}", []Field{{"", true, "", 58, ""}}, "", ""},
	{"{:}", []Field{{"", true, "", 0, ""}}, "", ""},
	{"{!r}", []Field{{"", true, "", 114, ""}}, "", ""},
	{"{0!}", []Field{}, "ValueError", "unmatched '{' in format spec"},
	{"{!}", []Field{}, "ValueError", "unmatched '{' in format spec"},
	{"{0!rr}", []Field{}, "ValueError", "expected ':' after conversion specifier"},
	{"{0:{}", []Field{}, "ValueError", "unmatched '{' in format spec"},
	{"{0", []Field{}, "ValueError", "expected '}' before end of string"},
	{"{", []Field{}, "ValueError", "Single '{' encountered in format string"},
	{"}", []Field{}, "ValueError", "Single '}' encountered in format string"},
	{"x}", []Field{}, "ValueError", "Single '}' encountered in format string"},
	{"{}}", []Field{{"", true, "", 0, ""}}, "ValueError", "Single '}' encountered in format string"},
	{"{}{", []Field{{"", true, "", 0, ""}}, "ValueError", "Single '{' encountered in format string"},
	{"{0[", []Field{}, "ValueError", "expected '}' before end of string"},
	{"{0{", []Field{}, "ValueError", "unexpected '{' in field name"},
	{"{a:b:c}", []Field{{"", true, "a", 0, "b:c"}}, "", ""},
	{"{a!b!c}", []Field{}, "ValueError", "expected ':' after conversion specifier"},
	{"{a!\u00e9}", []Field{{"", true, "a", 233, ""}}, "", ""},
	{"\u00e9{\u00e9:\u00e9}\u00e9", []Field{{"\u00e9", true, "\u00e9", 0, "\u00e9"}, {Literal: "\u00e9"}}, "", ""},
	{"{0:}}", []Field{{"", true, "0", 0, ""}}, "ValueError", "Single '}' encountered in format string"},
	{"{0:{{}}}", []Field{{"", true, "0", 0, "{{}}"}}, "", ""},
	{"{:{{}", []Field{}, "ValueError", "unmatched '{' in format spec"},
	{"ab{}cd{x}ef{{", []Field{{"ab", true, "", 0, ""}, {"cd", true, "x", 0, ""}, {Literal: "ef{"}}, "", ""},
	{"{0]}", []Field{{"", true, "0]", 0, ""}}, "", ""},
	{"{0[x}]:y}", []Field{{"", true, "0[x}]", 0, "y"}}, "", ""},
}
var splitFieldTests = []splitFieldTest{
	{"", "", []Accessor{}, "", ""},
	{"0", "0", []Accessor{}, "", ""},
	{"abc", "abc", []Accessor{}, "", ""},
	{"0.a", "0", []Accessor{{Attr: "a"}}, "", ""},
	{"a.b.c", "a", []Accessor{{Attr: "b"}, {Attr: "c"}}, "", ""},
	{"a[0]", "a", []Accessor{{Index: "0", IsIndex: true}}, "", ""},
	{"a[x]", "a", []Accessor{{Index: "x", IsIndex: true}}, "", ""},
	{"a[0].b[c]", "a", []Accessor{{Index: "0", IsIndex: true}, {Attr: "b"}, {Index: "c", IsIndex: true}}, "", ""},
	{"0.", "0", []Accessor{}, "ValueError", "Empty attribute in format string"},
	{"a..b", "a", []Accessor{}, "ValueError", "Empty attribute in format string"},
	{"a[", "a", []Accessor{}, "ValueError", "Missing ']' in format string"},
	{"a[]", "a", []Accessor{}, "ValueError", "Empty attribute in format string"},
	{"a[0]b", "a", []Accessor{{Index: "0", IsIndex: true}}, "ValueError", "Only '.' or '[' may follow ']' in format field specifier"},
	{"a[0][", "a", []Accessor{{Index: "0", IsIndex: true}}, "ValueError", "Missing ']' in format string"},
	{".a", "", []Accessor{{Attr: "a"}}, "", ""},
	{"[0]", "", []Accessor{{Index: "0", IsIndex: true}}, "", ""},
	{"a[b.c]", "a", []Accessor{{Index: "b.c", IsIndex: true}}, "", ""},
	{"a[]]", "a", []Accessor{}, "ValueError", "Empty attribute in format string"},
	{"a[0]]", "a", []Accessor{{Index: "0", IsIndex: true}}, "ValueError", "Only '.' or '[' may follow ']' in format field specifier"},
	{"\u0661.x", "1", []Accessor{{Attr: "x"}}, "", ""},
	{"a.b[", "a", []Accessor{{Attr: "b"}}, "ValueError", "Missing ']' in format string"},
	{"a[x][y].z.", "a", []Accessor{{Index: "x", IsIndex: true}, {Index: "y", IsIndex: true}, {Attr: "z"}}, "ValueError", "Empty attribute in format string"},
	{"0[99999999999999999999]", "0", []Accessor{}, "ValueError", "Too many decimal digits in format string"},
	{"99999999999999999999", "", []Accessor{}, "ValueError", "Too many decimal digits in format string"},
	{"a.[0]", "a", []Accessor{}, "ValueError", "Empty attribute in format string"},
}
