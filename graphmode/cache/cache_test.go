package cache_test

import (
	"strings"
	"testing"

	"msrepl/graphmode/cache"
	"msrepl/graphmode/ir"
	"msrepl/tensor"
)

func tensorArg(name string, dt tensor.DType, dims ...int) cache.Arg {
	return cache.Arg{Name: name, Abs: ir.TensorAbs{Meta: tensor.Meta{DType: dt, Shape: tensor.Shape(dims)}}}
}

func constArg(name string, v any) cache.Arg {
	switch v := v.(type) {
	case int64:
		return cache.Arg{Name: name, Abs: ir.ScalarAbs{Kind: ir.Int64, Value: v}}
	case string:
		return cache.Arg{Name: name, Abs: ir.ScalarAbs{Kind: ir.String, Value: v}}
	}
	return cache.Arg{Name: name, Abs: ir.NoneAbs{}}
}

// Each guard kind misses with its reason, counted as ms.cache_info counts.
func TestRecompileReasons(t *testing.T) {
	scale := 1.0
	f := cache.NewFunction("f")
	first := []cache.Arg{tensorArg("x", tensor.Float32, 3, 4), constArg("n", int64(2))}
	if e, why := f.Lookup(first); e != nil || why != "" {
		t.Fatalf("empty cache: %v %q", e, why)
	}
	guard := cache.Guard{What: "attribute 'self.scale'", Check: cache.CheckFunc(func() bool { return scale == 1 })}
	f.Add(&cache.Entry{Args: first, Guards: []cache.Guard{guard}})
	if e, _ := f.Lookup(first); e == nil {
		t.Fatal("the same call missed")
	}
	for _, c := range []struct {
		name   string
		args   []cache.Arg
		before func()
		want   string
	}{
		{"dim", []cache.Arg{tensorArg("x", tensor.Float32, 5, 4), constArg("n", int64(2))}, nil,
			"tensor 'x' dim 0: expected 3, got 5"},
		{"dtype", []cache.Arg{tensorArg("x", tensor.Float64, 3, 4), constArg("n", int64(2))}, nil,
			"tensor 'x' dtype: expected Float32, got Float64"},
		{"rank", []cache.Arg{tensorArg("x", tensor.Float32, 12), constArg("n", int64(2))}, nil,
			"tensor 'x' rank: expected 2, got 1"},
		{"constant", []cache.Arg{tensorArg("x", tensor.Float32, 3, 4), constArg("n", int64(3))}, nil,
			"constant 'n': expected 2, got 3"},
		{"type", []cache.Arg{tensorArg("x", tensor.Float32, 3, 4), constArg("n", "two")}, nil,
			"constant 'n': expected 2, got 'two'"},
		{"attribute", first, func() { scale = 2 }, "attribute 'self.scale' changed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.before != nil {
				c.before()
				defer func() { scale = 1 }()
			}
			e, why := f.Lookup(c.args)
			if e != nil || why != c.want {
				t.Errorf("got %v, %q; want a miss for %q", e, why, c.want)
			}
		})
	}
	if f.Hits != 1 || f.Misses != 7 || len(f.Reasons) != 6 {
		t.Errorf("hits %d, misses %d, reasons %d; want 1, 7, 6", f.Hits, f.Misses, len(f.Reasons))
	}
}

// Entries are tried newest first, and a function stops compiling at its
// limit, saying why once.
func TestLimit(t *testing.T) {
	f := cache.NewFunction("g")
	for n := range int64(cache.DefaultLimit) {
		args := []cache.Arg{constArg("n", n)}
		f.Lookup(args)
		if !f.Add(&cache.Entry{Args: args, Compiled: n}) {
			t.Fatalf("entry %d refused", n)
		}
	}
	if e, _ := f.Lookup([]cache.Arg{constArg("n", int64(3))}); e == nil || e.Compiled != int64(3) {
		t.Fatalf("lookup of an old entry: %v", e)
	}
	args := []cache.Arg{constArg("n", int64(99))}
	if _, why := f.Lookup(args); why != "constant 'n': expected 7, got 99" {
		t.Errorf("reason %q", why)
	}
	if f.Add(&cache.Entry{Args: args}) || !f.Eager {
		t.Fatalf("entry past the limit stored")
	}
	if msg := f.GaveUp(); !strings.Contains(msg, "'g' was compiled 8 times") || !strings.Contains(msg, "expected 7, got 99") {
		t.Errorf("message %q", msg)
	}
}
