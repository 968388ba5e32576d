package ir_test

import (
	"regexp"
	"strings"
	"testing"

	"msrepl/autodiff"
	"msrepl/devices/cpu"
	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

var file = "cell[2]"

var source = map[int]string{
	1: "@jit",
	2: "def foo(x, y):",
	3: "    z = x + y",
	4: "    return z",
}

func src(f string, line int) (string, bool) {
	if f != file {
		return "", false
	}
	s, ok := source[line]
	return s, ok
}

func span(line, col, endCol int32) ir.Span {
	return ir.Span{Start: syntax.MakePosition(&file, line, col), End: syntax.MakePosition(&file, line, endCol)}
}

func vec(dt tensor.DType, dims ...int) ir.TensorAbs {
	return ir.TensorAbs{Meta: tensor.Meta{DType: dt, Shape: tensor.Shape(dims)}}
}

func apply(t *testing.T, b *ir.Builder, p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) *ir.Node {
	t.Helper()
	out, err := b.Apply(p, attrs, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out[0].(*ir.Node)
}

// foo is seed 003's function: z = x + y on two 0-d int64 tensors.
func foo(t *testing.T) *ir.FuncGraph {
	g := ir.NewGraph("foo", ir.Span{Start: syntax.MakePosition(&file, 2, 1), End: syntax.MakePosition(&file, 4, 13)})
	x := g.AddParam("x", vec(tensor.Int64), span(2, 9, 10))
	y := g.AddParam("y", vec(tensor.Int64), span(2, 12, 13))
	b := &ir.Builder{G: g, Span: span(3, 9, 14)}
	z := apply(t, b, ops.Add, nil, x, y)
	z.Name = "z"
	g.SetOutput(z)
	return g
}

func TestPrintMindIR(t *testing.T) {
	g := foo(t)
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := ir.Print(&out, g, src); err != nil {
		t.Fatal(err)
	}
	want := `# IR entry: @foo
# Total subgraphs: 1
# Total params: 2
# Params:
%para1_x: <Tensor[Int64], ()>
%para2_y: <Tensor[Int64], ()>

subgraph attr:
subgraph instance: foo
  # In file cell[2]:2~4, 0~12/def foo(x, y):/
subgraph @foo() {
  %0(CNode_3$z) = PrimFunc_Add(%para1_x, %para2_y)
      : (<Tensor[Int64], ()>, <Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)
      # In file cell[2]:3, 8~13/    z = x + y/
  Return(%0)
      : (<Tensor[Int64], ()>)
}
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	// The lines seed003_ir_dump checks, as its expected file writes them.
	for _, re := range []string{
		`(?m)^%para1_x: <Tensor\[Int64\], \(\)>$`,
		`(?m)^subgraph @foo.*\{$`,
		`(?m)^  %0\(.*\) = PrimFunc_Add\(%para1_x, %para2_y\)$`,
		`(?m)^      : \(<Tensor\[Int64\], \(\)>, <Tensor\[Int64\], \(\)>\) -> \(<Tensor\[Int64\], \(\)>\)$`,
		`(?m)^  Return\(%0\)$`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("no line matches %s", re)
		}
	}
}

// branchy builds
//
//	def f(x, n):           # x: (3,) float32
//	    if x.sum() > 0: x = x * 2 else: x = -x
//	    while i < 3: x = x + x
//
// with If and While over subgraphs.
func branchy(t *testing.T) *ir.FuncGraph {
	g := ir.NewGraph("f", ir.Span{})
	x := g.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	b := &ir.Builder{G: g}
	s := apply(t, b, ops.ReduceSum, nil, x)
	zero := g.Const(mustScalar(t, 0), ir.Span{})
	cond := apply(t, b, ops.Greater, nil, s, zero)

	then := g.NewSubgraph("✓f_1", ir.Span{})
	tx := then.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	two := then.Const(mustScalar(t, 2), ir.Span{})
	then.SetOutput(apply(t, &ir.Builder{G: then}, ops.Mul, nil, tx, two))
	els := g.NewSubgraph("✗f_2", ir.Span{})
	ex := els.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	els.SetOutput(apply(t, &ir.Builder{G: els}, ops.Neg, nil, ex))
	x1 := g.If(cond, then, els, ir.Span{}, x)

	header := g.NewSubgraph("⤾f_3", ir.Span{})
	hx := header.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	hs := apply(t, &ir.Builder{G: header}, ops.ReduceSum, nil, hx)
	limit := header.Const(mustScalar(t, 100), ir.Span{})
	header.SetOutput(apply(t, &ir.Builder{G: header}, ops.Less, nil, hs, limit))
	body := g.NewSubgraph("⥁f_4", ir.Span{})
	bx := body.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	body.SetOutput(body.MakeTuple(ir.Span{}, apply(t, &ir.Builder{G: body}, ops.Add, nil, bx, bx)))
	loop := g.While(header, body, ir.Span{}, x1)
	g.SetOutput(g.GetItem(loop, 0, ir.Span{}))
	return g
}

func mustScalar(t *testing.T, v float64) *tensor.Tensor {
	t.Helper()
	s, err := tensor.FromFloat64s(cpu.New(0), tensor.Float32, tensor.Shape{}, []float64{v})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestControlFlowVerifiesAndPrints(t *testing.T) {
	g := branchy(t)
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := ir.Compact(&out, g); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"@f(x) {",
		"  %2 = If(%1, @✓f_1, @✗f_2, x) : Tensor[Float32](3,)",
		"  %3 = While(@⤾f_3, @⥁f_4, %2) : Tuple[Tensor[Float32]], TupleShape((3,))",
		"  return %4",
		"@✓f_1(x) {",
		"@⥁f_4(x) {",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("compact view lacks %q:\n%s", want, out.String())
		}
	}
	var mind strings.Builder
	if err := ir.Print(&mind, g, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(mind.String(), "subgraph @✓f_1(%para2_x) {") ||
		!strings.Contains(mind.String(), "# Total subgraphs: 5") {
		t.Errorf("MindIR view:\n%s", mind.String())
	}
}

// Ids far apart verify as ids in a row do.
func TestVerifySparseIDs(t *testing.T) {
	g := branchy(t)
	g.SetID(g.Nodes[3], 1<<30)
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
}

// The verifier rejects what passes must never produce.
func TestVerifyRejects(t *testing.T) {
	for _, c := range []struct {
		name   string
		break_ func(g *ir.FuncGraph)
		want   string
	}{
		{"no output", func(g *ir.FuncGraph) { g.Output = nil }, "no output"},
		{"wrong abstract", func(g *ir.FuncGraph) { g.Nodes[0].Abs = vec(tensor.Float64) }, "but its inputs give"},
		{"use before definition", func(g *ir.FuncGraph) {
			g.Nodes[0], g.Nodes[1] = g.Nodes[1], g.Nodes[0]
		}, "before it is defined"},
		{"branch signature", func(g *ir.FuncGraph) {
			g.Nodes[2].Graphs[1].Params[0].Abs = vec(tensor.Float64, 3)
		}, "parameter 0 is"},
		{"non-boolean condition", func(g *ir.FuncGraph) { g.Nodes[2].Inputs[0] = g.Nodes[0] }, "the condition is"},
		{"loop body", func(g *ir.FuncGraph) {
			body := g.Nodes[3].Graphs[1]
			body.SetOutput(body.Nodes[0])
		}, "the body"},
		{"foreign node", func(g *ir.FuncGraph) {
			g.Nodes[2].Graphs[0].Nodes[0].Inputs[0] = g.Params[0]
		}, "before it is defined"},
		{"duplicate id", func(g *ir.FuncGraph) { g.SetID(g.Nodes[1], g.Nodes[0].ID) }, "two nodes have id"},
		// Ids far apart, as a file may number them, are kept in a map.
		{"duplicate sparse id", func(g *ir.FuncGraph) {
			g.SetID(g.Nodes[0], 1<<30)
			g.SetID(g.Nodes[1], 1<<30)
		}, "two nodes have id"},
		{"sparse ids, then a use before definition", func(g *ir.FuncGraph) {
			g.SetID(g.Nodes[3], 1<<30)
			g.Nodes[0], g.Nodes[1] = g.Nodes[1], g.Nodes[0]
		}, "before it is defined"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := branchy(t)
			c.break_(g)
			err := ir.Verify(g)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one with %q", err, c.want)
			}
		})
	}
}

// A primitive with several outputs gives a tuple node and its items.
func TestBuilderSeveralOutputs(t *testing.T) {
	g := ir.NewGraph("split", ir.Span{})
	x := g.AddParam("x", vec(tensor.Float32, 4, 2), ir.Span{})
	out, err := (&ir.Builder{G: g}).Apply(ops.Split, ops.Attrs{"axis": 0, "output_num": 2}, x)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[1].Meta().Shape.String() != "(2, 2)" {
		t.Fatalf("outputs %v", out)
	}
	g.SetOutput(g.MakeTuple(ir.Span{}, out[0].(*ir.Node), out[1].(*ir.Node)))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	if _, err := (&ir.Builder{G: g}).Apply(ops.Add, nil, x, g.Output); err == nil {
		t.Errorf("a tuple given as a tensor input was accepted")
	}
}

// The one reverse-mode algorithm runs over a graph's nodes with the graph
// builder: the gradient of y = sin(x)·x comes out as IR appended to the
// forward graph, and the whole verifies.
func TestGradientAsIR(t *testing.T) {
	g := ir.NewGraph("sq", ir.Span{})
	x := g.AddParam("x", vec(tensor.Float32, 3), ir.Span{})
	b := &ir.Builder{G: g}
	s := apply(t, b, ops.Sin, nil, x)
	y := apply(t, b, ops.Mul, nil, s, x)
	// Records in the nodes' order; ids: x 0, s 1, y 2.
	ids := map[*ir.Node]int{x: 0, s: 1, y: 2}
	var recs []autodiff.Record
	for _, n := range g.Nodes {
		in := make([]ops.Value, len(n.Inputs))
		inIDs := make([]int, len(n.Inputs))
		for i, v := range n.Inputs {
			in[i], inIDs[i] = v, ids[v]
		}
		recs = append(recs, autodiff.Record{Prim: n.Prim, Attrs: n.Attrs, In: in, Out: []ops.Value{n},
			InIDs: inIDs, OutIDs: []int{ids[n]}})
	}
	dy := g.AddParam("dy", vec(tensor.Float32, 3), ir.Span{})
	forward := len(g.Nodes)
	grads, err := autodiff.Backward(b, recs, 3, []autodiff.Seed{{ID: 2, Dout: dy}}, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	g.SetOutput(grads[0].(*ir.Node))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	ir.Compact(&out, g)
	for _, want := range []string{"Mul(dy, %0)", "Cos(x)", "Add("} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("backward lacks %s:\n%s", want, out.String())
		}
	}
	if len(g.Nodes) <= forward {
		t.Fatalf("no backward nodes")
	}
}

// The peak counts values from their node to their last use.
func TestPeakBytes(t *testing.T) {
	g := ir.NewGraph("chain", ir.Span{})
	x := g.AddParam("x", vec(tensor.Float32, 256), ir.Span{}) // 1 KiB per value
	b := &ir.Builder{G: g}
	a := apply(t, b, ops.Exp, nil, x)    // a lives until d
	c := apply(t, b, ops.Neg, nil, a)    // c lives until d
	d := apply(t, b, ops.Add, nil, a, c) // a, c, d: 3 KiB at once
	e := apply(t, b, ops.Sqrt, nil, d)   // d, e: 2 KiB
	g.SetOutput(e)
	if got := ir.PeakBytes(g, nil, nil); got != 3*1024 {
		t.Errorf("peak %d, want %d", got, 3*1024)
	}
}

// TestPeakBytesOfAPair: a pair of concurrent steps makes both outputs at
// the first, before the inputs that die there are given back.
func TestPeakBytesOfAPair(t *testing.T) {
	g := ir.NewGraph("pair", ir.Span{})
	x := g.AddParam("x", vec(tensor.Float32, 16, 16), ir.Span{}) // 1 KiB per value
	b := &ir.Builder{G: g}
	n := apply(t, b, ops.Neg, nil, x)       // dies at p
	p := apply(t, b, ops.MatMul, nil, n, x) // n, p: 2 KiB; p, q: 2 KiB
	q := apply(t, b, ops.MatMul, nil, x, x) // n, p, q: 3 KiB when paired with p
	g.SetOutput(g.MakeTuple(ir.Span{}, p, q))
	f := &ir.Fusion{}
	if got := ir.PeakBytes(g, f, nil); got != 2*1024 {
		t.Errorf("unpaired: peak %d, want %d", got, 2*1024)
	}
	f.AddPair(p, q)
	if got := ir.PeakBytes(g, f, nil); got != 3*1024 {
		t.Errorf("paired: peak %d, want %d", got, 3*1024)
	}
	var text strings.Builder
	if err := ir.PrintFused(&text, g, nil, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "# Runs alongside %2, on another core") || !strings.Contains(text.String(), "# Runs alongside %1, on another core") {
		t.Errorf("the printout does not mark the pair:\n%s", text.String())
	}
}

func TestCopyIsDeepAndPrintsTheSame(t *testing.T) {
	g := foo(t)
	var before strings.Builder
	if err := ir.Print(&before, g, src); err != nil {
		t.Fatal(err)
	}
	c := ir.Copy(g)
	if err := ir.Verify(c); err != nil {
		t.Fatal(err)
	}
	var copied strings.Builder
	if err := ir.Print(&copied, c, src); err != nil {
		t.Fatal(err)
	}
	if copied.String() != before.String() {
		t.Errorf("the copy prints\n%s\nwant\n%s", copied.String(), before.String())
	}
	g.Nodes[0].Prim = ops.Mul
	g.Nodes[0].Inputs[0] = g.Params[1]
	if c.Nodes[0].Prim != ops.Add || c.Nodes[0].Inputs[0] != c.Params[0] || c.Nodes[0].Graph != c {
		t.Errorf("the copy shares nodes with the original")
	}
}
