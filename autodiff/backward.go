// Package autodiff owns reverse-mode differentiation: one algorithm over a
// list of records, emitting the backward through a Builder, and the tape
// builder that makes such a list from PyNative execution. The algorithm
// does not know where its records came from (a tape, or a graph's nodes in
// topological order) nor what its values are (tensors, or IR nodes); it
// applies primitives' gradient rules and nothing else. It must not compute
// on tensor data or know the interpreter.
package autodiff

import (
	"fmt"

	"msrepl/ops"
)

// A Record is one primitive application in execution order. Values that
// gradients flow through have ids, dense from 0; an id of -1 marks a value
// no gradient flows to (a constant, an integer).
type Record struct {
	Prim  *ops.Primitive
	Attrs ops.Attrs
	// In and Out are what the primitive's gradient rule may read: values
	// for those its BpropUses names, ops.Placeholders for the rest.
	In, Out       []ops.Value
	InIDs, OutIDs []int
	// Forward is the first output as applied, kept when the tape's builder
	// is a ForwardMarker (abstract values, which hold no data); else Out's
	// first value is marked.
	Forward ops.Value
}

// A ForwardMarker is a builder that records, on what a gradient rule
// emits, the forward value the rule serves (a graph's builders: the
// backward nodes of a graph name their forward nodes). Backward marks each
// record's first output while its rule runs, and nil at the end.
type ForwardMarker interface {
	MarkForward(out ops.Value)
}

// A Seed starts the backward: the cotangent Dout of the value with id ID.
type Seed struct {
	ID   int
	Dout ops.Value
}

// Backward runs reverse mode over recs, applying gradient rules through b,
// from the seeds to the values with ids wrt, and returns their cotangents,
// nil for a value no gradient reached. ids are below n. It releases each
// record, and each cotangent, as soon as nothing later needs it, so that a
// tape's memory goes back while the backward runs.
func Backward(b ops.Builder, recs []Record, n int, seeds []Seed, wrt []int) ([]ops.Value, error) {
	if f, ok := b.(ForwardMarker); ok {
		defer f.MarkForward(nil)
	}
	ct := make([]ops.Value, n)
	keep := make([]bool, n)
	for _, id := range wrt {
		keep[id] = true
	}
	accumulate := func(id int, d ops.Value) error {
		if ct[id] == nil {
			ct[id] = d
			return nil
		}
		sum, err := b.Apply(ops.Add, nil, ct[id], d)
		if err != nil {
			return err
		}
		ct[id] = sum[0]
		return nil
	}
	for _, s := range seeds {
		if err := accumulate(s.ID, s.Dout); err != nil {
			return nil, err
		}
	}
	for i := len(recs) - 1; i >= 0; i-- {
		r := &recs[i]
		dout, reached, err := cotangents(b, r, ct)
		if err != nil {
			return nil, err
		}
		if reached {
			for _, id := range r.OutIDs {
				if id >= 0 && !keep[id] {
					ct[id] = nil
				}
			}
			need := make([]bool, len(r.InIDs))
			for j, id := range r.InIDs {
				need[j] = id >= 0
			}
			if f, ok := b.(ForwardMarker); ok {
				fwd := r.Forward
				if fwd == nil && len(r.Out) > 0 {
					fwd = r.Out[0]
				}
				f.MarkForward(fwd)
			}
			grads, err := r.Prim.Backprop(b, r.Attrs, r.In, r.Out, dout, need)
			if err != nil {
				return nil, err
			}
			for j, d := range grads {
				if d != nil {
					if err := accumulate(r.InIDs[j], d); err != nil {
						return nil, err
					}
				}
			}
		}
		*r = Record{}
	}
	res := make([]ops.Value, len(wrt))
	for i, id := range wrt {
		res[i] = ct[id]
	}
	return res, nil
}

// cotangents collects a record's output cotangents, with zeros for outputs
// that got none, and reports whether any got one.
func cotangents(b ops.Builder, r *Record, ct []ops.Value) ([]ops.Value, bool, error) {
	reached := false
	for _, id := range r.OutIDs {
		if id >= 0 && ct[id] != nil {
			reached = true
		}
	}
	if !reached {
		return nil, false, nil
	}
	dout := make([]ops.Value, len(r.Out))
	for j, id := range r.OutIDs {
		if id >= 0 && ct[id] != nil {
			dout[j] = ct[id]
			continue
		}
		m := r.Out[j].Meta()
		z, err := b.Apply(ops.Fill, ops.Attrs{"shape": []int(m.Shape), "dtype": m.DType, "value": 0})
		if err != nil {
			return nil, false, fmt.Errorf("autodiff: zeros for an unused output of %s: %w", r.Prim.Name, err)
		}
		dout[j] = z[0]
	}
	return dout, true, nil
}
