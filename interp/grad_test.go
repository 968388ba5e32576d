package interp

import (
	"context"
	"testing"
	"time"

	"msrepl/ops"
)

// An interrupt, or any error, in the middle of a differentiated function
// leaves the session's builder as it was: later operations are not taped.
func TestGradErrorsRestoreTheBuilder(t *testing.T) {
	s := NewSession()
	setup := &recordingSink{}
	if err := s.Execute(context.Background(), "import mindspore as ms\nx = ms.Tensor([1.0, 2.0])\n"+
		"def spin(x):\n    while True:\n        x = x * 1.0\n"+
		"def fail(x):\n    return x * undefined\n", setup); err != nil {
		t.Fatal(err, setup.buf.String())
	}
	for _, c := range []struct {
		name, code, exc string
		timeout         time.Duration
	}{
		{"interrupt", "ms.grad(spin)(x)", "KeyboardInterrupt", 50 * time.Millisecond},
		{"error", "ms.grad(fail)(x)", "NameError", time.Minute},
		{"nested", "ms.grad(lambda x: ms.grad(fail)(x))(x)", "NameError", time.Minute},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
			defer cancel()
			sink := &recordingSink{}
			s.Execute(ctx, c.code, sink)
			if len(sink.errors) != 1 || sink.errors[0].Name != c.exc {
				t.Fatalf("errors %v, want one %s; output %q", sink.errors, c.exc, sink.buf.String())
			}
			if _, eager := s.msrt.builder.(*ops.Eager); !eager {
				t.Fatalf("builder after the error is %T, want the eager builder", s.msrt.builder)
			}
			after := &recordingSink{}
			if err := s.Execute(context.Background(), "print(ms.grad(lambda x: (x * x).sum())(x))", after); err != nil ||
				after.buf.String() != "[2. 4.]\n" {
				t.Errorf("grad after the error: %q, %v", after.buf.String(), err)
			}
		})
	}
}
