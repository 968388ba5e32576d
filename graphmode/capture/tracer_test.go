package capture_test

import (
	"math/rand/v2"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/graphmode/capture"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

func op1(b ops.Builder, p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ops.Value {
	out, err := b.Apply(p, attrs, args...)
	if err != nil {
		panic(err)
	}
	return out[0]
}

// layer is code written once against ops.Builder, as the interpreter's
// library is: it computes eagerly and, under a Tracer, becomes a graph.
func layer(b ops.Builder, x, w, two ops.Value) ops.Value {
	h := op1(b, ops.MatMul, ops.Attrs{"transpose_b": true}, x, w)
	h = op1(b, ops.Mul, nil, op1(b, ops.ReLU, nil, h), two)
	parts, err := b.Apply(ops.Split, ops.Attrs{"axis": 1, "output_num": 2}, h)
	if err != nil {
		panic(err)
	}
	return op1(b, ops.Sub, nil, parts[0], parts[1])
}

func random(dev *cpu.Device, seed uint64, shape ...int) *tensor.Tensor {
	r := rand.New(rand.NewPCG(seed, 1))
	vals := make([]float64, tensor.Shape(shape).Size())
	for i := range vals {
		vals[i] = r.Float64()*2 - 1
	}
	t, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape(shape), vals)
	return t
}

// The traced graph computes what the code computes eagerly, reads its
// weight when it runs (an update is seen without recapture), and keeps
// a concrete tensor the code used as a constant.
func TestTraceAgreesWithEager(t *testing.T) {
	dev := cpu.New(0)
	eager := &ops.Eager{Ctx: &ops.Ctx{Dev: dev}}
	x, w := random(dev, 1, 3, 4), random(dev, 2, 6, 4)
	two, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{}, []float64{2})

	g := ir.NewGraph("layer", ir.Span{})
	tr := capture.NewTracer(g)
	ax := tr.Input("x", x.Meta())
	tr.AddWeight("w", w)
	out := layer(tr, ax, w, two).(*tensor.Tensor)
	if !out.Abstract() {
		t.Fatal("the traced result has data")
	}
	tr.Output(out)
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	if len(g.Params) != 1 || len(g.Weights) != 1 || len(g.Consts) != 1 {
		t.Fatalf("params %d, weights %d, consts %d; want 1 each", len(g.Params), len(g.Weights), len(g.Consts))
	}

	current := w
	r := &exec.Runner{B: eager, Weight: func(*ir.Node) (*tensor.Tensor, error) { return current, nil }}
	for _, weight := range []*tensor.Tensor{w, random(dev, 3, 6, 4)} {
		current = weight
		want := layer(eager, x, weight, two).(*tensor.Tensor)
		got, err := r.Run(g, []exec.Value{x})
		if err != nil {
			t.Fatal(err)
		}
		gt := got.(*tensor.Tensor)
		for i := range want.Size() {
			if gt.Float(i) != want.Float(i) {
				t.Fatalf("element %d: graph %v, eager %v", i, gt.Float(i), want.Float(i))
			}
		}
	}
}

// An abstract tensor from another trace is refused, not mistaken for a
// constant.
func TestForeignAbstractRefused(t *testing.T) {
	other := capture.NewTracer(ir.NewGraph("other", ir.Span{}))
	stray := other.Input("x", tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{2}})
	tr := capture.NewTracer(ir.NewGraph("g", ir.Span{}))
	if _, err := tr.Apply(ops.Neg, nil, stray); err == nil {
		t.Fatal("a foreign abstract tensor was accepted")
	}
}
