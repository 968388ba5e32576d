package tensor

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"msrepl/devices/cpu"
)

// printData is testdata/print/cases.json, written by testdata/gen_print.py
// from numpy 1.24.
type printData struct {
	Numpy string `json:"numpy"`
	Cases []struct {
		Name   string `json:"name"`
		DType  string `json:"dtype"`
		Shape  []int  `json:"shape"`
		Values string `json:"values"`
		Str    string `json:"str"`
		Repr   string `json:"repr"`
		Scalar string `json:"scalar"`
	} `json:"cases"`
	Scalars []struct {
		DType string `json:"dtype"`
		Value string `json:"value"`
		Str   string `json:"str"`
		Repr  string `json:"repr"`
	} `json:"scalars"`
}

func loadPrintData(t *testing.T) *printData {
	t.Helper()
	b, err := os.ReadFile("testdata/print/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var d printData
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d.Numpy, "1.24.") {
		t.Fatalf("cases printed by numpy %s, want 1.24", d.Numpy)
	}
	return &d
}

func dtypeByName(t *testing.T, name string) DType {
	t.Helper()
	dt, ok := DTypeByName(name)
	if !ok {
		t.Fatalf("unknown dtype %q", name)
	}
	return dt
}

// build makes the tensor the generator printed from its exact values.
func build(t *testing.T, dt DType, shape []int, values string) *Tensor {
	t.Helper()
	x, err := New(cpu.New(0), dt, Shape(shape))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(values)
	if len(fields) != x.Size() {
		t.Fatalf("%d values for shape %v", len(fields), shape)
	}
	for i, s := range fields {
		if dt.IsFloat() {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			x.SetFloat(i, v)
			continue
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		x.SetInt(i, v)
	}
	return x
}

// diff reports a mismatch with both texts laid out on their own lines, then
// quoted to show spacing.
func diff(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n--- got:\n%s\n--- want:\n%s\n--- got  %q\n--- want %q", what, got, want, got, want)
	}
}

func TestPrintMatchesNumpy(t *testing.T) {
	d := loadPrintData(t)
	if len(d.Cases) < 100 {
		t.Fatalf("only %d cases", len(d.Cases))
	}
	for _, c := range d.Cases {
		t.Run(c.Name, func(t *testing.T) {
			x := build(t, dtypeByName(t, c.DType), c.Shape, c.Values)
			diff(t, "String()", x.String(), c.Str)
			diff(t, "NumpyRepr()", x.NumpyRepr(), c.Repr)
			if len(c.Shape) == 0 {
				diff(t, "String() of 0-d", x.String(), c.Scalar)
			}
		})
	}
}

func TestFormatScalarMatchesNumpy(t *testing.T) {
	d := loadPrintData(t)
	if len(d.Scalars) < 200 {
		t.Fatalf("only %d scalars", len(d.Scalars))
	}
	for _, s := range d.Scalars {
		dt := dtypeByName(t, s.DType)
		x, err := strconv.ParseFloat(s.Value, 64)
		if err != nil {
			t.Fatal(err)
		}
		got := FormatScalar(dt, x)
		if got != s.Str || got != s.Repr {
			t.Errorf("FormatScalar(%v, %s) = %q, want str %q, repr %q", dt, s.Value, got, s.Str, s.Repr)
		}
	}
}

func TestRepr(t *testing.T) {
	tests := []struct {
		dt     DType
		shape  []int
		values string
		want   string
	}{
		{Float32, []int{3}, "4 10 18", "Tensor(shape=[3], dtype=Float32, value=[ 4. 10. 18.])"},
		{Int64, []int{2, 2}, "1 2 3 4", "Tensor(shape=[2, 2], dtype=Int64, value=\n[[1 2]\n [3 4]])"},
		{Float32, nil, "1", "Tensor(shape=[], dtype=Float32, value=1.0)"},
		{Bool, []int{2}, "1 0", "Tensor(shape=[2], dtype=Bool, value=[ True False])"},
		{Float16, []int{1, 2, 2}, "0.5 -1 nan inf", "Tensor(shape=[1, 2, 2], dtype=Float16, value=\n[[[ 0.5 -1. ]\n  [ nan  inf]]])"},
		{Int8, []int{0}, "", "Tensor(shape=[0], dtype=Int8, value=[])"},
		{Float64, []int{2, 0}, "", "Tensor(shape=[2, 0], dtype=Float64, value=\n[])"},
		{UInt8, nil, "255", "Tensor(shape=[], dtype=UInt8, value=255)"},
	}
	for _, tt := range tests {
		x := build(t, tt.dt, tt.shape, tt.values)
		diff(t, fmt.Sprintf("Repr() of %v%v", tt.dt, tt.shape), x.Repr(), tt.want)
	}
}

// digits agrees with the reference port of numpy's Dragon4 under every
// cutoff the printer uses: for every float16 value, and for float32 and
// float64 on random values, every power of two (the only values with
// unequal margins), neighbours of powers of ten, and short binary fractions
// (where ties between two shortest candidates happen).
func TestDigitsMatchDragon4(t *testing.T) {
	cutoffs := []cutoff{
		{max: -1, min: -1},            // scalars
		{frac: true, max: 8, min: -1}, // positional, sizing
		{frac: true, max: 8, min: 0},  // positional, printing
		{max: 9, min: -1},             // scientific, sizing
	}
	for p := 1; p <= 9; p++ {
		cutoffs = append(cutoffs, cutoff{max: p, min: p}) // scientific, printing
	}
	r := rand.New(rand.NewPCG(3, 4))
	var vals []float64
	for range 1000 {
		vals = append(vals,
			math.Float64frombits(r.Uint64()),
			float64(math.Float32frombits(r.Uint32())),
			math.Pow(10, r.Float64()*20-10)*r.Float64(),
			float64(r.IntN(1<<30)),
			math.Ldexp(float64(r.IntN(1<<r.IntN(25))|1), r.IntN(60)-40),
		)
	}
	for e := -1074; e <= 1023; e++ {
		vals = append(vals, math.Ldexp(1, e))
	}
	for e := -45; e <= 45; e++ {
		p := math.Pow(10, float64(e))
		vals = append(vals, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)),
			float64(float32(p)), float64(math.Nextafter32(float32(p), 0)))
	}
	var halves []float64
	for h := range uint16(0x7c00) {
		halves = append(halves, float64(Float16FromBits(h)))
	}
	for _, tc := range []struct {
		k    floatKind
		vals []float64
	}{{kind16, halves}, {kind32, vals}, {kind64, vals}} {
		for _, v := range tc.vals {
			v = math.Abs(v)
			if tc.k == kind32 {
				v = float64(float32(v))
			}
			if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				continue
			}
			for _, c := range cutoffs {
				got, want := digits(nil, v, tc.k, c), refDragon4(v, tc.k, c)
				if string(got.d) != string(want.d) || got.exp != want.exp {
					t.Errorf("float%d %v %+v: got %se%d, want %se%d", tc.k, v, c, got.d, got.exp, want.d, want.exp)
				}
			}
		}
	}
}

// Printing a [1000] float32 tensor, in either notation.
func BenchmarkStringFloat32(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, bc := range []struct {
		name string
		gen  func() float64
	}{
		{"positional", func() float64 { return 1 + 9*r.Float64() }},
		{"scientific", func() float64 { return r.NormFloat64() * math.Pow(10, float64(r.IntN(5))) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			x, err := New(cpu.New(0), Float32, Shape{1000})
			if err != nil {
				b.Fatal(err)
			}
			for i := range x.Size() {
				x.SetFloat(i, bc.gen())
			}
			for b.Loop() {
				_ = x.String()
			}
		})
	}
}

var bigTen = big.NewInt(10)

// refDragon4 is the reference for digits: a direct port of numpy's Dragon4
// digit loop in unique mode (numpy/core/src/multiarray/dragon4.c), on
// math/big integers as numpy runs it, for a nonzero x of kind k. It was
// checked against numpy 1.24 under all the cutoffs the printer uses for
// every float16 value and some 700,000 float32 and float64 values.
func refDragon4(x float64, k floatKind, c cutoff) decimal {
	mant, exp, mantBit, unequal := decompose(x, k)
	// value/scale is the value, marginLow/scale and marginHigh/scale half
	// the gaps to its neighbours, all doubled (quadrupled with unequal
	// margins) to stay integral.
	var value, scale, marginLow, marginHigh, tmp big.Int
	even := mant%2 == 0
	value.SetUint64(mant)
	shift := 1
	if unequal {
		shift = 2
	}
	if exp > 0 {
		value.Lsh(&value, uint(exp+shift))
		scale.SetInt64(int64(1) << shift)
		marginLow.Lsh(big.NewInt(1), uint(exp))
	} else {
		value.Lsh(&value, uint(shift))
		scale.Lsh(big.NewInt(1), uint(-exp+shift))
		marginLow.SetInt64(1)
	}
	highMargin := func() *big.Int {
		if unequal {
			return marginHigh.Lsh(&marginLow, 1)
		}
		return &marginLow
	}

	// The estimate of floor(log10(value))+1 is exact or one low.
	digitExp := int(math.Ceil(float64(mantBit+exp)*math.Log10(2) - 0.69))
	if c.max >= 0 && c.frac && digitExp <= -c.max {
		digitExp = -c.max + 1
	}
	if digitExp > 0 {
		scale.Mul(&scale, tmp.Exp(bigTen, big.NewInt(int64(digitExp)), nil))
	} else if digitExp < 0 {
		tmp.Exp(bigTen, big.NewInt(int64(-digitExp)), nil)
		value.Mul(&value, &tmp)
		marginLow.Mul(&marginLow, &tmp)
	}
	if value.Cmp(&scale) >= 0 {
		digitExp++
	} else {
		value.Mul(&value, bigTen)
		marginLow.Mul(&marginLow, bigTen)
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
	var digit int64
	var low, high bool
	var q, valueHigh big.Int
	for {
		digitExp--
		q.QuoRem(&value, &scale, &value)
		digit = q.Int64()
		valueHigh.Add(&value, highMargin())
		cmp := value.Cmp(&marginLow)
		low = cmp < 0 || even && cmp == 0
		cmp = valueHigh.Cmp(&scale)
		high = cmp > 0 || even && cmp == 0
		if (low || high) && digitExp <= minExp || digitExp == maxExp {
			break
		}
		d = append(d, byte('0'+digit))
		value.Mul(&value, bigTen)
		marginLow.Mul(&marginLow, bigTen)
	}

	roundDown := low
	if low == high {
		cmp := tmp.Lsh(&value, 1).Cmp(&scale)
		roundDown = cmp < 0 || cmp == 0 && digit%2 == 0
	}
	if roundDown {
		return normalize(append(d, byte('0'+digit)), outExp)
	}
	for digit == 9 {
		if len(d) == 0 {
			return decimal{d: []byte{'1'}, exp: outExp + 1}
		}
		digit = int64(d[len(d)-1] - '0')
		d = d[:len(d)-1]
	}
	return normalize(append(d, byte('0'+digit+1)), outExp)
}
