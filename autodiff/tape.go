package autodiff

import (
	"fmt"
	"weak"

	"msrepl/ops"
	"msrepl/tensor"
)

// A Tape is the builder of differentiated PyNative code. It evaluates
// through the builder beneath it and records an application only when one
// of its inputs needs a gradient: a watched variable, or a float output of
// an earlier record.
//
// Tapes nest for higher-order gradients: the tape of an inner grad sits on
// the tape of the outer one, and the inner backward runs through the outer
// tape, which records it.
//
// A tape knows its values by weak pointers, so that an intermediate the
// backward does not read is freed as soon as the program drops it; records
// keep only what their rules read (ops.Uses).
type Tape struct {
	inner ops.Builder
	ids   map[weak.Pointer[tensor.Tensor]]int
	recs  []Record
	n     int
	// Retain keeps the records through Gradient, so that the backward can
	// run again with other cotangents (vjp's function, Jacobians), at the
	// cost of holding what the rules read until the tape is dropped.
	Retain bool
}

// NewTape returns a tape that evaluates through inner.
func NewTape(inner ops.Builder) *Tape {
	return &Tape{inner: inner, ids: map[weak.Pointer[tensor.Tensor]]int{}}
}

// Inner is the builder the tape evaluates through.
func (t *Tape) Inner() ops.Builder { return t.inner }

// Watch makes v a variable, so that gradients flow to it, and returns its
// id. A value watched twice keeps its first id.
func (t *Tape) Watch(v *tensor.Tensor) int {
	if id := t.ID(v); id >= 0 {
		return id
	}
	return t.newID(v)
}

func (t *Tape) newID(v *tensor.Tensor) int {
	t.ids[weak.Make(v)] = t.n
	t.n++
	return t.n - 1
}

// Alias makes v the same variable as of, whose value it holds (a bytecode
// capture's tensor realized with a graph's result): a cotangent of v is
// one of of's.
func (t *Tape) Alias(v, of *tensor.Tensor) {
	if id := t.ID(of); id >= 0 {
		t.ids[weak.Make(v)] = id
	}
}

// ID returns the id of a value gradients flow to, or -1.
func (t *Tape) ID(v ops.Value) int {
	x, ok := v.(*tensor.Tensor)
	if !ok || x == nil {
		return -1
	}
	if id, ok := t.ids[weak.Make(x)]; ok {
		return id
	}
	return -1
}

// Apply evaluates p through the inner builder and records it when an input
// needs a gradient.
// MarkForward passes the mark to the builder under the tape, so that a
// second-order backward taped over a graph's builder still names forward
// nodes.
func (t *Tape) MarkForward(out ops.Value) {
	if f, ok := t.inner.(ForwardMarker); ok {
		f.MarkForward(out)
	}
}

func (t *Tape) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	out, err := t.inner.Apply(p, attrs, args...)
	if err != nil || p.BpropUses&ops.NoGradient != 0 {
		return out, err
	}
	if err := t.Record(p, attrs, args, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Record adds an application whose outputs were computed elsewhere, as a
// Cell with its own bprop is, when one of its inputs needs a gradient.
func (t *Tape) Record(p *ops.Primitive, attrs ops.Attrs, in, out []ops.Value) error {
	var inIDs []int
	for i, a := range in {
		if id := t.ID(a); id >= 0 {
			if inIDs == nil {
				inIDs = make([]int, len(in))
				for j := range i {
					inIDs[j] = -1
				}
			}
			inIDs[i] = id
		} else if inIDs != nil {
			inIDs[i] = -1
		}
	}
	if inIDs == nil {
		return nil
	}
	if p.Bprop == nil {
		return fmt.Errorf("ops: %s has no gradient rule", p.Name)
	}
	outIDs := make([]int, len(out))
	for i, o := range out {
		outIDs[i] = -1
		if x, ok := o.(*tensor.Tensor); ok && x.DType().IsFloat() {
			outIDs[i] = t.newID(x)
		}
	}
	r := Record{
		Prim: p, Attrs: attrs, InIDs: inIDs, OutIDs: outIDs,
		In:  kept(in, p.BpropUses&ops.UsesInputs != 0),
		Out: kept(out, p.BpropUses&ops.UsesOutputs != 0),
	}
	if _, marks := t.inner.(ForwardMarker); marks && len(out) > 0 {
		r.Forward = out[0]
	}
	t.recs = append(t.recs, r)
	return nil
}

// kept is vs, or placeholders for them when the rule reads only metas.
func kept(vs []ops.Value, keep bool) []ops.Value {
	if keep {
		return vs
	}
	ps := make([]ops.Value, len(vs))
	for i, v := range vs {
		ps[i] = ops.Placeholder(v.Meta())
	}
	return ps
}

// Gradient runs the backward of everything recorded, through b, from the
// outputs outs with cotangents douts to the values wrt, and returns their
// cotangents: nil for a value no gradient reached. The tape is spent,
// unless Retain is set.
func (t *Tape) Gradient(b ops.Builder, outs, douts, wrt []ops.Value) ([]ops.Value, error) {
	var seeds []Seed
	for i, o := range outs {
		if id := t.ID(o); id >= 0 {
			seeds = append(seeds, Seed{ID: id, Dout: douts[i]})
		}
	}
	ids := make([]int, len(wrt))
	for i, w := range wrt {
		ids[i] = t.ID(w)
	}
	// Values no gradient reaches ask for a slot that stays empty.
	slot := t.n
	for i, id := range ids {
		if id < 0 {
			ids[i] = slot
		}
	}
	recs := t.recs
	if t.Retain {
		// Backward releases the records as it goes: give it a copy.
		recs = append([]Record(nil), recs...)
	} else {
		t.recs, t.ids = nil, nil
	}
	return Backward(b, recs, slot+1, seeds, ids)
}
