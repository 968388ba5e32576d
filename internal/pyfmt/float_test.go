package pyfmt

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestFloatRepr(t *testing.T) {
	for _, tt := range floatReprTests {
		f, err := strconv.ParseFloat(tt.f, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := FloatRepr(f); got != tt.want {
			t.Errorf("FloatRepr(%s) = %q; want %q", tt.f, got, tt.want)
		}
	}
}

// TestFloatReprRoundTrip checks, for random bit patterns, that repr reads
// back as the same float, is as short as Go's shortest formatting, and
// uses scientific notation exactly when the exponent is < -4 or >= 16.
func TestFloatReprRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		s := FloatRepr(f)
		g, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(g) != math.Float64bits(f) {
			t.Fatalf("FloatRepr(%b) = %q, which reads back as %b, %v", f, s, g, err)
		}
		short := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
		mant, exp, _ := strings.Cut(short, "e")
		e, _ := strconv.Atoi(exp)
		if sci := strings.Contains(s, "e"); sci != (e < -4 || e >= 16) {
			t.Fatalf("FloatRepr(%b) = %q for decimal exponent %d", f, s, e)
		}
		digits := strings.TrimLeft(strings.NewReplacer(".", "", "-", "").Replace(strings.Split(s, "e")[0]), "0")
		want := strings.Replace(mant, ".", "", 1)
		if strings.TrimRight(digits, "0") != strings.TrimRight(want, "0") {
			t.Fatalf("FloatRepr(%b) = %q; want the digits of %s", f, s, short)
		}
	}
}

// TestLimits covers the sizes that CPython refuses with its own errors,
// and those this package refuses with MemoryError instead of building.
func TestLimits(t *testing.T) {
	isKind := func(err error, kind, msg string) bool {
		var e *Error
		return errors.As(err, &e) && e.Kind == kind && e.Msg == msg
	}
	huge := Spec{Width: maxOutput + 1, Precision: -1}
	if _, err := FormatInt64(1, huge, "int"); !isKind(err, "MemoryError", "") {
		t.Errorf("FormatInt64 with a huge width: %v", err)
	}
	if _, err := FormatFloat(1, huge, "float"); !isKind(err, "MemoryError", "") {
		t.Errorf("FormatFloat with a huge width: %v", err)
	}
	if _, err := FormatString("a", huge, "str"); !isKind(err, "MemoryError", "") {
		t.Errorf("FormatString with a huge width: %v", err)
	}
	s, _ := ParseSpec(".2147483647f", "float")
	if _, err := FormatFloat(1, s, "float"); !isKind(err, "MemoryError", "") {
		t.Errorf("format(1.0, '.2147483647f'): %v", err)
	}
	// Only zeros follow the exact digits, so a huge precision costs
	// nothing when g drops them.
	s, _ = ParseSpec(".2147483647g", "float")
	if got, err := FormatFloat(0.1, s, "float"); err != nil || got != "0.1000000000000000055511151231257827021181583404541015625" {
		t.Errorf("format(0.1, '.2147483647g') = %q, %v", got, err)
	}
	d := &Directive{Width: maxOutput + 1, Precision: -1, Conv: 'd'}
	if _, err := PercentInt(bigInt("1"), d); !isKind(err, "MemoryError", "") {
		t.Errorf("%%*d with a huge width: %v", err)
	}
	d = &Directive{Width: -1, Precision: math.MaxInt32, Conv: 'd'}
	if _, err := PercentInt(bigInt("1"), d); !isKind(err, "OverflowError", "precision too large") {
		t.Errorf("%%.*d with precision INT_MAX: %v", err)
	}
	d = &Directive{Width: -1, Precision: maxOutput + 1, Conv: 'x'}
	if _, err := PercentInt(bigInt("1"), d); !isKind(err, "MemoryError", "") {
		t.Errorf("%%.*x with a huge precision: %v", err)
	}
}

var floatReprTests = []struct{ f, want string }{
	{"0.1", "0.1"},
	{"1e+16", "1e+16"},
	{"1e-05", "1e-05"},
	{"123456789.123", "123456789.123"},
	{"0.3333333333333333", "0.3333333333333333"},
	{"5e-324", "5e-324"},
	{"1.7976931348623157e+308", "1.7976931348623157e+308"},
	{"-0.0", "-0.0"},
	{"0.0", "0.0"},
	{"1.0", "1.0"},
	{"-1.0", "-1.0"},
	{"1000000000000000.0", "1000000000000000.0"},
	{"9999999999999998.0", "9999999999999998.0"},
	{"1e+17", "1e+17"},
	{"2.000000000000001e+16", "2.000000000000001e+16"},
	{"0.0001", "0.0001"},
	{"1e-05", "1e-05"},
	{"0.00012345", "0.00012345"},
	{"1.5e-05", "1.5e-05"},
	{"100.0", "100.0"},
	{"1e+22", "1e+22"},
	{"1e+23", "1e+23"},
	{"2.5", "2.5"},
	{"1e-07", "1e-07"},
	{"123.456", "123.456"},
	{"inf", "inf"},
	{"-inf", "-inf"},
	{"nan", "nan"},
	{"9007199254740992.0", "9007199254740992.0"},
	{"9007199254740994.0", "9007199254740994.0"},
	{"9.223372036854776e+18", "9.223372036854776e+18"},
	{"1.2345678901234568e-300", "1.2345678901234568e-300"},
	{"2.2250738585072014e-308", "2.2250738585072014e-308"},
	{"5e-324", "5e-324"},
	{"0.3", "0.3"},
	{"0.30000000000000004", "0.30000000000000004"},
	{"1e+100", "1e+100"},
	{"1.2345678901234568e+16", "1.2345678901234568e+16"},
	{"1234567890123456.8", "1234567890123456.8"},
	{"0.000123", "0.000123"},
}
