// Package ops owns the primitives: for each tensor operation, one definition
// of its shape and dtype inference (Infer) and its evaluation on concrete
// tensors (Eval), and the Builder through which every caller applies them.
// Nothing outside ops computes on tensor data. ops does not know how a
// program runs (eagerly, taped, traced or as a graph): that is the Builder
// it is handed.
package ops

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"

	"msrepl/devices"
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// Attrs are a primitive application's non-tensor arguments: axes, flags,
// strides. Values are Go ints, floats, bools, strings, []int, tensor.DType or
// tensor.Shape. A nil Attrs has no attributes.
type Attrs map[string]any

// Symbolic reports whether an attribute holds a symbolic dim (a Reshape's
// shape in a graph compiled for many sizes).
func (a Attrs) Symbolic() bool {
	for _, v := range a {
		switch v := v.(type) {
		case int:
			if tensor.IsSymbolic(v) {
				return true
			}
		case []int:
			if tensor.Shape(v).Symbolic() {
				return true
			}
		case tensor.Shape:
			if v.Symbolic() {
				return true
			}
		}
	}
	return false
}

// Sized is a copy of a whose symbolic dims are replaced by their sizes in
// this run.
func (a Attrs) Sized(size func(dim int) int) Attrs {
	out := make(Attrs, len(a))
	dims := func(ds []int) []int {
		sized := make([]int, len(ds))
		for i, d := range ds {
			sized[i] = size(d)
		}
		return sized
	}
	for k, v := range a {
		switch x := v.(type) {
		case int:
			if tensor.IsSymbolic(x) {
				v = size(x)
			}
		case []int:
			v = dims(x)
		case tensor.Shape:
			v = tensor.Shape(dims(x))
		}
		out[k] = v
	}
	return out
}

// Int returns attribute name as an int, or def when it is absent.
func (a Attrs) Int(name string, def int) int {
	if v, ok := a[name].(int); ok {
		return v
	}
	return def
}

// Bool returns attribute name as a bool, or def when it is absent.
func (a Attrs) Bool(name string, def bool) bool {
	if v, ok := a[name].(bool); ok {
		return v
	}
	return def
}

// Float returns attribute name as a float64, or def when it is absent.
func (a Attrs) Float(name string, def float64) float64 {
	if v, ok := a[name].(float64); ok {
		return v
	}
	return def
}

// Ints returns attribute name as a []int, or nil when it is absent.
func (a Attrs) Ints(name string) []int {
	v, _ := a[name].([]int)
	return v
}

// String returns attribute name as a string, or def when it is absent.
func (a Attrs) String(name, def string) string {
	if v, ok := a[name].(string); ok {
		return v
	}
	return def
}

// A Value is what a Builder's primitives take and give: a concrete tensor
// for the eager builder, a graph node for the graph builder. Inference sees
// only its Meta.
type Value interface {
	Meta() tensor.Meta
}

// A Primitive is one tensor operation.
type Primitive struct {
	// Name is MindSpore's primitive name ("MatMul"), used in errors and IR.
	Name string
	// Infer gives the outputs' dtypes and shapes from the inputs', or an
	// error in MindSpore's words ("For 'MatMul', ...").
	Infer func(attrs Attrs, in []tensor.Meta) ([]tensor.Meta, error)
	// Eval computes the outputs, whose metas Infer gave, from concrete
	// inputs. It allocates through ctx, so that an executor can hand it
	// planned memory, and may return an input's storage reshaped.
	Eval func(ctx *Ctx, attrs Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error)
	// Bprop is the gradient rule (grad.go): the inputs' cotangents from
	// the outputs'. BpropUses says which tensors it reads beyond metas.
	Bprop     func(g *Grad) []Value
	BpropUses Uses
	// Stateful primitives read or change state beyond their inputs:
	// random draws, in-place updates. Graph passes never merge, fold or
	// drop their applications.
	Stateful bool
	// Escapes primitives hand their inputs to code outside the graph,
	// which may keep them, and return what that code made (PyExecute):
	// a memory plan never gives their buffers back early.
	Escapes bool
	// Pointwise, when set, says the primitive is elementwise on floats
	// and how a fused program computes it: graph mode fuses chains of
	// such applications into one blockwise step (Fuse).
	Pointwise *cpu.Pointwise
	// Unary and Binary, when set, are the rules of a primitive of one or
	// two tensors in and one out, without slices: Eager.Run1 calls them
	// so that an operation on a small tensor, in PyNative, allocates no
	// slice for its inputs, their metas or its output (four of the seven
	// allocations such an operation made). define derives Infer and Eval
	// from them.
	Unary  *UnaryRules
	Binary *BinaryRules
	// Updates primitives give, as their first output, the new value of
	// their first input, a Parameter: ApplyGradientDescent writes it in
	// place and returns it, Assign returns a copy of the value. In a
	// graph, later readers of the Parameter read the output, and the
	// graph's last value of it becomes the Parameter's data when the
	// graph has run.
	Updates bool
}

func (p *Primitive) String() string { return p.Name }

// UnaryRules are Infer and Eval for one tensor in and one out.
type UnaryRules struct {
	Infer func(attrs Attrs, x tensor.Meta) (tensor.Meta, error)
	Eval  func(ctx *Ctx, attrs Attrs, x *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error)
}

// BinaryRules are Infer and Eval for two tensors in and one out.
type BinaryRules struct {
	Infer func(attrs Attrs, x, y tensor.Meta) (tensor.Meta, error)
	Eval  func(ctx *Ctx, attrs Attrs, x, y *tensor.Tensor, out tensor.Meta) (*tensor.Tensor, error)
}

// sliceRules sets p's Infer and Eval from its Unary or Binary rules.
func (p *Primitive) sliceRules() {
	switch {
	case p.Unary != nil:
		u := p.Unary
		p.Infer = func(attrs Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(p.Name, in, 1); err != nil {
				return nil, err
			}
			m, err := u.Infer(attrs, in[0])
			return []tensor.Meta{m}, err
		}
		p.Eval = func(ctx *Ctx, attrs Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := u.Eval(ctx, attrs, in[0], out[0])
			return []*tensor.Tensor{z}, err
		}
	case p.Binary != nil:
		b := p.Binary
		p.Infer = func(attrs Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(p.Name, in, 2); err != nil {
				return nil, err
			}
			m, err := b.Infer(attrs, in[0], in[1])
			return []tensor.Meta{m}, err
		}
		p.Eval = func(ctx *Ctx, attrs Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := b.Eval(ctx, attrs, in[0], in[1], out[0])
			return []*tensor.Tensor{z}, err
		}
	}
}

// A Builder applies primitives. Which builder code is handed decides whether
// it runs eagerly, is recorded for gradients, or becomes a graph.
type Builder interface {
	Apply(p *Primitive, attrs Attrs, args ...Value) ([]Value, error)
}

// Ctx is what Eval needs from the world: the device, cancellation and the
// random stream.
type Ctx struct {
	Dev     devices.Device
	Context context.Context
	Rand    *rand.Rand
	// Print is where the Print primitive writes; nil discards.
	Print func(text string)
}

// Alloc returns a zeroed tensor of the given meta on the context's device.
func (c *Ctx) Alloc(m tensor.Meta) (*tensor.Tensor, error) {
	return tensor.New(c.Dev, m.DType, m.Shape)
}

// AllocOutput returns a tensor of the given meta whose elements are
// unspecified: for outputs that the kernel writes whole, which spares
// clearing memory the device recycled.
func (c *Ctx) AllocOutput(m tensor.Meta) (*tensor.Tensor, error) {
	return tensor.NewUninit(c.Dev, m.DType, m.Shape)
}

// Canceled reports the context's error, if it was canceled; kernels call
// it between blocks of work.
func (c *Ctx) Canceled() error {
	if c.Context == nil {
		return nil
	}
	return c.Context.Err()
}

// Eager is the builder of PyNative: it infers, then evaluates at once.
type Eager struct {
	Ctx *Ctx
}

// Apply runs p on concrete tensors.
func (e *Eager) Apply(p *Primitive, attrs Attrs, args ...Value) ([]Value, error) {
	in := make([]*tensor.Tensor, len(args))
	for i, a := range args {
		t, ok := a.(*tensor.Tensor)
		if !ok {
			return nil, fmt.Errorf("ops: eager %s got a %T, not a tensor", p.Name, a)
		}
		in[i] = t
	}
	out, err := e.Run(p, attrs, in)
	if err != nil {
		return nil, err
	}
	res := make([]Value, len(out))
	for i, t := range out {
		res[i] = t
	}
	return res, nil
}

// Run is Apply for a caller that holds tensors: nothing is boxed, and
// the outputs are Eval's own slice. PyNative calls it for every
// operation, where each allocation shows.
func (e *Eager) Run(p *Primitive, attrs Attrs, in []*tensor.Tensor) ([]*tensor.Tensor, error) {
	metas := make([]tensor.Meta, len(in))
	for i, t := range in {
		if t.Abstract() {
			return nil, abstractInput(p)
		}
		metas[i] = t.Meta()
	}
	outMeta, err := p.Infer(attrs, metas)
	if err != nil {
		return nil, err
	}
	out, err := p.Eval(e.Ctx, attrs, in, outMeta)
	// Kernels read the inputs through slices of their buffers, which do
	// not keep the buffers alive, and a device may reuse a dead buffer's
	// memory for the next allocation: the inputs must outlive Eval.
	runtime.KeepAlive(in)
	if err != nil {
		return nil, err
	}
	for _, t := range out {
		if t.DType() == tensor.Float16 {
			roundFloat16(t)
		}
	}
	return out, nil
}

// Run1 is Run for a caller that wants the first output only. A primitive
// with Unary or Binary rules runs through them: no slice is allocated,
// and in does not escape.
func (e *Eager) Run1(p *Primitive, attrs Attrs, in ...*tensor.Tensor) (*tensor.Tensor, error) {
	var out *tensor.Tensor
	var err error
	switch {
	case p.Unary != nil && len(in) == 1:
		x := in[0]
		if x.Abstract() {
			return nil, abstractInput(p)
		}
		var m tensor.Meta
		if m, err = p.Unary.Infer(attrs, x.Meta()); err != nil {
			return nil, err
		}
		out, err = p.Unary.Eval(e.Ctx, attrs, x, m)
		runtime.KeepAlive(x) // as in Run
	case p.Binary != nil && len(in) == 2:
		x, y := in[0], in[1]
		if x.Abstract() || y.Abstract() {
			return nil, abstractInput(p)
		}
		var m tensor.Meta
		if m, err = p.Binary.Infer(attrs, x.Meta(), y.Meta()); err != nil {
			return nil, err
		}
		out, err = p.Binary.Eval(e.Ctx, attrs, x, y, m)
		runtime.KeepAlive(x)
		runtime.KeepAlive(y)
	default:
		outs, err := e.Run(p, attrs, slices.Clone(in))
		if err != nil {
			return nil, err
		}
		return outs[0], nil
	}
	if err != nil {
		return nil, err
	}
	if out.DType() == tensor.Float16 {
		roundFloat16(out)
	}
	return out, nil
}

func abstractInput(p *Primitive) error {
	return Errorf(TypeError, p.Name, "an input is a Tensor without data (an input signature, or a value of a graph being compiled), which cannot be computed with")
}

// roundFloat16 brings a float16 tensor's widened storage back to float16
// values after a kernel computed in float32.
func roundFloat16(t *tensor.Tensor) {
	d := tensor.Elems[float32](t)
	for i, x := range d {
		d[i] = tensor.RoundFloat16(float64(x))
	}
}
