package interp

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"msrepl/tensor"
)

// The differential corpus: each testdata/jitdiff/NAME.py computes values
// with @jit functions and Cells and appends them (results, gradients) to a
// global list RESULTS. It runs twice, with jit on and with MS_JIT=0 (every
// @jit function run as it is, in PyNative mode), and the two lists must
// agree within 1e-6 relative. A number that graph mode made a 0-d Tensor
// (a Python number carried through a loop on a Tensor) compares by value.
// A program marked "# jit-limit: TEXT" runs eagerly and, under jit, must
// fail with TEXT: a documented limitation, checked to still be one.
func TestJitDifferential(t *testing.T) {
	paths := programs(t, "jitdiff")
	if len(paths) == 0 {
		t.Fatal("no programs in testdata/jitdiff")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
			eager, eagerOut := runForResults(t, path, "0")
			if want := knownLimit(t, path); want != "" {
				// A program graph mode does not compile yet must still
				// fail with the limitation's own error, so that the
				// marker goes when the limitation does.
				t.Setenv("MS_JIT", "1")
				out, err := runProgram(t, path)
				if err == nil || !strings.Contains(out, want) {
					t.Errorf("the program marked '# jit-limit: %s' gave (error %v):\n%s", want, err, out)
				}
				return
			}
			graph, graphOut := runForResults(t, path, "1")
			if err := sameResults(eager, graph, "RESULTS"); err != nil {
				t.Errorf("jit and PyNative disagree: %v\n--- PyNative output ---\n%s\n--- jit output ---\n%s", err, eagerOut, graphOut)
			}
		})
	}
}

// TestJitDifferentialBytecode runs the corpus with capture_mode="bytecode"
// as @jit's default: a function bytecode capture splits must still
// compute what PyNative computes. The limitations of the ast capture are
// splits here, so every program must agree.
func TestJitDifferentialBytecode(t *testing.T) {
	saved := defaultCaptureMode
	defaultCaptureMode = "bytecode"
	defer func() { defaultCaptureMode = saved }()
	for _, path := range programs(t, "jitdiff") {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
			eager, eagerOut := runForResults(t, path, "0")
			graph, graphOut := runForResults(t, path, "1")
			if err := sameResults(eager, graph, "RESULTS"); err != nil {
				t.Errorf("bytecode jit and PyNative disagree: %v\n--- PyNative output ---\n%s\n--- jit output ---\n%s", err, eagerOut, graphOut)
			}
		})
	}
}

// knownLimit is the error text after a "# jit-limit:" line: a program
// that runs eagerly but hits a documented limitation of graph mode.
func knownLimit(t *testing.T, path string) string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "# jit-limit: "); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// runForResults runs a program with MS_JIT set to jit and returns its
// RESULTS list and output.
func runForResults(t *testing.T, path, jit string) (Value, string) {
	t.Helper()
	return runForResultsIn(t, path, jit, nil)
}

// runForResultsIn is runForResults, which gives its session to seen.
func runForResultsIn(t *testing.T, path, jit string, seen func(*Session)) (Value, string) {
	t.Helper()
	t.Setenv("MS_JIT", jit)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession()
	// Buffers the memory plan gives back early are poisoned, and so are
	// uninitialized outputs: a read after a release, or of memory a kernel
	// did not write, shows as a disagreement.
	s.th.ms().dev.Poison = true
	if seen != nil {
		seen(s)
	}
	s.Thread().Budget = 50_000_000
	sink := &recordingSink{}
	if err := s.ExecuteWith(context.Background(), string(src), sink, ExecOptions{Filename: filepath.Base(path), NoResult: true}); err != nil {
		t.Fatalf("MS_JIT=%s: %v\n%s", jit, err, sink.buf.String())
	}
	v, ok := s.Globals().Get("RESULTS")
	if !ok {
		t.Fatalf("MS_JIT=%s: the program defines no RESULTS", jit)
	}
	if l, ok := v.(*List); !ok || len(l.elems) == 0 {
		t.Fatalf("MS_JIT=%s: RESULTS is not a non-empty list", jit)
	}
	return v, sink.buf.String()
}

// sameResults compares two results: Tensors by dtype, shape and values,
// numbers by value, containers element by element, anything else by repr.
func sameResults(a, b Value, path string) error {
	ta, aT := a.(*Tensor)
	tb, bT := b.(*Tensor)
	switch {
	case aT && ta.t.Abstract() || bT && tb.t.Abstract():
		return fmt.Errorf("%s: a Tensor the graph never computed (abstract) came out of it", path)
	case aT && bT:
		if ta.t.DType() != tb.t.DType() || fmt.Sprint(ta.t.Shape()) != fmt.Sprint(tb.t.Shape()) {
			return fmt.Errorf("%s: %v%v against %v%v", path, ta.t.DType(), ta.t.Shape(), tb.t.DType(), tb.t.Shape())
		}
		for i := 0; i < ta.t.Size(); i++ {
			if !agree(ta.t.Float(i), tb.t.Float(i)) {
				return fmt.Errorf("%s[%d]: %v against %v", path, i, ta.t.Float(i), tb.t.Float(i))
			}
		}
		return nil
	case aT || bT:
		x, y, ok := scalarPair(a, b)
		if !ok {
			return fmt.Errorf("%s: %s against %s", path, TypeName(a), TypeName(b))
		}
		if !agree(x, y) {
			return fmt.Errorf("%s: %v against %v", path, x, y)
		}
		return nil
	}
	switch x := a.(type) {
	case Tuple, *List:
		ea, eb := elemsOf(a), elemsOf(b)
		if ea == nil || eb == nil || TypeName(a) != TypeName(b) || len(ea) != len(eb) {
			return fmt.Errorf("%s: %s of %d against %s of %d", path, TypeName(a), len(ea), TypeName(b), len(eb))
		}
		for i := range ea {
			if err := sameResults(ea[i], eb[i], fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case Float:
		if y, ok := b.(Float); ok && agree(float64(x), float64(y)) {
			return nil
		}
	}
	ra, rb := reprNoThread(nil, a), reprNoThread(nil, b)
	if ra != rb {
		return fmt.Errorf("%s: %s against %s", path, ra, rb)
	}
	return nil
}

func elemsOf(v Value) []Value {
	switch v := v.(type) {
	case Tuple:
		return v
	case *List:
		return v.elems
	}
	return nil
}

// scalarPair reads a number and a one-element Tensor as two numbers.
func scalarPair(a, b Value) (float64, float64, bool) {
	num := func(v Value) (float64, bool) {
		switch v := v.(type) {
		case *Tensor:
			if v.t.Size() == 1 && len(v.t.Shape()) == 0 {
				return v.t.Float(0), true
			}
		case Int:
			return float64(v), true
		case Bool:
			if v {
				return 1, true
			}
			return 0, true
		case Float:
			return float64(v), true
		}
		return 0, false
	}
	x, ok1 := num(a)
	y, ok2 := num(b)
	return x, y, ok1 && ok2
}

// agree is agreement within 1e-6 relative (absolute near zero); NaNs
// agree with NaNs.
func agree(x, y float64) bool {
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.IsNaN(x) && math.IsNaN(y)
	}
	if x == y {
		return true
	}
	return math.Abs(x-y) <= 1e-6*math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
}

// The comparison itself: what must agree and what must not.
func TestSameResults(t *testing.T) {
	s := NewSession()
	th := s.Thread()
	tensorOf := func(dt tensor.DType, vals ...float64) Value {
		x, err := tensor.FromFloat64s(th.ms().dev, dt, tensor.Shape{len(vals)}, vals)
		if err != nil {
			t.Fatal(err)
		}
		return NewTensor(x)
	}
	scalar := func(dt tensor.DType, v float64) Value {
		x, err := th.scalarTensor(dt, v, int64(v))
		if err != nil {
			t.Fatal(err)
		}
		return NewTensor(x)
	}
	for _, c := range []struct {
		name  string
		a, b  Value
		agree bool
	}{
		{"equal tensors", tensorOf(tensor.Float32, 1, 2), tensorOf(tensor.Float32, 1, 2), true},
		{"within 1e-6", tensorOf(tensor.Float64, 1, 2), tensorOf(tensor.Float64, 1, 2+1e-7), true},
		{"beyond 1e-6", tensorOf(tensor.Float64, 1, 2), tensorOf(tensor.Float64, 1, 2.001), false},
		{"dtype", tensorOf(tensor.Float32, 1), tensorOf(tensor.Float64, 1), false},
		{"shape", tensorOf(tensor.Float32, 1), tensorOf(tensor.Float32, 1, 1), false},
		{"int against its 0-d tensor", MakeInt(4), scalar(tensor.Int64, 4), true},
		{"int against another", MakeInt(4), scalar(tensor.Int64, 5), false},
		{"tuple lengths", Tuple{MakeInt(1)}, Tuple{MakeInt(1), MakeInt(2)}, false},
		{"tuple against list", Tuple{MakeInt(1)}, NewList([]Value{MakeInt(1)}), false},
		{"strings", Str("a"), Str("b"), false},
		{"nested", NewList([]Value{Tuple{Float(1.5), None}}), NewList([]Value{Tuple{Float(1.5), None}}), true},
	} {
		err := sameResults(c.a, c.b, "r")
		if (err == nil) != c.agree {
			t.Errorf("%s: sameResults = %v, want agreement %v", c.name, err, c.agree)
		}
	}
}

// FuzzBytecodeCapture mutates the corpus's programs and runs each under
// capture_mode="bytecode" against PyNative: a program PyNative runs must
// run the same under bytecode capture, which splits where it cannot
// capture, and give the same RESULTS. A program PyNative rejects is
// skipped.
func FuzzBytecodeCapture(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "jitdiff", "*.py"))
	for _, path := range files {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	saved := defaultCaptureMode
	defaultCaptureMode = "bytecode"
	defer func() { defaultCaptureMode = saved }()
	debugPanics = true
	f.Fuzz(func(t *testing.T, src string) {
		run := func(jit string) (Value, string, error) {
			t.Setenv("MS_JIT", jit)
			s := NewSession()
			s.Thread().Budget = 2_000_000
			s.Thread().MaxDepth = 200
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			sink := &recordingSink{}
			err := s.ExecuteWith(ctx, src, sink, ExecOptions{Filename: "fuzz.py", NoResult: true})
			v, _ := s.Globals().Get("RESULTS")
			return v, sink.buf.String(), err
		}
		eager, eagerOut, err := run("0")
		if err != nil || eager == nil || strings.Contains(src, "random") {
			return
		}
		// Results other than data (functions, objects) compare by
		// identity, which differs between the runs.
		if !plainResult(eager) {
			return
		}
		graph, graphOut, err := run("1")
		if err != nil {
			t.Fatalf("PyNative ran the program, bytecode capture failed: %v\n%s\n--- program ---\n%s", err, graphOut, src)
		}
		if err := sameResults(eager, graph, "RESULTS"); err != nil {
			t.Fatalf("bytecode capture and PyNative disagree: %v\n--- PyNative ---\n%s\n--- bytecode ---\n%s\n--- program ---\n%s", err, eagerOut, graphOut, src)
		}
	})
}
