package autodiff_test

import (
	"fmt"
	"strings"
	"testing"

	"msrepl/autodiff"
	"msrepl/ops"
	"msrepl/tensor"
)

// A node is a value of the inferring builder: a meta and the expression
// that made it, as a graph node is in graph mode.
type node struct {
	meta tensor.Meta
	expr string
}

func (n *node) Meta() tensor.Meta { return n.meta }

// inferBuilder applies primitives by inference alone and writes each
// application down: what the graph builder will do with the same rules.
type inferBuilder struct{ log []string }

func (b *inferBuilder) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	metas := make([]tensor.Meta, len(args))
	names := make([]string, len(args))
	for i, a := range args {
		metas[i] = a.Meta()
		names[i] = a.(*node).expr
	}
	out, err := p.Infer(attrs, metas)
	if err != nil {
		return nil, err
	}
	expr := fmt.Sprintf("%s(%s)", p.Name, strings.Join(names, ", "))
	b.log = append(b.log, expr)
	res := make([]ops.Value, len(out))
	for i, m := range out {
		res[i] = &node{m, expr}
	}
	return res, nil
}

// Backward runs over records it did not get from a tape, with values that
// hold no data, through a builder that only infers: the gradient of
// y = sin(x)·x comes out as the expression every framework writes.
func TestBackwardOverAbstractRecords(t *testing.T) {
	vec := tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{3}}
	x := &node{vec, "x"}
	s := &node{vec, "s"}
	y := &node{vec, "y"}
	recs := []autodiff.Record{
		{Prim: ops.Sin, In: []ops.Value{x}, Out: []ops.Value{s}, InIDs: []int{0}, OutIDs: []int{1}},
		{Prim: ops.Mul, In: []ops.Value{s, x}, Out: []ops.Value{y}, InIDs: []int{1, 0}, OutIDs: []int{2}},
	}
	b := &inferBuilder{}
	grads, err := autodiff.Backward(b, recs, 3, []autodiff.Seed{{ID: 2, Dout: &node{vec, "dy"}}}, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	got := grads[0].(*node).expr
	if want := "Add(Mul(dy, s), Mul(Mul(dy, x), Cos(x)))"; got != want {
		t.Errorf("dx = %s\nwant %s\nlog: %v", got, want, b.log)
	}
	if recs[0].Prim != nil || recs[1].Prim != nil {
		t.Errorf("records not released after the backward")
	}
}
