package interp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzExecute compiles and runs arbitrary source with a step budget, small
// size and depth limits and a deadline. Whatever the input, the session
// must report errors as Python exceptions, never crash, never hit an
// internal error, and stay usable afterwards.
func FuzzExecute(f *testing.F) {
	for _, dir := range []string{"ok", "errors"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.py"))
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(string(src))
			}
		}
	}
	for _, seed := range []string{
		"x = 1\nwhile True:\n    x += 1\n",
		"def f(n):\n    return f(n + 1)\nf(0)\n",
		"print('a' * 100, [0] * 10, 2 ** 200)\n",
		"class A:\n    def __eq__(self, o): return self is o\n{A(): 1}\n",
		"try:\n    raise ValueError('x')\nexcept Exception as e:\n    print(e)\nfinally:\n    print(1)\n",
		"def g():\n    yield 1\n    yield from range(3)\nprint(list(g()))\n",
		"%time 1 + 1\nx?\n",
	} {
		f.Add(seed)
	}
	debugPanics = true
	f.Fuzz(func(t *testing.T, src string) {
		s := NewSession()
		th := s.Thread()
		th.Budget = 200_000
		th.MaxSize = 1 << 16
		th.MaxDepth = 200
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		sink := &recordingSink{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.Execute(ctx, src, sink)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("no answer in 20 s (cancelled after 5 s) for %q", src)
		}
		for _, r := range sink.errors {
			if r.Name == "SystemError" && strings.Contains(r.Message, "internal error") {
				stack, _ := r.Exception.dict.GetStr("__go_stack__")
				t.Fatalf("internal error on %q:\n%s\n%v", src, r.Text(), stack)
			}
		}
		// The session survives: a new cell runs. (The input may have rebound
		// any name, even print, so the check uses none.)
		after := &recordingSink{}
		if err := s.Execute(context.Background(), "1 + 1", after); err != nil || after.buf.String() != "2\n" {
			t.Fatalf("session broken after %q: %v %q", src, err, after.buf.String())
		}
	})
}
