package interp

import (
	"context"
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
		tr.Weight(p.path, p.param.t)
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
