package interp

import (
	"context"
	"strings"
	"testing"
)

// A failing tensor operation raises a Python exception that names the op
// and the shapes, and the session goes on with its state intact.
func TestTensorErrorsKeepSession(t *testing.T) {
	s := NewSession()
	ctx := context.Background()
	setup := &recordingSink{}
	if err := s.Execute(ctx, "import mindspore as ms\nfrom mindspore import ops, nn\nx = ms.Tensor([1.0, 2.0, 3.0])\n", setup); err != nil {
		t.Fatal(err, setup.buf.String())
	}
	for _, c := range []struct {
		name, code, exc, msg string
	}{
		{"shape", "x + ms.Tensor([1.0, 2.0])", "ValueError", "For 'Add', x.shape (3,) and y.shape (2,) cannot broadcast."},
		{"matmul", "ops.matmul(ops.ones((2, 3)), ops.ones((4, 2)))", "ValueError", "For 'MatMul', the input dimensions must be equal, but got x1 col: 3 and x2 row: 4."},
		{"dtype", "ops.neg(x > 1)", "TypeError", "For 'Neg', the type of 'x' must be a number Tensor, but got Tensor[Bool]."},
		{"index", "x[3]", "IndexError", "index 3 is out of bounds for axis 0 with size 3"},
		{"axis", "x.sum(axis=1)", "ValueError", "For 'ReduceSum', the 'axis' must be in range [-1, 1), but got 1."},
		{"memory", "ms.set_context(max_device_memory='1MB')\ny = ops.ones((1024, 1024))", "MemoryError", "CPU: cannot allocate 4.0 MiB"},
		{"construct", "class Net(nn.Cell):\n    def construct(self, a):\n        return a\nNet()(x, x)", "TypeError", "Net.construct() takes 2 positional arguments but 3 were given"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sink := &recordingSink{}
			s.Execute(ctx, c.code, sink)
			if len(sink.errors) != 1 {
				t.Fatalf("errors = %d, want 1; output %q", len(sink.errors), sink.buf.String())
			}
			e := sink.errors[0]
			if e.Name != c.exc || !strings.HasPrefix(e.Message, c.msg) {
				t.Errorf("got %s: %s\nwant %s: %s", e.Name, e.Message, c.exc, c.msg)
			}
			if tb := e.Text(); !strings.Contains(tb, "^~") {
				t.Errorf("no underline in\n%s", tb)
			}
			after := &recordingSink{}
			if err := s.Execute(ctx, "ms.set_context(max_device_memory='8GB')\nprint(x * 2)", after); err != nil || after.buf.String() != "[2. 4. 6.]\n" {
				t.Errorf("session after the error: %q, %v", after.buf.String(), err)
			}
		})
	}
}
