package interp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"msrepl/graphmode/capture"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/tensor"
)

// The interpreter's library runs unchanged under the capture tracer: the
// operators, ops functions and an nn layer, applied to an abstract
// Tensor, build a graph that computes what the same code computes
// eagerly. This is what lets graph mode reuse the library rather than
// restate it.
func TestLibraryRunsUnderTheTracer(t *testing.T) {
	s := NewSession()
	ctx := context.Background()
	sink := &recordingSink{}
	const src = "import numpy as np\nimport mindspore as ms\nfrom mindspore import ops, nn\nms.set_seed(0)\n" +
		"net = nn.Dense(4, 3)\n" +
		"def f(x):\n    h = ops.relu(net(x)) * 2\n    return h - h.mean(axis=1, keep_dims=True) + x.sum()\n" +
		"real = ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)\n"
	if err := s.Execute(ctx, src+"want = f(real)\n", sink); err != nil {
		t.Fatal(err, sink.buf.String())
	}
	g := ir.NewGraph("f", ir.Span{})
	tr := capture.NewTracer(g)
	net, _ := s.Globals().Get("net")
	for _, p := range cellParams(net.(*Instance), "") {
		tr.AddWeight(p.path, p.param.t)
	}
	s.Globals().Set("x", NewTensor(tr.Input("x", tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{2, 4}})))
	rt := s.msrt
	eager := rt.builder
	rt.builder = tr
	err := s.Execute(ctx, "y = f(x)\n", sink)
	rt.builder = eager
	if err != nil {
		t.Fatal(err, sink.buf.String())
	}
	y, _ := s.Globals().Get("y")
	tr.Output(y.(*Tensor).t)
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	weights := map[string]*tensor.Tensor{}
	for _, p := range cellParams(net.(*Instance), "") {
		weights[p.path] = p.param.t
	}
	real, _ := s.Globals().Get("real")
	got, err := (&exec.Runner{B: eager, Weight: func(w *ir.Node) (*tensor.Tensor, error) { return weights[w.Name], nil }}).
		Run(g, []exec.Value{real.(*Tensor).t})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := s.Globals().Get("want")
	gt, wt := got.(*tensor.Tensor), want.(*Tensor).t
	for i := range wt.Size() {
		if gt.Float(i) != wt.Float(i) {
			t.Fatalf("element %d: graph %v, eager %v", i, gt.Float(i), wt.Float(i))
		}
	}
	if len(g.Weights) != 2 {
		t.Errorf("%d weights, want the layer's weight and bias", len(g.Weights))
	}
}

// %cache lists each compiled function's entries and recompile reasons,
// and --clear empties the cache.
func TestCacheMagic(t *testing.T) {
	s := NewSession()
	sink := &recordingSink{}
	src := "import numpy as np\nfrom mindspore import jit, Tensor\n@jit\ndef g(x):\n    return x + 1\n" +
		"g(Tensor(np.ones(2, np.float32)))\ng(Tensor(np.ones(3, np.float32)))\n"
	if err := s.Execute(context.Background(), src, sink); err != nil {
		t.Fatal(err, sink.buf.String())
	}
	out := &recordingSink{}
	if err := s.Execute(context.Background(), "%cache", out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"g: 2 entries, 2 compiles (", "0 hits, 2 misses, 0 fallbacks, peak 12 B",
		"  [0] (x: <Tensor[Float32], (2,)>), 0 guards, 0 hits", "  recompiled: tensor 'x' dim 0: expected 2, got 3"} {
		if !strings.Contains(out.buf.String(), want) {
			t.Errorf("%%cache lacks %q:\n%s", want, out.buf.String())
		}
	}
	cleared := &recordingSink{}
	if err := s.Execute(context.Background(), "%cache g --clear\n%cache g", cleared); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cleared.buf.String(), "g: cache cleared") || !strings.Contains(cleared.buf.String(), "g: 0 entries") {
		t.Errorf("after --clear:\n%s", cleared.buf.String())
	}
}

// A %%graph cell reads the session's Tensors as inputs and writes what it
// assigns; running it again reuses its graph, and a changed global it
// folded recompiles it.
func TestGraphCell(t *testing.T) {
	s := NewSession()
	ctx := context.Background()
	run := func(code string) string {
		t.Helper()
		sink := &recordingSink{}
		if err := s.Execute(ctx, code, sink); err != nil {
			t.Fatalf("%s: %v\n%s", code, err, sink.buf.String())
		}
		return sink.buf.String()
	}
	run("import numpy as np\nfrom mindspore import ops, Tensor\nx = Tensor(np.array([1.0, -2.0, 3.0], np.float32))\nk = 2\n")
	const cell = "%%graph\ny = ops.relu(x) * k\nz = y.sum()\nlabel = 'done'\nz\n"
	if out := run(cell); out != "Tensor(shape=[], dtype=Float32, value=8.0)\n" {
		t.Errorf("cell value %q", out)
	}
	if out := run("print(y, z, label)"); out != "[2. 0. 6.] 8.0 done\n" {
		t.Errorf("outputs %q", out)
	}
	run("x = Tensor(np.array([5.0, 5.0, -5.0], np.float32))")
	run(cell)
	if out := run("print(y, z)"); out != "[10. 10.  0.] 20.0\n" {
		t.Errorf("after a new x: %q", out)
	}
	gc := s.msrt.graphCells[cell[len("%%graph\n"):]]
	if gc == nil || len(gc.cache.Entries) != 1 || gc.cache.Hits != 1 {
		t.Fatalf("cache: %+v", gc)
	}
	run("k = 3")
	run(cell)
	if out := run("print(z)"); out != "30.0\n" {
		t.Errorf("after k = 3: %q", out)
	}
	if r := gc.cache.Reasons; len(r) != 1 || r[0] != "global 'k' changed" {
		t.Errorf("reasons %v", r)
	}
}

// %ir --pass shows the graph as a stage left it, and save_graphs writes
// one .ir file per stage.
func TestIRStagesAndSaveGraphs(t *testing.T) {
	dir := t.TempDir()
	s := NewSession()
	ctx := context.Background()
	sink := &recordingSink{}
	src := "import numpy as np\nimport mindspore as ms\nfrom mindspore import jit, Tensor\n" +
		"ms.set_context(save_graphs=True, save_graphs_path='" + dir + "')\n" +
		"@jit\ndef f(x):\n    return x * 1 + x * 1\nf(Tensor(np.ones(2, np.float32)))\n"
	if err := s.Execute(ctx, src, sink); err != nil {
		t.Fatal(err, sink.buf.String())
	}
	capture := &recordingSink{}
	if err := s.Execute(ctx, "%ir f --pass capture", capture); err != nil {
		t.Fatal(err)
	}
	final := &recordingSink{}
	if err := s.Execute(ctx, "%ir f", final); err != nil {
		t.Fatal(err)
	}
	// Captured: two Muls by 1 and an Add; optimized: x + x.
	if n := strings.Count(capture.buf.String(), "PrimFunc_Mul"); n != 2 {
		t.Errorf("capture stage has %d Muls:\n%s", n, capture.buf.String())
	}
	if strings.Contains(final.buf.String(), "PrimFunc_Mul") || !strings.Contains(final.buf.String(), "PrimFunc_Add(%para1_x, %para1_x)") {
		t.Errorf("final graph:\n%s", final.buf.String())
	}
	bad := &recordingSink{}
	s.Execute(ctx, "%ir f --pass nosuch", bad)
	if len(bad.errors) != 1 || !strings.Contains(bad.errors[0].Message, "the stages are capture, inline, fold, simplify, cse, dce") {
		t.Errorf("unknown pass: %v", bad.errors)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.ir"))
	if len(files) < 6 || filepath.Base(files[0]) != "00_capture_f.ir" {
		t.Errorf("saved graphs: %v", files)
	}
}

// %ir without a name shows the session's last graph, a %%graph cell's
// included; %ir NAME --grad compiles ms.grad's graph, whose backward nodes
// name their forward nodes and sit at their lines.
func TestIRLastGraphAndGrad(t *testing.T) {
	s := NewSession()
	ctx := context.Background()
	run := func(code string) (string, []*ErrorReport) {
		t.Helper()
		sink := &recordingSink{}
		s.Execute(ctx, code, sink)
		return sink.buf.String(), sink.errors
	}
	if _, errs := run("%ir"); len(errs) != 1 || !strings.Contains(errs[0].Message, "no graph has run yet") {
		t.Errorf("%%ir before any graph: %v", errs)
	}
	run("import numpy as np\nimport mindspore as ms\nfrom mindspore import jit, Tensor, ops\n" +
		"@jit\ndef f(x, y):\n    if x.sum() > 0:\n        z = x * y\n    else:\n        z = ops.sin(x)\n    return (z * z).sum()\n" +
		"a = Tensor(np.array([1.0, 2.0], np.float32))\nf(a, a)\n")
	run("%%graph\nb = ops.exp(a) + 1\n")
	if out, errs := run("%ir"); len(errs) != 0 || !strings.Contains(out, "@graph_cell") || !strings.Contains(out, "PrimFunc_Exp") {
		t.Errorf("%%ir after a graph cell (%v):\n%s", errs, out)
	}
	out, errs := run("%ir f --grad")
	if len(errs) != 0 {
		t.Fatalf("%%ir f --grad: %v", errs)
	}
	for _, want := range []string{"@∇f", "PrimFunc_Select", "PrimFunc_Cos", "# Corresponding forward node candidate:", "z = ops.sin(x)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the gradient graph lacks %q:\n%s", want, out)
		}
	}
	if _, errs := run("%ir --grad"); len(errs) != 1 || !strings.Contains(errs[0].Message, "needs the name of a jit function") {
		t.Errorf("%%ir --grad without a name: %v", errs)
	}
}

// MS_JIT=0 runs %%graph cells and Cells in GRAPH_MODE in PyNative mode:
// they compute the same, and no graph is compiled.
func TestJitDisabledEverywhere(t *testing.T) {
	t.Setenv("MS_JIT", "0")
	s := NewSession()
	sink := &recordingSink{}
	src := "import numpy as np\nimport mindspore as ms\nfrom mindspore import Tensor, nn\n" +
		"ms.set_context(mode=ms.GRAPH_MODE)\n" +
		"class Net(nn.Cell):\n    def construct(self, x):\n        return x * 2\n" +
		"a = Tensor(np.array([1.0, 2.0], np.float32))\nc = Net()(a)\n"
	if err := s.ExecuteWith(context.Background(), src, sink, ExecOptions{NoResult: true}); err != nil {
		t.Fatal(err, sink.buf.String())
	}
	for _, cell := range []string{"%%graph\nb = a + c\n", "print(b)", "%ir"} {
		s.Execute(context.Background(), cell, sink)
	}
	if got := sink.buf.String(); !strings.HasPrefix(got, "[3. 6.]\nTraceback") || len(sink.errors) != 1 || !strings.Contains(sink.errors[0].Message, "no graph has run yet") {
		t.Errorf("output %q, errors %v", got, sink.errors)
	}
}

// Past 8 compiled entries a jit function warns once, on stderr, and runs
// eagerly, without compiling a ninth graph.
func TestJitCacheLimit(t *testing.T) {
	s := NewSession()
	sink := &recordingSink{}
	src := "import numpy as np\nimport mindspore as ms\nfrom mindspore import jit, Tensor\n" +
		"@jit\ndef g(x, n):\n    return x + n\n" +
		"x = Tensor(np.ones(2, np.float32))\n" +
		"for n in range(10):\n    g(x, n)\n" +
		"info = ms.cache_info(g)\nprint(info['entries'], info['compiles'], info['fallbacks'])\nprint(g(x, 20))\n"
	if err := s.ExecuteWith(context.Background(), src, sink, ExecOptions{NoResult: true}); err != nil {
		t.Fatal(err, sink.buf.String())
	}
	want := "UserWarning: 'g' was compiled 8 times, the limit; it runs eagerly from now on. " +
		"The last recompilation was for: constant 'n': expected 7, got 8.\n8 8 2\n[21. 21.]\n"
	if got := sink.buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
