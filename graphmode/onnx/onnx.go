// Package onnx converts an optimized graph and the data of its weights into
// a standard ONNX model (onnxpb.ModelProto, opset 17): each
// primitive becomes the ONNX operators that compute what it computes,
// weights become initializers under their names, and a primitive, dtype
// or node without an ONNX form is an *Error naming the node and its
// source line. It owns that op table and the model's layout. It must not
// run, optimize or rewrite graphs (the graph it is given is final), nor
// know the interpreter's values.
package onnx

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"msrepl/graphmode/ir"
	"msrepl/graphmode/onnx/onnxpb"
	"msrepl/internal/atomicfile"
	"msrepl/tensor"
)

const (
	// Opset is the version of ONNX's default operator set a model uses.
	Opset = 17
	// IRVersion is the ONNX IR version that came with opset 17 (ONNX 1.12).
	IRVersion = 8
)

// An Error says why a graph has no ONNX form: what about which node.
type Error struct {
	Node *ir.Node
	// Op is the primitive, or the kind of node, or the input, at fault.
	Op string
	// Why completes the sentence: "has no ONNX form".
	Why string
}

func (e *Error) Error() string {
	at := fmt.Sprintf("node %d", e.Node.ID)
	if s := e.Node.Span.Start; s.IsValid() {
		at += fmt.Sprintf(", %s line %d", *s.File, s.Line)
	}
	return fmt.Sprintf("'%s' (%s) %s", e.Op, at, e.Why)
}

// noForm is the error of a node with no ONNX form.
func noForm(n *ir.Node, op string) *Error {
	return &Error{Node: n, Op: op, Why: "has no ONNX form"}
}

// A converter builds one ONNX graph from an IR graph.
type converter struct {
	g      *ir.FuncGraph
	graph  *onnxpb.GraphProto
	names  map[*ir.Node]string // the ONNX value each IR value is
	consts map[*ir.Node]bool   // the constants already initializers
	temps  int
}

// Model converts g, whose weights' data are in weights by name, into an
// ONNX model; version is msrepl's, recorded as the producer's. The
// graph's inputs are g's parameters, by name, and its outputs are
// "output" or, for a tuple, "output_0", "output_1", … (with "_" added
// while an input or weight has the name).
func Model(g *ir.FuncGraph, weights map[string]*tensor.Tensor, version string) (*onnxpb.ModelProto, error) {
	c := &converter{g: g, graph: &onnxpb.GraphProto{Name: proto.String(g.Name)}, names: map[*ir.Node]string{}, consts: map[*ir.Node]bool{}}
	for _, p := range g.Params {
		t, ok := p.Abs.(ir.TensorAbs)
		if !ok {
			return nil, &Error{Node: p, Op: p.Name, Why: fmt.Sprintf("is a %s input, and an ONNX model's inputs are tensors", p.Abs)}
		}
		if t.Shape.Symbolic() {
			return nil, &Error{Node: p, Op: p.Name, Why: fmt.Sprintf("has the symbolic shape %v, and ONNX export takes static shapes", t.Shape)}
		}
		c.names[p] = p.Name
		c.graph.Input = append(c.graph.Input, valueInfo(p.Name, t.Meta))
	}
	for _, w := range g.Weights {
		t := weights[w.Name]
		if t == nil {
			return nil, fmt.Errorf("onnx: no data for weight %s", w.Name)
		}
		if m := w.Meta(); t.DType() != m.DType || !slices.Equal(t.Shape(), m.Shape) {
			return nil, fmt.Errorf("onnx: weight %s holds %v%v, and the graph reads %v%v", w.Name, t.DType(), t.Shape(), m.DType, m.Shape)
		}
		c.names[w] = w.Name
		c.graph.Initializer = append(c.graph.Initializer, initializer(w.Name, t))
	}
	outputs := []*ir.Node{g.Output}
	if g.Output.Kind == ir.MakeTuple {
		outputs = g.Output.Inputs
	}
	outNames := make([]string, len(outputs))
	for i, o := range outputs {
		if _, ok := o.Abs.(ir.TensorAbs); !ok {
			return nil, &Error{Node: o, Op: o.Kind.String(), Why: fmt.Sprintf("gives the graph's result a %s, and an ONNX model's outputs are tensors", o.Abs)}
		}
		outNames[i] = "output"
		if len(outputs) > 1 {
			outNames[i] = fmt.Sprintf("output_%d", i)
		}
		for slices.ContainsFunc(slices.Concat(g.Params, g.Weights), func(p *ir.Node) bool { return p.Name == outNames[i] }) {
			outNames[i] += "_"
		}
	}
	for _, n := range g.Nodes {
		c.names[n] = fmt.Sprintf("CNode_%d", n.ID)
	}
	// A result an operator computes takes the output's name; a parameter,
	// a weight, a constant or a value given twice is copied to it.
	var copies []int
	for i, o := range outputs {
		if o.Kind == ir.Apply && !slices.Contains(outputs[:i], o) {
			c.names[o] = outNames[i]
		} else {
			copies = append(copies, i)
		}
	}
	for _, n := range g.Nodes {
		if err := c.node(n); err != nil {
			return nil, err
		}
		if n.Kind == ir.Apply && !slices.Contains(outputs, n) {
			c.graph.ValueInfo = append(c.graph.ValueInfo, valueInfo(c.names[n], n.Meta()))
		}
	}
	for _, i := range copies {
		c.add(outputs[i], "Identity", []string{c.value(outputs[i])}, outNames[i])
	}
	for i, o := range outputs {
		c.graph.Output = append(c.graph.Output, valueInfo(outNames[i], o.Meta()))
	}
	return &onnxpb.ModelProto{
		IrVersion:       proto.Int64(IRVersion),
		OpsetImport:     []*onnxpb.OperatorSetIdProto{{Domain: proto.String(""), Version: proto.Int64(Opset)}},
		ProducerName:    proto.String("msrepl"),
		ProducerVersion: proto.String(version),
		Graph:           c.graph,
	}, nil
}

// Write saves an ONNX model to path atomically.
func Write(path string, m *onnxpb.ModelProto) error {
	raw, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, raw)
}

// node converts one computed node.
func (c *converter) node(n *ir.Node) error {
	switch n.Kind {
	case ir.Apply:
		f, ok := forms[n.Prim.Name]
		if !ok {
			return noForm(n, n.Prim.Name)
		}
		return f(c, n)
	case ir.MakeTuple:
		if n == c.g.Output {
			return nil
		}
	case ir.If, ir.While:
		return &Error{Node: n, Op: n.Kind.String(), Why: "has no ONNX form yet: graphs that branch or loop on Tensors are not exported to ONNX"}
	}
	return noForm(n, n.Kind.String())
}

// value is the ONNX name of an IR value; a tensor constant becomes an
// initializer when first used.
func (c *converter) value(n *ir.Node) string {
	if n.Kind == ir.Const && !c.consts[n] {
		c.consts[n] = true
		c.names[n] = fmt.Sprintf("Const_%d", n.ID)
		c.graph.Initializer = append(c.graph.Initializer, initializer(c.names[n], n.Value.(*tensor.Tensor)))
	}
	return c.names[n]
}

// add appends an ONNX node of type op, made for n, that computes out
// from ins.
func (c *converter) add(n *ir.Node, op string, ins []string, out string, attrs ...*onnxpb.AttributeProto) {
	node := &onnxpb.NodeProto{OpType: proto.String(op), Name: proto.String(out), Input: ins, Output: []string{out}, Attribute: attrs}
	if s := n.Span.Start; s.IsValid() {
		node.DocString = proto.String(fmt.Sprintf("%s:%d", *s.File, s.Line))
	}
	c.graph.Node = append(c.graph.Node, node)
}

// temp names an intermediate value of n's conversion.
func (c *converter) temp(n *ir.Node) string {
	c.temps++
	return fmt.Sprintf("%s_t%d", c.names[n], c.temps)
}

// in is n's input i as an ONNX value of dtype dt, cast when it has
// another.
func (c *converter) in(n *ir.Node, i int, dt tensor.DType) string {
	x := c.value(n.Inputs[i])
	if n.Inputs[i].Meta().DType == dt {
		return x
	}
	out := c.temp(n)
	c.add(n, "Cast", []string{x}, out, intAttr("to", int(elemType(dt))))
	return out
}

// int64s adds a 1-D Int64 initializer holding v, for n: a shape or axes
// operand.
func (c *converter) int64s(n *ir.Node, v []int) string {
	name := c.temp(n)
	t := &onnxpb.TensorProto{Name: proto.String(name), DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Dims: []int64{int64(len(v))}}
	for _, x := range v {
		t.Int64Data = append(t.Int64Data, int64(x))
	}
	c.graph.Initializer = append(c.graph.Initializer, t)
	return name
}

// elemType is ONNX's code for a dtype.
func elemType(dt tensor.DType) onnxpb.TensorProto_DataType { return elemTypes[dt] }

var elemTypes = map[tensor.DType]onnxpb.TensorProto_DataType{
	tensor.Bool: onnxpb.TensorProto_BOOL, tensor.UInt8: onnxpb.TensorProto_UINT8, tensor.Int8: onnxpb.TensorProto_INT8,
	tensor.Int16: onnxpb.TensorProto_INT16, tensor.Int32: onnxpb.TensorProto_INT32, tensor.Int64: onnxpb.TensorProto_INT64,
	tensor.Float16: onnxpb.TensorProto_FLOAT16, tensor.Float32: onnxpb.TensorProto_FLOAT, tensor.Float64: onnxpb.TensorProto_DOUBLE,
}

// initializer holds t's data under name: raw_data is the elements
// little-endian, one byte per bool, as ONNX and our storage both lay
// them out.
func initializer(name string, t *tensor.Tensor) *onnxpb.TensorProto {
	return &onnxpb.TensorProto{
		Name:     proto.String(name),
		DataType: proto.Int32(int32(elemType(t.DType()))),
		Dims:     int64s(t.Shape()),
		RawData:  tensor.AppendStorage(nil, t),
	}
}

// valueInfo declares a value of static dtype and shape.
func valueInfo(name string, m tensor.Meta) *onnxpb.ValueInfoProto {
	dims := make([]*onnxpb.TensorShapeProto_Dimension, len(m.Shape))
	for i, d := range m.Shape {
		dims[i] = &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: int64(d)}}
	}
	return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{
		TensorType: &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(int32(elemType(m.DType))), Shape: &onnxpb.TensorShapeProto{Dim: dims}},
	}}}
}

func int64s(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

func intAttr(name string, v int) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(int64(v))}
}

func intsAttr(name string, v []int) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: int64s(v)}
}
