package onnx

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"msrepl/devices/cpu"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/onnx/onnxpb"
	"msrepl/ops"
	"msrepl/tensor"
)

func meta(dt tensor.DType, shape ...int) tensor.Meta { return tensor.Meta{DType: dt, Shape: shape} }

func f32(shape ...int) tensor.Meta { return meta(tensor.Float32, shape...) }

// applied is a graph that applies p to parameters x0, x1, … of the given
// metas and returns the result.
func applied(t *testing.T, p *ops.Primitive, attrs ops.Attrs, in ...tensor.Meta) *ir.FuncGraph {
	t.Helper()
	g := ir.NewGraph("f", ir.Span{})
	args := make([]ops.Value, len(in))
	for i, m := range in {
		args[i] = g.AddParam(fmt.Sprintf("x%d", i), ir.TensorAbs{Meta: m}, ir.Span{})
	}
	out, err := (&ir.Builder{G: g}).Apply(p, attrs, args...)
	if err != nil {
		t.Fatal(err)
	}
	g.SetOutput(out[0].(*ir.Node))
	return g
}

// summary writes a graph's nodes as "Op[attr=v …](inputs)", an Int64
// initializer input as its values, separated by "; ".
func summary(g *onnxpb.GraphProto) string {
	consts := map[string][]int64{}
	for _, in := range g.GetInitializer() {
		if in.GetDataType() == int32(onnxpb.TensorProto_INT64) {
			consts[in.GetName()] = in.GetInt64Data()
		}
	}
	var nodes []string
	for _, n := range g.GetNode() {
		var attrs, ins []string
		for _, a := range n.GetAttribute() {
			v := fmt.Sprint(a.GetI())
			if a.GetType() == onnxpb.AttributeProto_INTS {
				v = fmt.Sprint(a.GetInts())
			}
			attrs = append(attrs, a.GetName()+"="+v)
		}
		for _, in := range n.GetInput() {
			if c, ok := consts[in]; ok {
				in = fmt.Sprint(c)
			}
			ins = append(ins, in)
		}
		s := n.GetOpType()
		if len(attrs) > 0 {
			s += "[" + strings.Join(attrs, " ") + "]"
		}
		nodes = append(nodes, s+"("+strings.Join(ins, ", ")+")")
	}
	return strings.Join(nodes, "; ")
}

// TestForms converts one application of each kind of primitive and checks
// the ONNX operators it becomes, with their attributes and operands.
func TestForms(t *testing.T) {
	i32 := func(shape ...int) tensor.Meta { return meta(tensor.Int32, shape...) }
	tests := []struct {
		p     *ops.Primitive
		attrs ops.Attrs
		in    []tensor.Meta
		want  string
	}{
		{ops.MatMul, ops.Attrs{"transpose_b": true}, []tensor.Meta{f32(2, 4), f32(3, 4)}, "Gemm[transB=1](x0, x1)"},
		{ops.BatchMatMul, ops.Attrs{"transpose_a": true}, []tensor.Meta{f32(2, 4, 3), f32(2, 4, 5)},
			"Transpose[perm=[0 2 1]](x0); MatMul(output_t1, x1)"},
		{ops.BiasAdd, nil, []tensor.Meta{f32(2, 3, 4, 5), f32(3)}, "Reshape(x1, [3 1 1]); Add(x0, output_t1)"},
		{ops.BiasAdd, ops.Attrs{"data_format": "NHWC"}, []tensor.Meta{f32(2, 4, 5, 3), f32(3)}, "Add(x0, x1)"},
		{ops.Add, nil, []tensor.Meta{i32(2), f32(2)}, "Cast[to=1](x0); Add(output_t1, x1)"},
		{ops.Div, nil, []tensor.Meta{i32(2), i32(2)}, "Cast[to=1](x0); Cast[to=1](x1); Div(output_t1, output_t2)"},
		{ops.NotEqual, nil, []tensor.Meta{f32(2), f32(2)}, "Equal(x0, x1); Not(output_t1)"},
		{ops.GreaterEqual, nil, []tensor.Meta{i32(2), f32(2)}, "Cast[to=1](x0); GreaterOrEqual(output_t1, x1)"},
		{ops.LogicalNot, nil, []tensor.Meta{f32(2)}, "Cast[to=9](x0); Not(output_t1)"},
		{ops.Square, nil, []tensor.Meta{i32(2)}, "Mul(x0, x0)"},
		{ops.Rsqrt, nil, []tensor.Meta{f32(2)}, "Sqrt(x0); Reciprocal(output_t1)"},
		{ops.FloorDiv, nil, []tensor.Meta{i32(2), i32(2)}, "Mod(x0, x1); Sub(x0, output_t1); Div(output_t2, x1)"},
		{ops.FloorDiv, nil, []tensor.Meta{f32(2), f32(2)}, "Div(x0, x1); Floor(output_t1)"},
		{ops.Conv2D, ops.Attrs{"pad_mode": "pad", "pad": []int{1, 2, 3, 4}, "stride": 2, "dilation": []int{1, 1, 2, 1}},
			[]tensor.Meta{f32(1, 2, 9, 9), f32(4, 2, 3, 3)},
			"Conv[kernel_shape=[3 3] strides=[2 2] dilations=[2 1] pads=[1 3 2 4] group=1](x0, x1)"},
		{ops.Conv2D, ops.Attrs{"pad_mode": "same", "stride": 2, "group": 2}, []tensor.Meta{f32(1, 4, 8, 7), f32(6, 2, 3, 3)},
			"Conv[kernel_shape=[3 3] strides=[2 2] dilations=[1 1] pads=[0 1 1 1] group=2](x0, x1)"},
		{ops.MaxPool, ops.Attrs{"kernel_size": 3, "strides": 2, "pad_mode": "same"}, []tensor.Meta{f32(1, 1, 8, 8)},
			"MaxPool[kernel_shape=[3 3] strides=[2 2] pads=[0 0 1 1]](x0)"},
		{ops.AvgPool, ops.Attrs{"kernel_size": []int{1, 1, 2, 3}, "strides": []int{2, 3}}, []tensor.Meta{f32(1, 1, 8, 8)},
			"AveragePool[kernel_shape=[2 3] strides=[2 3] pads=[0 0 0 0]](x0)"},
		{ops.Reshape, ops.Attrs{"shape": []int{-1, 2}}, []tensor.Meta{f32(2, 3)}, "Reshape(x0, [3 2])"},
		{ops.Reshape, ops.Attrs{"shape": []int{0, 3}}, []tensor.Meta{f32(3, 0)}, "Reshape[allowzero=1](x0, [0 3])"},
		{ops.Flatten, nil, []tensor.Meta{f32(2, 3, 4)}, "Reshape(x0, [2 12])"},
		{ops.Transpose, ops.Attrs{"perm": []int{-1, 0}}, []tensor.Meta{f32(2, 3)}, "Transpose[perm=[1 0]](x0)"},
		{ops.BroadcastTo, ops.Attrs{"shape": []int{2, -1}}, []tensor.Meta{f32(1, 3)}, "Expand(x0, [2 3])"},
		{ops.Concat, ops.Attrs{"axis": -1}, []tensor.Meta{f32(2, 3), f32(2, 1)}, "Concat[axis=1](x0, x1)"},
		{ops.Gather, ops.Attrs{"axis": -1}, []tensor.Meta{f32(2, 3), i32(4)}, "Gather[axis=1](x0, x1)"},
		// x[::-1, 1] of a (4, 5) tensor.
		{ops.StridedSlice, ops.Attrs{"begin": []int{3, 1}, "end": []int{-1, 2}, "strides": []int{-1, 1}, "shrink": []int{1}},
			[]tensor.Meta{f32(4, 5)}, fmt.Sprintf("Slice(x0, [3 1], [%d 2], [0 1], [-1 1]); Reshape(output_t1, [4])", math.MinInt64)},
		// x[1:3] of a (4, 5) tensor.
		{ops.StridedSlice, ops.Attrs{"begin": []int{1}, "end": []int{3}, "strides": []int{1}}, []tensor.Meta{f32(4, 5)},
			"Slice(x0, [1], [3], [0], [1])"},
		{ops.ReduceSum, ops.Attrs{"axis": []int{-1}, "keep_dims": true}, []tensor.Meta{f32(2, 3)}, "ReduceSum[keepdims=1](x0, [1])"},
		{ops.ReduceSum, nil, []tensor.Meta{f32(2, 3)}, "ReduceSum[keepdims=0](x0)"},
		{ops.ReduceMean, ops.Attrs{"axis": []int{1, 0}}, []tensor.Meta{i32(2, 3)}, "Cast[to=1](x0); ReduceMean[keepdims=0 axes=[0 1]](output_t1)"},
		{ops.Argmax, ops.Attrs{"axis": 1, "output_type": tensor.Int32}, []tensor.Meta{f32(2, 3)},
			"ArgMax[axis=1 keepdims=0](x0); Cast[to=6](output_t1)"},
		{ops.Softmax, ops.Attrs{"axis": []int{0}}, []tensor.Meta{f32(2, 3)}, "Softmax[axis=0](x0)"},
		{ops.Cast, ops.Attrs{"dtype": tensor.Float16}, []tensor.Meta{f32(2)}, "Cast[to=10](x0)"},
		{ops.Select, nil, []tensor.Meta{meta(tensor.Bool, 2), i32(2), f32(2)}, "Cast[to=1](x1); Where(x0, output_t1, x2)"},
	}
	for _, tc := range tests {
		t.Run(tc.p.Name, func(t *testing.T) {
			m, err := Model(applied(t, tc.p, tc.attrs, tc.in...), nil, "test")
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(m.GetGraph()); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestModel checks a model's layout: inputs, weights as initializers with
// their bytes, a tuple result as outputs, and a result that no operator
// computes copied to its output. The input's name is an output's, which
// then gives way.
func TestModel(t *testing.T) {
	g := ir.NewGraph("net", ir.Span{})
	x := g.AddParam("output_1", ir.TensorAbs{Meta: f32(2, 3)}, ir.Span{})
	w := g.AddWeight("fc.weight", ir.TensorAbs{Meta: f32(2, 3)})
	out, err := (&ir.Builder{G: g}).Apply(ops.Mul, nil, x, w)
	if err != nil {
		t.Fatal(err)
	}
	y := out[0].(*ir.Node)
	g.SetOutput(g.MakeTuple(ir.Span{}, y, x, y))
	data, err := tensor.FromFloat64s(cpu.New(0), tensor.Float32, tensor.Shape{2, 3}, []float64{1, -2, 3.5, 0, math.Inf(1), -0.25})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Model(g, map[string]*tensor.Tensor{"fc.weight": data}, "1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "net.onnx")
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var back onnxpb.ModelProto
	if err := proto.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(&back, m) {
		t.Fatal("the model read back differs from the one written")
	}
	gp := back.GetGraph()
	if got, want := summary(gp), "Mul(output_1, fc.weight); Identity(output_1); Identity(output_0)"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var outs []string
	for _, o := range gp.GetOutput() {
		outs = append(outs, o.GetName())
	}
	if got := strings.Join(outs, " "); got != "output_0 output_1_ output_2" {
		t.Errorf("outputs %s", got)
	}
	init := gp.GetInitializer()[0]
	if init.GetName() != "fc.weight" || fmt.Sprint(init.GetDims()) != "[2 3]" || string(init.GetRawData()) != string(tensor.AppendStorage(nil, data)) {
		t.Errorf("initializer %s %v %x", init.GetName(), init.GetDims(), init.GetRawData())
	}
	if back.GetProducerName() != "msrepl" || back.GetProducerVersion() != "1.2.3" || gp.GetInput()[0].GetName() != "output_1" {
		t.Errorf("producer %s %s, input %s", back.GetProducerName(), back.GetProducerVersion(), gp.GetInput()[0].GetName())
	}
}

// TestRefusals: what has no ONNX form is an *Error naming it.
func TestRefusals(t *testing.T) {
	b := meta(tensor.Bool, 2)
	unknown := &ops.Primitive{Name: "PyExecute", Infer: func(_ ops.Attrs, in []tensor.Meta) ([]tensor.Meta, error) { return in, nil }}
	branch := func(t *testing.T) *ir.FuncGraph {
		g := ir.NewGraph("f", ir.Span{})
		c := g.AddParam("c", ir.TensorAbs{Meta: meta(tensor.Bool)}, ir.Span{})
		x := g.AddParam("x", ir.TensorAbs{Meta: f32(2)}, ir.Span{})
		var arms [2]*ir.FuncGraph
		for i := range arms {
			arms[i] = g.NewSubgraph("arm", ir.Span{})
			arms[i].SetOutput(arms[i].AddParam("x", x.Abs, ir.Span{}))
		}
		g.SetOutput(g.If(c, arms[0], arms[1], ir.Span{}, x))
		return g
	}
	tests := []struct {
		name  string
		graph func(t *testing.T) *ir.FuncGraph
		want  string
	}{
		{"no form", func(t *testing.T) *ir.FuncGraph { return applied(t, unknown, nil, f32(2)) }, "'PyExecute' (node 2) has no ONNX form"},
		{"dtype", func(t *testing.T) *ir.FuncGraph { return applied(t, ops.Add, nil, b, b) }, "'Add' (node 3) has no ONNX form for Bool tensors"},
		{"float mod", func(t *testing.T) *ir.FuncGraph { return applied(t, ops.FloorMod, nil, f32(2), f32(2)) },
			"'FloorMod' (node 3) has no ONNX form for Float32 tensors"},
		{"branch", branch, "'If' (node 5) has no ONNX form yet: graphs that branch or loop on Tensors are not exported to ONNX"},
		{"scalar input", func(t *testing.T) *ir.FuncGraph {
			g := applied(t, ops.Neg, nil, f32(2))
			g.AddParam("n", ir.ScalarAbs{Kind: ir.Int64}, ir.Span{})
			return g
		}, "'n' (node 3) is a <Int64, NoShape> input, and an ONNX model's inputs are tensors"},
		{"symbolic", func(t *testing.T) *ir.FuncGraph {
			g := ir.NewGraph("f", ir.Span{})
			g.SetOutput(g.AddParam("x", ir.TensorAbs{Meta: f32(tensor.SymbolicDim(1), 2)}, ir.Span{}))
			return g
		}, "'x' (node 1) has the symbolic shape"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Model(tc.graph(t), nil, "test")
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}
