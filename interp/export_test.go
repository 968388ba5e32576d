package interp

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"msrepl/devices/cpu"
	"msrepl/graphmode/bundle"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// compiledGraphs lists the graphs a session compiled: each jit function's
// and GRAPH_MODE Cell's last, and the session's last.
func compiledGraphs(s *Session) []*compiledGraph {
	seen := map[*compiledGraph]bool{}
	var out []*compiledGraph
	add := func(c *compiledGraph) {
		if c != nil && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, n := range s.globals.Names() {
		v, _ := s.globals.Get(n)
		if j, ok := s.th.jitOf(v); ok {
			add(j.last)
		}
	}
	if rt := s.msrt; rt != nil {
		for _, j := range rt.cellGraphs {
			add(j.last)
		}
		add(rt.lastGraph)
	}
	return out
}

// freshInputs are new values of a graph's inputs: normal floats, small
// positive integers (loop counts stay short), random booleans.
func freshInputs(t *testing.T, g *ir.FuncGraph, r *rand.Rand) []exec.Value {
	dev := cpu.New(0)
	var in []exec.Value
	for _, p := range g.Params {
		m := p.Meta()
		vals := make([]float64, m.Shape.Size())
		for i := range vals {
			switch {
			case m.DType == tensor.Bool:
				vals[i] = float64(r.IntN(2))
			case m.DType.IsFloat():
				vals[i] = r.NormFloat64()
			default:
				vals[i] = float64(1 + r.IntN(3))
			}
		}
		x, err := tensor.FromFloat64s(dev, m.DType, m.Shape, vals)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, x)
	}
	return in
}

// runWith runs g with weights on a fresh eager context whose random
// numbers start from the same seed every time.
// A loop whose condition fresh inputs never make false is stopped after
// a second, and the inputs skipped.
func runWith(g *ir.FuncGraph, weights func(string) *tensor.Tensor, in []exec.Value) (exec.Value, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	b := &ops.Eager{Ctx: &ops.Ctx{Dev: cpu.New(0), Context: ctx, Rand: rand.New(rand.NewPCG(5, 5))}}
	r := &exec.Runner{B: b, Context: ctx, Weight: func(w *ir.Node) (*tensor.Tensor, error) { return weights(w.Name), nil }}
	return r.Run(g, in)
}

func flatTensors(v exec.Value) []*tensor.Tensor {
	if tup, ok := v.(exec.Tuple); ok {
		var out []*tensor.Tensor
		for _, e := range tup {
			out = append(out, flatTensors(e)...)
		}
		return out
	}
	if x, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{x}
	}
	return nil
}

func close6(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b || math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b))
}

// TestExportRoundTripCorpus: every graph the differential corpus compiles
// that can be exported comes back from a bundle computing what the
// original computes on fresh inputs, with bit-identical weights.
func TestExportRoundTripCorpus(t *testing.T) {
	exported, refused := 0, map[string]int{}
	r := rand.New(rand.NewPCG(8, 9))
	for _, path := range programs(t, "jitdiff") {
		if knownLimit(t, path) != "" {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
			t.Setenv("MS_JIT", "1")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s := NewSession()
			s.Thread().Budget = 50_000_000
			if err := s.ExecuteWith(context.Background(), string(src), &recordingSink{}, ExecOptions{Filename: filepath.Base(path), NoResult: true}); err != nil {
				t.Fatal(err)
			}
			for _, c := range compiledGraphs(s) {
				e := &bundle.Entry{Name: c.g.Name, Graph: c.g, Weights: map[string]*tensor.Tensor{}}
				for n, p := range c.weights {
					e.Weights[n] = p.t
				}
				raw, err := bundle.Encode(&bundle.Bundle{Entries: []*bundle.Entry{e}})
				var fe *bundle.FormatError
				if errors.As(err, &fe) {
					reason := fe.Msg
					if i := strings.Index(reason, "exported: "); i >= 0 {
						reason, _, _ = strings.Cut(reason[i+len("exported: "):], " (")
					}
					refused[reason]++
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				back, err := bundle.Decode(raw, cpu.New(0))
				if err != nil {
					t.Fatalf("%s: %v", c.g.Name, err)
				}
				loaded := back.Entries[0]
				for n, w := range e.Weights {
					got := loaded.Weights[n]
					for i := range w.Size() {
						if math.Float64bits(got.Float(i)) != math.Float64bits(w.Float(i)) {
							t.Fatalf("%s: weight %s differs at %d", c.g.Name, n, i)
						}
					}
				}
				for range 2 {
					in := freshInputs(t, c.g, r)
					want, wantErr := runWith(c.g, func(n string) *tensor.Tensor { return c.weights[n].t }, in)
					if errors.Is(wantErr, context.DeadlineExceeded) {
						continue
					}
					got, gotErr := runWith(loaded.Graph, func(n string) *tensor.Tensor { return loaded.Weights[n] }, in)
					if (wantErr == nil) != (gotErr == nil) {
						t.Fatalf("%s: original error %v, loaded error %v", c.g.Name, wantErr, gotErr)
					}
					if wantErr != nil {
						continue
					}
					a, b := flatTensors(got), flatTensors(want)
					if len(a) != len(b) {
						t.Fatalf("%s: %d outputs, want %d", c.g.Name, len(a), len(b))
					}
					for k := range a {
						for i := range b[k].Size() {
							if !close6(a[k].Float(i), b[k].Float(i)) {
								t.Fatalf("%s: output %d element %d is %v, want %v", c.g.Name, k, i, a[k].Float(i), b[k].Float(i))
							}
						}
					}
				}
				exported++
			}
		})
	}
	t.Logf("%d graphs exported and run back; refused: %v", exported, refused)
	if exported < 100 {
		t.Errorf("only %d graphs of the corpus exported", exported)
	}
}

// TestExportLoadGraphCell exports a Cell, loads it in a new session and
// runs it there with nn.GraphCell, and checks the errors on the way.
func TestExportLoadGraphCell(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("MS_JIT", "1")
	const define = `import mindspore as ms
from mindspore import nn, ops, Tensor
import numpy as np

class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.fc2 = nn.Dense(8, 3)
    def construct(self, x):
        h = ops.relu(self.fc1(x))
        if h.sum() > 0:
            h = h * 2
        return self.fc2(h), h.sum()

ms.set_seed(1)
net = MLP()
x = Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)
`
	s := NewSession()
	sink := &recordingSink{}
	if err := s.Execute(context.Background(), define+"ms.export(net, x, file_name='mlp')\nwant = net(x)\n", sink); err != nil {
		t.Fatalf("%v\n%s", err, sink.buf.String())
	}
	want, _ := s.globals.Get("want")

	// A new session: the bundle is all it has of the network.
	s2 := NewSession()
	tests := []struct{ code, out string }{
		{"import mindspore as ms\nfrom mindspore import nn, Tensor\nimport numpy as np\ng = ms.load('mlp.mindir')\nprint(g)", "<FuncGraph @MLP(x: Tensor[Float32](2, 4)) from mlp.mindir>\n"},
		{"gc = nn.GraphCell(g)\nx = Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)\ny, total = gc(x)\nprint(y.shape, total.shape)", "(2, 3) ()\n"},
		{"gc(Tensor(np.ones((3, 4), np.float32)))", "ValueError: The input number of parameters is not Compatible. The graph @MLP takes (x: Tensor[Float32](2, 4)), but got (Tensor[Float32](3, 4)).\n"},
		{"gc(x, x)", "ValueError: The input number of parameters is not Compatible. The graph @MLP takes (x: Tensor[Float32](2, 4)), but got (Tensor[Float32](2, 4), Tensor[Float32](2, 4)).\n"},
		{"init = {'fc2.weight': Tensor(np.zeros((3, 8), np.float32)), 'fc2.bias': Tensor(np.ones(3, np.float32))}\nprint(nn.GraphCell(g, params_init=init)(x)[0])", "[[1. 1. 1.]\n [1. 1. 1.]]\n"},
		{"nn.GraphCell(g, params_init={'nope': x})", "ValueError: For 'GraphCell', the graph has no parameter 'nope' to initialize; it has fc1.bias, fc1.weight, fc2.bias, fc2.weight\n"},
		{"print(ms.viz(g), '<title>CNode_' in ms.viz(g).svg())", "<GraphView @MLP: 24 nodes> True\n"},
		{"ms.load('missing.mindir')", "FileNotFoundError: [Errno 2] No such file or directory: 'missing.mindir'\n"},
		{"ms.load('mlp.mindir', name='f')", "ValueError: For 'load', mlp.mindir has no graph named 'f'; it has MLP\n"},
	}
	for _, tc := range tests {
		sink := &recordingSink{}
		s2.Execute(context.Background(), tc.code, sink)
		got := sink.buf.String()
		if i := strings.LastIndex(got, "\n"+strings.SplitN(tc.out, ":", 2)[0]); strings.Contains(tc.out, "Error") && i >= 0 {
			got = got[i+1:]
		}
		if got != tc.out {
			t.Errorf("%s\ngot  %q\nwant %q", tc.code, got, tc.out)
		}
	}
	y, _ := s2.globals.Get("y")
	a, b := want.(Tuple)[0].(*Tensor).t, y.(*Tensor).t
	for i := range a.Size() {
		if a.Float(i) != b.Float(i) {
			t.Fatalf("the loaded graph computes %v, the network %v", b, a)
		}
	}

	refusals := []struct{ code, want string }{
		{"@ms.jit\ndef fb(x):\n    y = float(x.sum().asnumpy())\n    return x * y\nms.export(fb, x, file_name='fb')",
			"RuntimeError: fb: the graph cannot be exported: it runs Python code when it runs (PyExecute, a JIT Fallback), and a bundle holds none (node"},
		{"ms.export(net, x, file_name='m', file_format='AIR')", "ValueError: For 'export', 'file_format' must be 'MINDIR' or 'ONNX', but got 'AIR'."},
		{"ms.export(net, 3, file_name='m')", "TypeError: For 'export', the inputs must be Tensors, but input 0 is int."},
		{"ms.export(net, x, file_name='no/such/dir/m')", "FileNotFoundError"},
	}
	for _, tc := range refusals {
		sink := &recordingSink{}
		if err := s.Execute(context.Background(), tc.code, sink); err == nil || !strings.Contains(sink.buf.String(), tc.want) {
			t.Errorf("%s\ngot %v:\n%s\nwant %q", tc.code, err, sink.buf.String(), tc.want)
		}
	}
}

// TestNpy: np.save and np.load round-trip arrays of each dtype numpy and
// msrepl share, and refuse what they cannot hold.
func TestNpy(t *testing.T) {
	t.Chdir(t.TempDir())
	s := NewSession()
	sink := &recordingSink{}
	code := `import numpy as np
for dt in [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.float32, np.float64]:
    a = (np.arange(6) % 3).astype(dt).reshape(2, 3)
    np.save("a", a)
    b = np.load("a.npy")
    print(b.dtype, b.shape, bool((a == b).all()))
np.save("f16.npy", np.ones(2, np.float16))
`
	s.Execute(context.Background(), code, sink)
	want := "bool (2, 3) True\nuint8 (2, 3) True\nint8 (2, 3) True\nint16 (2, 3) True\nint32 (2, 3) True\nint64 (2, 3) True\nfloat32 (2, 3) True\nfloat64 (2, 3) True\n"
	if got := sink.buf.String(); !strings.HasPrefix(got, want) || !strings.Contains(got, "ValueError: float16 arrays cannot be saved to .npy yet") {
		t.Errorf("got\n%s", got)
	}
	if err := os.WriteFile("bad.npy", []byte("not numpy"), 0o644); err != nil {
		t.Fatal(err)
	}
	sink = &recordingSink{}
	s.Execute(context.Background(), "np.load('bad.npy')", sink)
	if !strings.Contains(sink.buf.String(), `ValueError: bad.npy: not an .npy file (no \x93NUMPY magic)`) {
		t.Errorf("got\n%s", sink.buf.String())
	}
}
