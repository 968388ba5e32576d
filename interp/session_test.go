package interp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func execOK(t *testing.T, s *Session, code string) string {
	t.Helper()
	sink := &recordingSink{}
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatalf("Execute(%q): %v\n%s", code, err, sink.buf.String())
	}
	return sink.buf.String()
}

func execErr(t *testing.T, s *Session, code string) *ErrorReport {
	t.Helper()
	sink := &recordingSink{}
	if err := s.Execute(context.Background(), code, sink); err == nil {
		t.Fatalf("Execute(%q) succeeded:\n%s", code, sink.buf.String())
	}
	if len(sink.errors) != 1 {
		t.Fatalf("Execute(%q): %d error reports", code, len(sink.errors))
	}
	return sink.errors[0]
}

func TestSessionKeepsStateAndNamesCells(t *testing.T) {
	s := NewSession()
	if out := execOK(t, s, "x = 20\ndef f(y):\n    return x + y\n"); out != "" {
		t.Errorf("definitions printed %q", out)
	}
	if out := execOK(t, s, "f(22)"); out != "42\n" {
		t.Errorf("value of the last expression: %q", out)
	}
	if out := execOK(t, s, "print('a')\nNone"); out != "a\n" {
		t.Errorf("None is not shown: %q", out)
	}
	r := execErr(t, s, "f('x')")
	want := "Traceback (most recent call last):\n" +
		"  File \"cell[4]\", line 1, in <module>\n    f('x')\n    ^~~~~~\n" +
		"  File \"cell[1]\", line 3, in f\n    return x + y\n           ^~~~~\n" +
		"TypeError: unsupported operand type(s) for +: 'int' and 'str'\n"
	if r.Text() != want {
		t.Errorf("traceback across cells:\n%s\nwant:\n%s", r.Text(), want)
	}
	if r.Name != "TypeError" || r.Message != "unsupported operand type(s) for +: 'int' and 'str'" {
		t.Errorf("report name/message: %q %q", r.Name, r.Message)
	}
	if out := execOK(t, s, "x"); out != "20\n" {
		t.Errorf("state lost after an error: %q", out)
	}
	if s.Count() != 5 || len(s.History()) != 5 || s.History()[1].Output != "42" {
		t.Errorf("history: count %d, %+v", s.Count(), s.History())
	}
}

func TestSyntaxErrorReport(t *testing.T) {
	s := NewSession()
	r := execErr(t, s, "x = 1\ny = (x +\n")
	want := "  File \"cell[1]\", line 2\n    y = (x +\n        ^\nSyntaxError: '(' was never closed\n"
	if r.Text() != want || r.Name != "SyntaxError" {
		t.Errorf("got:\n%s\nwant:\n%s", r.Text(), want)
	}
	r = execErr(t, s, "if x:\npass\n")
	if r.Name != "IndentationError" || !strings.Contains(r.Text(), "expected an indented block after 'if' statement on line 1") {
		t.Errorf("indentation error:\n%s", r.Text())
	}
}

func TestInterruptKeepsSession(t *testing.T) {
	s := NewSession()
	execOK(t, s, "n = 0")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	sink := &recordingSink{}
	if err := s.Execute(ctx, "while True:\n    n += 1\n", sink); err == nil {
		t.Fatal("the loop ended without an error")
	}
	if len(sink.errors) != 1 || sink.errors[0].Name != "KeyboardInterrupt" {
		t.Fatalf("got %s", sink.buf.String())
	}
	if out := execOK(t, s, "n > 0"); out != "True\n" {
		t.Errorf("after interrupt: %q", out)
	}
	// time.sleep is interruptible too.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	sink = &recordingSink{}
	s.Execute(ctx, "import time\ntime.sleep(30)", sink)
	if time.Since(start) > 5*time.Second || len(sink.errors) != 1 || sink.errors[0].Name != "KeyboardInterrupt" {
		t.Errorf("sleep was not interrupted: %s", sink.buf.String())
	}
}

func TestRecursionLimitAndBudget(t *testing.T) {
	s := NewSession()
	r := execErr(t, s, "def f(n):\n    return f(n + 1)\nf(0)")
	if r.Name != "RecursionError" || r.Message != "maximum recursion depth exceeded" {
		t.Errorf("%s: %s", r.Name, r.Message)
	}
	if !strings.Contains(r.Text(), "[Previous line repeated 99") {
		t.Errorf("repeated frames are not collapsed:\n%s", r.Text())
	}
	s.Thread().Budget = 10000
	r = execErr(t, s, "while True:\n    pass\n")
	if r.Name != "StepBudgetExceeded" {
		t.Errorf("budget: %s: %s", r.Name, r.Message)
	}
	r = execErr(t, s, "while True:\n    try:\n        pass\n    except BaseException:\n        pass\n")
	if r.Name != "StepBudgetExceeded" {
		t.Errorf("a budget error must not be caught: %s", r.Name)
	}
	s.Thread().Budget = 0
	if r := execErr(t, s, "[0] * 10 ** 12"); r.Name != "MemoryError" {
		t.Errorf("huge list: %s", r.Name)
	}
	if r := execErr(t, s, "10 ** 10 ** 10"); r.Name != "MemoryError" {
		t.Errorf("huge int: %s", r.Name)
	}
}

func TestInternalErrorIsContained(t *testing.T) {
	RegisterModule("_msrepl_panic_test", func(s *Session) (*Module, error) {
		m := NewModule("_msrepl_panic_test", "")
		m.AddFunc("boom", "()", "", func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var bug []int
			return MakeInt(int64(bug[len(args)+1])), nil // an index out of range: a bug in a builtin
		})
		return m, nil
	})
	s := NewSession()
	r := execErr(t, s, "import _msrepl_panic_test\nx = 1\n_msrepl_panic_test.boom()\n")
	if r.Name != "SystemError" || !strings.Contains(r.Message, "internal error at cell[1]:3:1") {
		t.Errorf("%s: %s", r.Name, r.Message)
	}
	if strings.Contains(r.Text(), "goroutine") {
		t.Errorf("a Go stack reached the user:\n%s", r.Text())
	}
	if out := execOK(t, s, "x + 1"); out != "2\n" {
		t.Errorf("after internal error: %q", out)
	}
}

func TestInputAndExit(t *testing.T) {
	s := NewSession()
	sink := &recordingSink{input: []string{"ada"}}
	if err := s.Execute(context.Background(), "n = input('name? ')\nprint('hi', n)", sink); err != nil {
		t.Fatal(err)
	}
	if sink.buf.String() != "name? hi ada\n" {
		t.Errorf("input: %q", sink.buf.String())
	}
	err := s.Execute(context.Background(), "exit(4)", &recordingSink{})
	if e, ok := err.(*ExitRequest); !ok || e.Code != 4 {
		t.Errorf("exit: %v", err)
	}
}

func TestComplete(t *testing.T) {
	s := NewSession()
	execOK(t, s, "import math\nclass Box:\n    def __init__(self):\n        self.width = 1\n    def area(self):\n        return 0\nbox = Box()\nboxes = []")
	tests := []struct {
		code       string
		want       []string
		start, end int
	}{
		{"math.sq", []string{"sqrt"}, 5, 7},
		{"box.", []string{"area", "width"}, 4, 4},
		{"bo", []string{"bool", "box", "boxes"}, 0, 2},
		{"x = pri", []string{"print"}, 4, 7},
		{"%tim", []string{"time", "timeit"}, 1, 4},
		{"%%tim", []string{"time", "timeit"}, 2, 5},
		{"boxes.app", []string{"append"}, 6, 9},
		{"nosuch.x", nil, 8, 8},
		{"import ma", []string{"math", "matplotlib"}, 7, 9},
		{"from ti", []string{"time"}, 5, 7},
		{"import mindsp", []string{"mindspore"}, 7, 13},
		{"import mindspore.o", []string{"mindspore.ops"}, 7, 18},
		{"from mindspore.common.d", []string{"mindspore.common.dtype"}, 5, 23},
	}
	for _, tt := range tests {
		got, start, end := s.Complete(tt.code, len(tt.code))
		if strings.Join(got, ",") != strings.Join(tt.want, ",") || start != tt.start || end != tt.end {
			t.Errorf("Complete(%q) = %v %d %d, want %v %d %d", tt.code, got, start, end, tt.want, tt.start, tt.end)
		}
	}
}

func TestInspect(t *testing.T) {
	s := NewSession()
	execOK(t, s, "def area(w, h=2, *rest, scale=1.0, **opts):\n    '''Area of a\n    rectangle.'''\n    return w * h\n")
	text, found := s.Inspect("area(3, ", 8, 0)
	if !found || !strings.Contains(text, "Signature: area(w, h=2, *rest, scale=1.0, **opts)") || !strings.Contains(text, "Docstring: Area of a\n           rectangle.") {
		t.Errorf("Inspect in call: %v\n%s", found, text)
	}
	text, found = s.Inspect("len", 2, 0)
	if !found || !strings.Contains(text, "Signature: len(obj, /)") {
		t.Errorf("Inspect builtin: %s", text)
	}
	if _, found := s.Inspect("nosuch", 3, 0); found {
		t.Error("Inspect found an undefined name")
	}
	out := execOK(t, s, "area?")
	if !strings.Contains(out, "Signature: area(w, h=2") || !strings.Contains(out, "Type:      function") {
		t.Errorf("area?: %q", out)
	}
	if out := execOK(t, s, "nosuch?"); out != "Object `nosuch` not found.\n" {
		t.Errorf("nosuch?: %q", out)
	}
}

func TestMagics(t *testing.T) {
	s := NewSession()
	execOK(t, s, "a = 1\nb = 'x'\n_hidden = 2")
	if out := execOK(t, s, "%who"); out != "a\tb\n" {
		t.Errorf("%%who: %q", out)
	}
	if out := execOK(t, s, "%who str"); out != "b\n" {
		t.Errorf("%%who str: %q", out)
	}
	out := execOK(t, s, "%time x = sum(range(1000))")
	if !strings.HasPrefix(out, "CPU times: user ") || !strings.Contains(out, "\nWall time: ") {
		t.Errorf("%%time: %q", out)
	}
	if out := execOK(t, s, "x"); out != "499500\n" {
		t.Errorf("%%time did not run its statement: %q", out)
	}
	if out := execOK(t, s, "%time 6 * 7"); !strings.HasSuffix(out, "42\n") {
		t.Errorf("%%time value: %q", out)
	}
	out = execOK(t, s, "%timeit -n 10 -r 3 x + 1")
	if !strings.Contains(out, "per loop (mean ± std. dev. of 3 runs, 10 loops each)") {
		t.Errorf("%%timeit: %q", out)
	}
	out = execOK(t, s, "%%time\ny = 2\ny * 3\n")
	if !strings.Contains(out, "Wall time") || !strings.HasSuffix(out, "6\n") {
		t.Errorf("%%%%time: %q", out)
	}
	r := execErr(t, s, "%nosuch 1")
	if r.Name != "UsageError" || !strings.Contains(r.Message, "Line magic function `%nosuch` not found. Known line magics: %cache, %explain, %export, %ir, %load, %reset, %save, %time, %timeit, %viz, %who") {
		t.Errorf("unknown magic: %s: %s", r.Name, r.Message)
	}
	r = execErr(t, s, "%time 1 +")
	if r.Name != "SyntaxError" || !strings.Contains(r.Text(), "File \"cell[") {
		t.Errorf("syntax error in %%time: %s", r.Text())
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "saved.py")
	out = execOK(t, s, "%save "+path+" 1")
	if !strings.Contains(out, "The following commands were written to file") {
		t.Errorf("%%save: %q", out)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "a = 1\nb = 'x'\n_hidden = 2\n" {
		t.Errorf("saved file %q %v", data, err)
	}
	sink := &recordingSink{input: []string{"n"}}
	if err := s.Execute(context.Background(), "%save "+path+" 2", sink); err != nil || !strings.Contains(sink.buf.String(), "exists. Overwrite (y/[N])? Nothing saved.") {
		t.Errorf("%%save over an existing file: %v %q", err, sink.buf.String())
	}
	if err := os.WriteFile(path, []byte("x = 499500\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	execOK(t, s, "%reset -f")
	if out := execOK(t, s, "%who"); out != "Interactive namespace is empty.\n" {
		t.Errorf("after %%reset: %q", out)
	}
	if out := execOK(t, s, "%load "+path+"\nx"); out != "499500\n" {
		t.Errorf("%%load: %q", out)
	}
	if r := execErr(t, s, "%load /no/such/file.py"); r.Name != "FileNotFoundError" {
		t.Errorf("%%load missing: %s", r.Name)
	}
	// %reset without -f asks, and "n" keeps everything.
	sink = &recordingSink{input: []string{"n"}}
	if err := s.Execute(context.Background(), "%reset", sink); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sink.buf.String(), "Nothing done.") {
		t.Errorf("%%reset answer n: %q", sink.buf.String())
	}
	if out := execOK(t, s, "x"); out != "499500\n" {
		t.Errorf("%%reset n lost state: %q", out)
	}
}
