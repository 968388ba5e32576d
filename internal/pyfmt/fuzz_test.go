package pyfmt

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

// tooBig reports whether a spec asks for more output than a fuzz
// iteration should build.
func tooBig(s Spec) bool {
	return s.Width > 1000 || s.Precision > 1000
}

func FuzzParseSpec(f *testing.F) {
	for _, tt := range intFormatTests[:200] {
		f.Add(tt.spec, int64(len(tt.value)))
	}
	for _, tt := range floatFormatTests[:200] {
		f.Add(tt.spec, int64(-7))
	}
	f.Fuzz(func(t *testing.T, spec string, x int64) {
		s, err := ParseSpec(spec, "int")
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("ParseSpec(%q) returned %T", spec, err)
			}
			return
		}
		if tooBig(s) {
			return
		}
		FormatInt64(x, s, "int")
		FormatInt(new(big.Int).Lsh(big.NewInt(x), 70), s, "int")
		FormatString(spec, s, "str")
	})
}

func FuzzFormatFloat(f *testing.F) {
	for _, tt := range floatFormatTests {
		f.Add(fl(tt.value), tt.spec)
	}
	f.Fuzz(func(t *testing.T, x float64, spec string) {
		s, err := ParseSpec(spec, "float")
		if err != nil || tooBig(s) {
			return
		}
		got, err := FormatFloat(x, s, "float")
		if err != nil {
			return
		}
		plain := s.Type == 0 && s.Precision < 0 && s.Width < 0 && s.Grouping == 0 &&
			!s.Alternate && !s.NoNegZero && (s.Sign == 0 || s.Sign == '-')
		if plain && got != FloatRepr(x) {
			t.Fatalf("format(%v, %q) = %q, not repr %q", x, spec, got, FloatRepr(x))
		}
		if g, err := ParseFloat(strings.TrimRight(FloatRepr(x), "%")); err != nil || (g != x && !math.IsNaN(x)) {
			t.Fatalf("float(repr(%v)) = %v, %v", x, g, err)
		}
	})
}

func FuzzParsePercent(f *testing.F) {
	for _, tt := range percentTests {
		f.Add(tt.format, int64(7), 2.5, "abc")
	}
	f.Fuzz(func(t *testing.T, format string, i int64, x float64, str string) {
		pieces, _ := ParsePercent(format)
		for _, p := range pieces {
			d := p.Directive
			if d == nil {
				continue
			}
			if d.Width > 1000 || d.Precision > 1000 {
				return
			}
			PercentInt(big.NewInt(i), d)
			PercentFloat(x, d)
			PercentString(str, d)
			d.Unsupported()
		}
	})
}

func FuzzParseFormatString(f *testing.F) {
	for _, tt := range parseFormatTests {
		f.Add(tt.template)
	}
	for _, tt := range strFormatCallTests {
		f.Add(tt.template)
	}
	f.Fuzz(func(t *testing.T, template string) {
		fields, _ := ParseFormatString(template)
		var n Numbering
		for _, fl := range fields {
			first, rest, _ := SplitFieldName(fl.Name)
			n.Index(first)
			for _, a := range rest {
				FieldIndex(a.Index)
			}
			if fl.Conv != 0 {
				UnknownConversion(fl.Conv)
			}
		}
	})
}

func FuzzParseNumber(f *testing.F) {
	for _, tt := range parseIntTests {
		f.Add(tt.in)
	}
	for _, tt := range parseFloatTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, base := range []int{0, 2, 10, 16, 36} {
			ParseInt(s, base)
		}
		x, err := ParseFloat(s)
		if err == nil && !math.IsNaN(x) {
			if y, err := ParseFloat(FloatRepr(x)); err != nil || y != x {
				t.Fatalf("float(repr(float(%q))) = %v, %v", s, y, err)
			}
		}
	})
}
