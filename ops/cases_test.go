package ops

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"msrepl/tensor"
)

// The cases in testdata/cases were computed by numpy 1.24; testdata/gen
// holds their generators. Each applies one primitive through the eager
// builder and compares every output element within the case's tolerance,
// or the error's kind and message exactly.

type jsonTensor struct {
	DType string            `json:"dtype"`
	Shape []int             `json:"shape"`
	Data  []json.RawMessage `json:"data"`
}

type jsonCase struct {
	Name    string                                `json:"name"`
	Prim    string                                `json:"prim"`
	Attrs   map[string]map[string]json.RawMessage `json:"attrs"`
	Inputs  []jsonTensor                          `json:"inputs"`
	Outputs []jsonTensor                          `json:"outputs"`
	Error   *struct{ Kind, Message string }       `json:"error"`
	RTol    float64                               `json:"rtol"`
	ATol    float64                               `json:"atol"`
}

func TestNumpyCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cases []jsonCase
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		family := strings.TrimSuffix(filepath.Base(file), ".json")
		for _, c := range cases {
			t.Run(family+"/"+c.Name, func(t *testing.T) { runCase(t, c) })
		}
	}
}

func runCase(t *testing.T, c jsonCase) {
	p, ok := Lookup(c.Prim)
	if !ok {
		t.Fatalf("no primitive %q", c.Prim)
	}
	ctx := newTestCtx()
	attrs, err := decodeAttrs(c.Attrs)
	if err != nil {
		t.Fatal(err)
	}
	args := make([]Value, len(c.Inputs))
	for i, in := range c.Inputs {
		x, err := decodeTensor(ctx, in)
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		args[i] = x
	}
	out, err := (&Eager{Ctx: ctx}).Apply(p, attrs, args...)
	if c.Error != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("err = %v, want %s: %s", err, c.Error.Kind, c.Error.Message)
		}
		if e.Kind.String() != c.Error.Kind || e.Msg != c.Error.Message {
			t.Fatalf("error\n got %s: %s\nwant %s: %s", e.Kind, e.Msg, c.Error.Kind, c.Error.Message)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(c.Outputs) {
		t.Fatalf("%d outputs, want %d", len(out), len(c.Outputs))
	}
	for i, want := range c.Outputs {
		got := out[i].(*tensor.Tensor)
		if err := compareTensor(got, want, c.RTol, c.ATol); err != nil {
			t.Errorf("output %d: %v", i, err)
		}
	}
}

func decodeAttrs(in map[string]map[string]json.RawMessage) (Attrs, error) {
	if len(in) == 0 {
		return nil, nil
	}
	a := Attrs{}
	for name, typed := range in {
		for kind, raw := range typed {
			var err error
			switch kind {
			case "int":
				var v int
				err = json.Unmarshal(raw, &v)
				a[name] = v
			case "float":
				var v float64
				err = json.Unmarshal(raw, &v)
				a[name] = v
			case "bool":
				var v bool
				err = json.Unmarshal(raw, &v)
				a[name] = v
			case "str":
				var v string
				err = json.Unmarshal(raw, &v)
				a[name] = v
			case "ints":
				var v []int
				err = json.Unmarshal(raw, &v)
				a[name] = v
			case "dtype":
				var v string
				if err = json.Unmarshal(raw, &v); err == nil {
					dt, ok := tensor.DTypeByName(v)
					if !ok {
						return nil, fmt.Errorf("attr %s: unknown dtype %q", name, v)
					}
					a[name] = dt
				}
			default:
				return nil, fmt.Errorf("attr %s: unknown kind %q", name, kind)
			}
			if err != nil {
				return nil, fmt.Errorf("attr %s: %v", name, err)
			}
		}
	}
	return a, nil
}

func decodeNumber(raw json.RawMessage) (float64, int64, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		switch s {
		case "nan":
			return math.NaN(), 0, nil
		case "inf":
			return math.Inf(1), 0, nil
		case "-inf":
			return math.Inf(-1), 0, nil
		}
		return 0, 0, fmt.Errorf("bad number %q", s)
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		if b {
			return 1, 1, nil
		}
		return 0, 0, nil
	}
	var i int64
	if json.Unmarshal(raw, &i) == nil {
		return float64(i), i, nil
	}
	var f float64
	err := json.Unmarshal(raw, &f)
	return f, int64(f), err
}

func decodeTensor(ctx *Ctx, jt jsonTensor) (*tensor.Tensor, error) {
	dt, ok := tensor.DTypeByName(jt.DType)
	if !ok {
		return nil, fmt.Errorf("unknown dtype %q", jt.DType)
	}
	t, err := tensor.New(ctx.Dev, dt, tensor.Shape(jt.Shape))
	if err != nil {
		return nil, err
	}
	if len(jt.Data) != t.Size() {
		return nil, fmt.Errorf("%d values for shape %v", len(jt.Data), jt.Shape)
	}
	for i, raw := range jt.Data {
		f, n, err := decodeNumber(raw)
		if err != nil {
			return nil, err
		}
		if dt.IsFloat() {
			t.SetFloat(i, f)
		} else {
			t.SetInt(i, n)
		}
	}
	return t, nil
}

func compareTensor(got *tensor.Tensor, want jsonTensor, rtol, atol float64) error {
	if got.DType().NumpyName() != want.DType {
		return fmt.Errorf("dtype %s, want %s", got.DType().NumpyName(), want.DType)
	}
	if !got.Shape().Equal(tensor.Shape(want.Shape)) {
		return fmt.Errorf("shape %v, want %v", got.Shape(), tensor.Shape(want.Shape))
	}
	for i, raw := range want.Data {
		w, wi, err := decodeNumber(raw)
		if err != nil {
			return err
		}
		if !got.DType().IsFloat() {
			if g := got.Int(i); g != wi {
				return fmt.Errorf("element %d = %d, want %d", i, g, wi)
			}
			continue
		}
		g := got.Float(i)
		switch {
		case math.IsNaN(w):
			if !math.IsNaN(g) {
				return fmt.Errorf("element %d = %v, want nan", i, g)
			}
		case math.IsNaN(g):
			return fmt.Errorf("element %d = nan, want %v", i, w)
		case math.IsInf(w, 0):
			if g != w {
				return fmt.Errorf("element %d = %v, want %v", i, g, w)
			}
		case math.Abs(g-w) > atol+rtol*math.Abs(w):
			return fmt.Errorf("element %d = %v, want %v (rtol %g, atol %g)", i, g, w, rtol, atol)
		}
	}
	return nil
}
