package ops

import (
	"fmt"

	"msrepl/tensor"
)

// Gradient rules (Bprop) are written once, against a Builder only: the tape
// runs them eagerly, and graph mode runs the same rules with the graph
// builder, so that the backward becomes ordinary IR. A rule gets the forward
// application's inputs and outputs and the outputs' cotangents, and returns
// one cotangent per input, nil where none flows (integer and bool inputs,
// inputs whose gradient is not wanted, and non-differentiable primitives,
// whose gradient is zero everywhere it exists).
//
// Rules read the metas of every input and output, and the data only of
// those their primitive's BpropUses names, so that a tape keeps alive only
// what the backward needs.

// Uses says which of a primitive application's tensors its Bprop reads
// beyond their metas.
type Uses uint8

const (
	// UsesInputs: the rule reads the inputs' values.
	UsesInputs Uses = 1 << iota
	// UsesOutputs: the rule reads the outputs' values.
	UsesOutputs
	// NoGradient: the outputs are constant with respect to the inputs
	// (StopGradient, Floor, comparisons), so nothing need be recorded.
	NoGradient
)

// A Placeholder stands for a value whose meta is known but whose data was
// not kept, because the gradient rule reads only its meta.
type Placeholder tensor.Meta

// Meta returns the meta the placeholder stands for.
func (p Placeholder) Meta() tensor.Meta { return tensor.Meta(p) }

// Grad is one application of a gradient rule. A rule emits primitives
// through Op and friends; the first error stops the rest and is reported by
// Err, so that rules read as the formulas they are.
type Grad struct {
	B     Builder
	Prim  *Primitive
	Attrs Attrs
	// In and Out are the forward application's inputs and outputs
	// (Placeholders where BpropUses leaves them out), and Dout the
	// outputs' cotangents, none of them nil.
	In, Out, Dout []Value
	// Need says which inputs' gradients are wanted. Rules may skip the
	// work for the others; their results there are dropped.
	Need []bool
	err  error
}

// Err returns the first error a rule met.
func (g *Grad) Err() error { return g.err }

// Fail records an error for the rule, unless one is already recorded.
func (g *Grad) Fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// Wants reports whether input i's gradient is wanted and can exist: it is
// needed and a float.
func (g *Grad) Wants(i int) bool {
	return g.err == nil && i < len(g.Need) && g.Need[i] && g.In[i].Meta().DType.IsFloat()
}

// Ops applies p and returns its outputs, or nil once the rule has failed.
func (g *Grad) Ops(p *Primitive, attrs Attrs, args ...Value) []Value {
	if g.err != nil {
		return nil
	}
	for _, a := range args {
		if a == nil {
			g.Fail(fmt.Errorf("ops: the gradient rule of %s applied %s to a missing value", g.Prim.Name, p.Name))
			return nil
		}
	}
	out, err := g.B.Apply(p, attrs, args...)
	if err != nil {
		g.Fail(err)
		return nil
	}
	return out
}

// Op applies p, which has one output, and returns it.
func (g *Grad) Op(p *Primitive, attrs Attrs, args ...Value) Value {
	out := g.Ops(p, attrs, args...)
	if out == nil {
		return nil
	}
	return out[0]
}

// The arithmetic a rule spells most often.

func (g *Grad) Add(x, y Value) Value { return g.Op(Add, nil, x, y) }
func (g *Grad) Sub(x, y Value) Value { return g.Op(Sub, nil, x, y) }
func (g *Grad) Mul(x, y Value) Value { return g.Op(Mul, nil, x, y) }
func (g *Grad) Div(x, y Value) Value { return g.Op(Div, nil, x, y) }
func (g *Grad) Neg(x Value) Value    { return g.Op(Neg, nil, x) }

// Scalar is a 0-d constant v of dtype dt.
func (g *Grad) Scalar(v float64, dt tensor.DType) Value {
	return g.Op(Fill, Attrs{"shape": []int{}, "dtype": dt, "value": v})
}

// Like is a constant v of x's dtype, shaped as x is.
func (g *Grad) Like(x Value, v float64) Value {
	m := x.Meta()
	return g.Op(Fill, Attrs{"shape": []int(m.Shape), "dtype": m.DType, "value": v})
}

// Cast converts x to dtype dt, or returns it when it already is.
func (g *Grad) Cast(x Value, dt tensor.DType) Value {
	if x == nil || x.Meta().DType == dt {
		return x
	}
	return g.Op(Cast, Attrs{"dtype": dt}, x)
}

// Reshape gives x the shape s, or returns it when it already has it.
func (g *Grad) Reshape(x Value, s tensor.Shape) Value {
	if x == nil || x.Meta().Shape.Equal(s) {
		return x
	}
	return g.Op(Reshape, Attrs{"shape": []int(s.Clone())}, x)
}

// SumTo sums x over the axes along which shape was broadcast to x's
// shape, undoing a broadcast: the cotangent of a broadcast input.
func (g *Grad) SumTo(x Value, shape tensor.Shape) Value {
	if x == nil {
		return nil
	}
	xs := x.Meta().Shape
	if xs.Equal(shape) {
		return x
	}
	lead := len(xs) - len(shape)
	var axes []int
	for i := range xs {
		if i < lead || (shape[i-lead] == 1 && xs[i] != 1) {
			axes = append(axes, i)
		}
	}
	if len(axes) > 0 {
		x = g.Op(ReduceSum, Attrs{"axis": axes, "keep_dims": true}, x)
	}
	return g.Reshape(x, shape)
}

// Fit makes x the cotangent of input i: summed over the axes the input was
// broadcast along and cast to its dtype. It is nil when input i's
// gradient is not wanted.
func (g *Grad) Fit(x Value, i int) Value {
	if !g.Wants(i) || x == nil {
		return nil
	}
	m := g.In[i].Meta()
	return g.Cast(g.SumTo(x, m.Shape), m.DType)
}

// bprop gives p its gradient rule; each rule file calls it from init, so
// that the rules of a family of primitives read as one table.
func bprop(p *Primitive, uses Uses, rule func(g *Grad) []Value) {
	if p.Bprop != nil {
		panic("ops: primitive " + p.Name + " has two gradient rules")
	}
	p.Bprop, p.BpropUses = rule, uses
}

// Backprop runs p's gradient rule: the cotangents of in, given the
// forward application's outputs and their cotangents dout. Each cotangent
// has its input's meta, or is nil where none flows.
func (p *Primitive) Backprop(b Builder, attrs Attrs, in, out, dout []Value, need []bool) ([]Value, error) {
	if p.Bprop == nil {
		return nil, fmt.Errorf("ops: %s has no gradient rule", p.Name)
	}
	g := &Grad{B: b, Prim: p, Attrs: attrs, In: in, Out: out, Dout: dout, Need: need}
	grads := p.Bprop(g)
	if g.err != nil {
		return nil, g.err
	}
	res := make([]Value, len(in))
	for i, d := range grads {
		if d == nil || !g.Wants(i) {
			continue
		}
		if m, want := d.Meta(), in[i].Meta(); !m.Shape.Equal(want.Shape) || m.DType != want.DType {
			return nil, fmt.Errorf("ops: the gradient rule of %s gave input %d a %v %v cotangent for a %v %v input",
				p.Name, i, m.DType, m.Shape, want.DType, want.Shape)
		}
		res[i] = d
	}
	return res, nil
}

// constant declares primitives whose gradient is zero wherever it exists
// (Floor, Sign, comparisons) or that have no tensor inputs.
func constant(ps ...*Primitive) {
	for _, p := range ps {
		bprop(p, NoGradient, func(*Grad) []Value { return nil })
	}
}

// StopGradient is its input, through which no gradient flows: it shares
// the input's storage, and a tape does not record it.
var StopGradient = define(&Primitive{
	Name: "StopGradient",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("StopGradient", in, 1); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, in[0].Shape), nil
	},
	Eval: func(_ *Ctx, _ Attrs, in []*tensor.Tensor, _ []tensor.Meta) ([]*tensor.Tensor, error) {
		return []*tensor.Tensor{in[0].Reshape(in[0].Shape())}, nil
	},
})

func init() { constant(StopGradient) }
