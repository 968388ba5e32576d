package compile_test

import (
	"os"
	"path/filepath"
	"testing"

	"msrepl/lang/compile"
	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

func compileSrc(t *testing.T, name, src string) *compile.Program {
	t.Helper()
	f, err := syntax.Parse(name, src)
	if err != nil {
		t.Fatalf("%s: parse: %v", name, err)
	}
	if _, err := resolve.File(f); err != nil {
		t.Fatalf("%s: resolve: %v", name, err)
	}
	prog, err := compile.File(f)
	if err != nil {
		t.Fatalf("%s: compile: %v", name, err)
	}
	return prog
}

// snippets exercise the control flow that is hardest to compile: exits
// from nested try/finally, with and loops.
var snippets = []string{
	"for i in x:\n    try:\n        break\n    finally:\n        print(1)\n",
	"def f():\n    for i in x:\n        with a as b, c:\n            try:\n                return i\n            except E as e:\n                continue\n            finally:\n                pass\n",
	"while True:\n    try:\n        try:\n            x()\n        finally:\n            break\n    except:\n        raise\n",
	"def g():\n    try:\n        yield 1\n    finally:\n        yield 2\n    yield from h()\n",
	"try:\n    pass\nexcept (A, B) as e:\n    pass\nexcept C:\n    pass\nelse:\n    x = 1\nfinally:\n    y = 2\n",
	"def f():\n    try:\n        return 1\n    finally:\n        return 2\n",
	"x = [y for y in z if y for w in y]\nd = {k: v for k, v in e}\ns = {a for a in b}\ng = (q for q in r)\n",
	"a, *b, c = d\n(e, f), g = h\ni = j = k\nl[m] += 1\nn.o -= 2\ndel p[q], r.s, t\n",
	"f(*a, b, *c, d=1, **e)\nx.m(1, 2)\ny(k=1)\nprint(f'{a!r:>{w}} {b=}')\n",
	"class A(B):\n    def m(self):\n        return super().m() + __class__.x\n    n = [i for i in range(3)]\n",
	"def outer():\n    x = 1\n    def mid():\n        nonlocal x\n        class C:\n            def get(self):\n                return x\n        return C\n    return mid\n",
	"assert x, 'msg'\nassert y\nraise E from F\n",
	"%time f()\nx?\n",
	"%%timeit -n 3\nf()\n",
	"a < b < c <= d\nnot a and b or c\nx if y else z\nlambda *a, k=1, **kw: (a, k, kw)\n",
	// Code after a statement that never completes (found by FuzzExecute).
	"raise\nwith ():0\n",
	"def f():\n    return 1\n    try:\n        pass\n    finally:\n        x = [i for i in y]\n",
	"for i in x:\n    break\n    with a:\n        continue\n",
}

func TestVerifyEverything(t *testing.T) {
	for i, src := range snippets {
		prog := compileSrc(t, "snippet", src)
		if err := compile.Verify(prog.Toplevel); err != nil {
			t.Errorf("snippet %d: %v\n%s", i, err, src)
		}
	}
	files, _ := filepath.Glob("../../interp/testdata/*/*.py")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := syntax.Parse(path, string(src))
		if err != nil {
			continue // the syntax-error programs
		}
		if _, err := resolve.File(f); err != nil {
			continue
		}
		prog, err := compile.File(f)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if err := compile.Verify(prog.Toplevel); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// The exception table sends every instruction of a try body to its handler.
func TestHandlersCoverTryBody(t *testing.T) {
	prog := compileSrc(t, "t", "try:\n    a()\n    b()\nexcept E:\n    pass\n")
	fc := prog.Toplevel
	calls := 0
	for pc, ins := range fc.Code {
		if ins.Op() != compile.CALL {
			continue
		}
		calls++
		covered := false
		for _, h := range fc.Handlers {
			if int(h.Start) <= pc && pc < int(h.End) {
				covered = true
			}
		}
		if !covered {
			t.Errorf("call at pc %d is not covered by a handler", pc)
		}
	}
	if calls != 2 {
		t.Fatalf("found %d calls, want 2", calls)
	}
}

func TestSpansPointAtExpressions(t *testing.T) {
	prog := compileSrc(t, "t", "x = 1\ny = f(x,\n      2) + g\n")
	fc := prog.Toplevel
	for pc, ins := range fc.Code {
		if ins.Op() == compile.CALL {
			s := fc.Spans[pc]
			if s != (compile.Span{Line: 2, Col: 5, EndLine: 3, EndCol: 9}) {
				t.Errorf("CALL span = %+v", s)
			}
		}
		if ins.Op() == compile.BINARY {
			s := fc.Spans[pc]
			if s != (compile.Span{Line: 2, Col: 5, EndLine: 3, EndCol: 13}) {
				t.Errorf("BINARY span = %+v", s)
			}
		}
	}
}

// A for loop left by break or return drops its iterator with POP_ITER, so
// that the interpreter can tell the iterator; continue and the loop's
// normal end do not.
func TestPopIter(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"for i in x:\n    break\n", 1},
		{"for i in x:\n    for j in y:\n        if j:\n            break\n        continue\n", 1},
		{"def f():\n    for i in x:\n        for j in y:\n            return j\n", 2},
		{"while True:\n    break\n", 0},
		{"for i in x:\n    continue\n", 0},
	} {
		prog := compileSrc(t, "t", tc.src)
		n := 0
		for _, fc := range append([]*compile.Funcode{prog.Toplevel}, prog.Toplevel.Funcs...) {
			for _, ins := range fc.Code {
				if ins.Op() == compile.POP_ITER {
					n++
				}
			}
		}
		if n != tc.want {
			t.Errorf("%d POP_ITER in\n%s\nwant %d", n, tc.src, tc.want)
		}
	}
}
