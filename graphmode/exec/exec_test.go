package exec_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"msrepl/autodiff"
	"msrepl/devices/cpu"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/passes"
	"msrepl/ops"
	"msrepl/tensor"
)

func eager() *ops.Eager {
	return &ops.Eager{Ctx: &ops.Ctx{Dev: cpu.New(0), Rand: rand.New(rand.NewPCG(1, 1))}}
}

func randTensor(dev *cpu.Device, shape ...int) *tensor.Tensor {
	r := rand.New(rand.NewPCG(uint64(len(shape)), 9))
	vals := make([]float64, tensor.Shape(shape).Size())
	for i := range vals {
		vals[i] = r.Float64()*2 - 1
	}
	t, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape(shape), vals)
	return t
}

func op1(b ops.Builder, p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ops.Value {
	out, err := b.Apply(p, attrs, args...)
	if err != nil {
		panic(err)
	}
	return out[0]
}

// mlp is one function written against ops.Builder: run with the eager
// builder it computes, run with the graph builder it becomes IR, which is
// how every program should agree between the two modes.
func mlp(b ops.Builder, x, w, bias ops.Value) ops.Value {
	h := op1(b, ops.MatMul, ops.Attrs{"transpose_b": true}, x, w)
	h = op1(b, ops.BiasAdd, nil, h, bias)
	h = op1(b, ops.Tanh, nil, h)
	s := op1(b, ops.Softmax, ops.Attrs{"axis": []int{-1}}, h)
	return op1(b, ops.ReduceMean, nil, op1(b, ops.Mul, nil, s, h))
}

func TestGraphAgreesWithEager(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	x, w, bias := randTensor(dev, 4, 5), randTensor(dev, 3, 5), randTensor(dev, 3)
	want := mlp(e, x, w, bias).(*tensor.Tensor)

	g := ir.NewGraph("mlp", ir.Span{})
	gx := g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{})
	gw := g.AddWeight("w", ir.TensorAbs{Meta: w.Meta()})
	gb := g.AddParam("bias", ir.TensorAbs{Meta: bias.Meta()}, ir.Span{})
	g.SetOutput(mlp(&ir.Builder{G: g}, gx, gw, gb).(*ir.Node))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	r := &exec.Runner{B: e, Weight: func(n *ir.Node) (*tensor.Tensor, error) { return w, nil }}
	got, err := r.Run(g, []exec.Value{x, bias})
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.(*tensor.Tensor).Float(0), want.Float(0); g != w {
		t.Errorf("graph %v, eager %v", g, w)
	}
}

// The gradient taped in PyNative and the gradient emitted as IR by the
// same rules, then run, agree exactly.
func TestGraphGradientAgreesWithTape(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	x, w, bias := randTensor(dev, 4, 5), randTensor(dev, 3, 5), randTensor(dev, 3)

	tape := autodiff.NewTape(e)
	wv := op1(e, ops.Identity, nil, w).(*tensor.Tensor)
	tape.Watch(wv)
	y := mlp(tape, x, wv, bias)
	one := op1(e, ops.OnesLike, nil, y)
	eagerGrad, err := tape.Gradient(e, []ops.Value{y}, []ops.Value{one}, []ops.Value{wv})
	if err != nil {
		t.Fatal(err)
	}

	g := ir.NewGraph("grad_mlp", ir.Span{})
	gx := g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{})
	gw := g.AddParam("w", ir.TensorAbs{Meta: w.Meta()}, ir.Span{})
	gb := g.AddParam("bias", ir.TensorAbs{Meta: bias.Meta()}, ir.Span{})
	b := &ir.Builder{G: g}
	out := mlp(b, gx, gw, gb).(*ir.Node)
	ids := map[*ir.Node]int{gw: 0}
	var recs []autodiff.Record
	for _, n := range g.Nodes {
		in := make([]ops.Value, len(n.Inputs))
		inIDs := make([]int, len(n.Inputs))
		for i, v := range n.Inputs {
			in[i] = v
			inIDs[i] = -1
			if id, ok := ids[v]; ok {
				inIDs[i] = id
			}
		}
		ids[n] = len(ids)
		recs = append(recs, autodiff.Record{Prim: n.Prim, Attrs: n.Attrs, In: in, Out: []ops.Value{n},
			InIDs: inIDs, OutIDs: []int{ids[n]}})
	}
	seed := op1(b, ops.OnesLike, nil, out)
	grads, err := autodiff.Backward(b, recs, len(ids), []autodiff.Seed{{ID: ids[out], Dout: seed}}, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	g.SetOutput(grads[0].(*ir.Node))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	got, err := (&exec.Runner{B: e}).Run(g, []exec.Value{x, w, bias})
	if err != nil {
		t.Fatal(err)
	}
	gt, et := got.(*tensor.Tensor), eagerGrad[0].(*tensor.Tensor)
	for i := range et.Size() {
		if gt.Float(i) != et.Float(i) {
			t.Fatalf("dw[%d]: graph %v, tape %v", i, gt.Float(i), et.Float(i))
		}
	}
}

// If and While run their subgraphs: x doubles while its sum is under 10,
// after being negated if its sum was negative.
func TestControlFlow(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	meta := tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{2}}
	abs := ir.TensorAbs{Meta: meta}
	g := ir.NewGraph("f", ir.Span{})
	x := g.AddParam("x", abs, ir.Span{})
	b := &ir.Builder{G: g}
	zero, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{}, []float64{0})
	ten, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{}, []float64{10})
	neg := op1(b, ops.Less, nil, op1(b, ops.ReduceSum, nil, x), zero).(*ir.Node)

	then := g.NewSubgraph("✓f", ir.Span{})
	then.SetOutput(op1(&ir.Builder{G: then}, ops.Neg, nil, then.AddParam("x", abs, ir.Span{})).(*ir.Node))
	els := g.NewSubgraph("✗f", ir.Span{})
	els.SetOutput(els.AddParam("x", abs, ir.Span{}))
	x1 := g.If(neg, then, els, ir.Span{}, x)

	cond := g.NewSubgraph("⤾f", ir.Span{})
	cb := &ir.Builder{G: cond}
	cond.SetOutput(op1(cb, ops.Less, nil, op1(cb, ops.ReduceSum, nil, cond.AddParam("x", abs, ir.Span{})), ten).(*ir.Node))
	body := g.NewSubgraph("⥁f", ir.Span{})
	bx := body.AddParam("x", abs, ir.Span{})
	body.SetOutput(body.MakeTuple(ir.Span{}, op1(&ir.Builder{G: body}, ops.Add, nil, bx, bx).(*ir.Node)))
	g.SetOutput(g.GetItem(g.While(cond, body, ir.Span{}, x1), 0, ir.Span{}))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want [2]float64 }{
		{[2]float64{-1, -0.5}, [2]float64{8, 4}}, // negated to (1, 0.5), doubled thrice: sum 12
		{[2]float64{3, 4}, [2]float64{6, 8}},     // sum 7: doubled once
		{[2]float64{6, 5}, [2]float64{6, 5}},     // sum 11: the loop never runs
	} {
		in, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{2}, c.in[:])
		got, err := (&exec.Runner{B: e}).Run(g, []exec.Value{in})
		if err != nil {
			t.Fatal(err)
		}
		gt := got.(*tensor.Tensor)
		for i, w := range c.want {
			if math.Abs(gt.Float(i)-w) > 0 {
				t.Errorf("f(%v)[%d] = %v, want %v", c.in, i, gt.Float(i), w)
			}
		}
	}

	// A canceled context stops a running graph between nodes.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in, _ := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{2}, []float64{1, 1})
	if _, err := (&exec.Runner{B: e, Context: ctx}).Run(g, []exec.Value{in}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// collecting applies as the eager builder does, after a collection, so
// that a buffer nothing references is back with the device before the
// next allocation.
type collecting struct{ *ops.Eager }

func (c collecting) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	runtime.GC()
	return c.Eager.Apply(p, attrs, args...)
}

// chainGraph is a graph of n applications of p in a row to a parameter
// like x.
func chainGraph(x *tensor.Tensor, n int, p *ops.Primitive) *ir.FuncGraph {
	g := ir.NewGraph("chain", ir.Span{})
	v := ops.Value(g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{}))
	b := &ir.Builder{G: g}
	for range n {
		v = op1(b, p, nil, v)
	}
	g.SetOutput(v.(*ir.Node))
	return g
}

// A value no later node reads is let go while the graph runs: a chain of
// 40 ops on 1 MiB tensors peaks at a few of them, not at 40.
func TestRunLetsDeadValuesGo(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	x := randTensor(dev, 1<<18)
	g := chainGraph(x, 40, ops.Neg)
	runtime.GC()
	dev.ResetPeak()
	before := dev.Stats().InUse
	if _, err := (&exec.Runner{B: collecting{e}}).Run(g, []exec.Value{x}); err != nil {
		t.Fatal(err)
	}
	if peak, size := dev.Stats().Peak-before, int64(4<<18); peak > 4*size {
		t.Errorf("the chain's peak is %d MiB, %d of its values", peak>>20, peak/size)
	}
}

// keep is a primitive that hands its input to code outside the graph,
// which keeps it, and returns a tensor that code keeps too, as a JIT
// Fallback may: neither buffer may be released.
func keep(kept *[]*tensor.Tensor) *ops.Primitive {
	return &ops.Primitive{
		Name:    "Keep",
		Escapes: true,
		Infer:   func(_ ops.Attrs, in []tensor.Meta) ([]tensor.Meta, error) { return in, nil },
		Eval: func(ctx *ops.Ctx, _ ops.Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			t, err := ctx.AllocOutput(out[0])
			if err != nil {
				return nil, err
			}
			for i := range t.Size() {
				t.SetFloat(i, in[0].Float(i)+1)
			}
			*kept = append(*kept, in[0], t)
			return []*tensor.Tensor{t}, nil
		},
	}
}

// Release gives buffers back as the plan says, and never one a live value
// still reads: through a Reshape of an intermediate and of an input, a
// tuple and its items, a fused group, and a primitive that hands tensors
// outside the graph. Released buffers are poisoned, so a read after a
// release changes the result.
func TestReleaseKeepsLiveBuffers(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	dev.Poison = true
	x := randTensor(dev, 64, 64)
	var kept []*tensor.Tensor
	g := ir.NewGraph("aliases", ir.Span{})
	px := g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{})
	b := &ir.Builder{G: g}
	flat := ops.Attrs{"shape": []int{-1}}
	a := op1(b, ops.Exp, nil, px)
	av := op1(b, ops.Reshape, flat, a) // a's storage: a dies here, av does not
	xv := op1(b, ops.Reshape, flat, px)
	c := op1(b, ops.Add, nil, av, xv)
	tup := g.MakeTuple(ir.Span{}, c.(*ir.Node), av.(*ir.Node))
	k := op1(b, keep(&kept), nil, op1(b, ops.Neg, nil, g.GetItem(tup, 0, ir.Span{})))
	d := op1(b, ops.Mul, nil, g.GetItem(tup, 1, ir.Span{}), k)
	d = op1(b, ops.ReLU, nil, op1(b, ops.Sub, nil, d, xv))
	g.SetOutput(op1(b, ops.Add, nil, d, c).(*ir.Node))
	fusion, err := passes.Fuse(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(fusion.Groups) == 0 {
		t.Fatal("nothing fused")
	}
	run := func(release bool) (*tensor.Tensor, []*tensor.Tensor) {
		kept = nil
		out, err := (&exec.Runner{B: e, Fusion: fusion, Release: release}).Run(g, []exec.Value{x})
		if err != nil {
			t.Fatal(err)
		}
		return out.(*tensor.Tensor), kept
	}
	want, wantKept := run(false)
	got, gotKept := run(true)
	same := func(what string, got, want *tensor.Tensor) {
		for i := range want.Size() {
			if math.Float32bits(float32(got.Float(i))) != math.Float32bits(float32(want.Float(i))) {
				t.Fatalf("%s: element %d is %v with Release, %v without", what, i, got.Float(i), want.Float(i))
			}
		}
	}
	same("the output", got, want)
	for i := range wantKept {
		same("a tensor kept outside the graph", gotKept[i], wantKept[i])
	}
	same("the input", x, randTensor(dev, 64, 64))
}

// With Release, a graph's memory is what the plan computed, whenever the
// collector runs: a 40-op chain of 1 MiB values peaks at two of them, an
// op's input and output, where without it the dead values wait for the
// collector.
func TestReleaseMeetsThePlan(t *testing.T) {
	e := eager()
	dev := e.Ctx.Dev.(*cpu.Device)
	x := randTensor(dev, 1<<18)
	g := chainGraph(x, 40, ops.Exp)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, release := range []bool{true, false} {
		runtime.GC()
		dev.ResetPeak()
		before := dev.Stats().InUse
		if _, err := (&exec.Runner{B: e, Release: release}).Run(g, []exec.Value{x}); err != nil {
			t.Fatal(err)
		}
		peak, plan := dev.Stats().Peak-before, ir.PeakBytes(g, nil, nil)
		switch {
		case plan != 2<<20:
			t.Fatalf("the plan's peak is %d bytes, want 2 MiB", plan)
		case release && peak != plan:
			t.Errorf("with Release the run peaks at %d bytes, the plan at %d", peak, plan)
		case !release && peak <= plan:
			t.Errorf("without Release or a collection the run peaks at %d bytes, within the plan's %d", peak, plan)
		}
	}
}

// A fused step whose input, computed by the graph, dies there writes its
// output over that input's buffer: the plan and the run both count one
// buffer where there were two. An input read later, or whose buffer a
// live view shares, is not taken, and every value stays what the graph
// computes without fusion.
func TestFusedStepReusesDyingInput(t *testing.T) {
	const n = 512
	for _, c := range []struct {
		name string
		// output makes the graph's output from the step's result and h, the
		// step's input, or v, a view of h made before the step.
		output func(g *ir.FuncGraph, h, v, out *ir.Node) *ir.Node
		reused bool
	}{
		{"the input dies at the step", func(g *ir.FuncGraph, h, v, out *ir.Node) *ir.Node { return out }, true},
		{"the input is read later", func(g *ir.FuncGraph, h, v, out *ir.Node) *ir.Node {
			return g.MakeTuple(ir.Span{}, out, h)
		}, false},
		{"a view of the input lives on", func(g *ir.FuncGraph, h, v, out *ir.Node) *ir.Node {
			return g.MakeTuple(ir.Span{}, out, v)
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := eager()
			dev := e.Ctx.Dev.(*cpu.Device)
			dev.Poison = true
			x := randTensor(dev, n, n)
			g := ir.NewGraph("reuse", ir.Span{})
			b := &ir.Builder{G: g}
			h := op1(b, ops.Transpose, ops.Attrs{"perm": []int{1, 0}}, g.AddParam("x", ir.TensorAbs{Meta: x.Meta()}, ir.Span{}))
			v := op1(b, ops.Reshape, ops.Attrs{"shape": []int{-1}}, h)
			out := op1(b, ops.Neg, nil, op1(b, ops.Mul, nil, op1(b, ops.Exp, nil, h), h))
			g.SetOutput(c.output(g, h.(*ir.Node), v.(*ir.Node), out.(*ir.Node)))
			if _, err := passes.DCE(g); err != nil {
				t.Fatal(err)
			}
			fusion, err := passes.Fuse(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(fusion.Groups) != 1 || len(fusion.Groups[0].Reuses) != 1 || fusion.Groups[0].Reuses[0] != 0 {
				t.Fatalf("groups %+v: want one whose output may take its input", fusion.Groups)
			}
			defer debug.SetGCPercent(debug.SetGCPercent(-1))
			runtime.GC()
			dev.ResetPeak()
			before := dev.Stats().InUse
			got, err := (&exec.Runner{B: e, Fusion: fusion, Release: true}).Run(g, []exec.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			peak, plan := dev.Stats().Peak-before, ir.PeakBytes(g, fusion, nil)
			want, err := (&exec.Runner{B: e}).Run(g, []exec.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			wantOut, gotOut := exec.Tensors(want), exec.Tensors(got)
			for k := range wantOut {
				for i := range wantOut[k].Size() {
					if math.Float32bits(float32(gotOut[k].Float(i))) != math.Float32bits(float32(wantOut[k].Float(i))) {
						t.Fatalf("value %d, element %d: %v fused, %v not", k, i, gotOut[k].Float(i), wantOut[k].Float(i))
					}
				}
			}
			one := int64(4 * n * n)
			if c.reused && (peak != one || plan != one) {
				t.Errorf("the run peaks at %d bytes and the plan at %d, want one %d-byte buffer", peak, plan, one)
			}
			if !c.reused && peak != 2*one {
				t.Errorf("the run peaks at %d bytes, want two %d-byte buffers", peak, one)
			}
		})
	}
}
