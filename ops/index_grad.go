package ops

import "msrepl/tensor"

// The cotangent of a read is dout written back where the elements came
// from, adding where one element was read several times; the cotangent of
// a write is dout with the written positions zeroed for x, and dout read
// at them for the value written.

// zerosShaped is a zero tensor of the given shape and dtype.
func zerosShaped(g *Grad, shape tensor.Shape, dt tensor.DType) Value {
	return g.Op(Fill, Attrs{"shape": []int(shape.Clone()), "dtype": dt, "value": 0})
}

// assignedSum is the cotangent of a value written with numpy's assignment
// broadcasting (assignStrides), which lets the value have leading size-1
// dims beyond the target's rank: v, the cotangent of the broadcast value,
// summed back to shape.
func assignedSum(g *Grad, v Value, shape tensor.Shape) Value {
	if v == nil {
		return nil
	}
	core := shape
	for len(core) > len(v.Meta().Shape) && core[0] == 1 {
		core = core[1:]
	}
	return g.Reshape(g.SumTo(v, core), shape)
}

func init() {
	// TensorCopySlices with StridedSlice's attributes writes dout to the
	// view it read; the view's shape, new axes included, is dout's.
	bprop(StridedSlice, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		d := g.Dout[0]
		zeros := zerosShaped(g, g.In[0].Meta().Shape, d.Meta().DType)
		return []Value{g.Fit(g.Op(TensorCopySlices, g.Attrs, zeros, d), 0)}
	})
	bprop(TensorCopySlices, 0, func(g *Grad) []Value {
		d := g.Dout[0]
		var dx, dv Value
		if g.Wants(0) {
			dx = g.Fit(g.Op(TensorCopySlices, g.Attrs, d, g.Scalar(0, d.Meta().DType)), 0)
		}
		if g.Wants(1) {
			dv = g.Fit(assignedSum(g, g.Op(StridedSlice, g.Attrs, d), g.In[1].Meta().Shape), 1)
		}
		return []Value{dx, dv}
	})

	// Gather along axis a is GatherNd along axis 0 once the axis is
	// moved to the front, so its cotangent is TensorScatterAdd there:
	// dout's index axes go to the front, and the result's first axis back
	// to a.
	bprop(Gather, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		p := g.In[0].Meta().Shape
		idx := g.In[1]
		r := len(idx.Meta().Shape)
		axis, err := axisIn("Gather", "axis", g.Attrs.Int("axis", 0), len(p))
		if err != nil {
			g.Fail(err)
			return nil
		}
		d := g.Dout[0]
		if axis > 0 && r > 0 {
			perm := make([]int, 0, len(p)-1+r)
			for i := range r {
				perm = append(perm, axis+i)
			}
			for i := range axis {
				perm = append(perm, i)
			}
			for i := axis + r; i < len(p)-1+r; i++ {
				perm = append(perm, i)
			}
			d = g.Op(Transpose, Attrs{"perm": perm}, d)
		}
		front := append(append(tensor.Shape{p[axis]}, p[:axis]...), p[axis+1:]...)
		zeros := zerosShaped(g, front, g.Dout[0].Meta().DType)
		dx := g.Op(TensorScatterAdd, nil, zeros, g.Op(ExpandDims, Attrs{"axis": -1}, idx), d)
		if axis > 0 {
			perm := make([]int, 0, len(p))
			for i := range axis {
				perm = append(perm, i+1)
			}
			perm = append(perm, 0)
			for i := axis + 1; i < len(p); i++ {
				perm = append(perm, i)
			}
			dx = g.Op(Transpose, Attrs{"perm": perm}, dx)
		}
		return []Value{g.Fit(dx, 0), nil}
	})
	bprop(GatherNd, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		d := g.Dout[0]
		zeros := zerosShaped(g, g.In[0].Meta().Shape, d.Meta().DType)
		return []Value{g.Fit(g.Op(TensorScatterAdd, nil, zeros, g.In[1], d), 0), nil}
	})
	bprop(TensorScatterAdd, UsesInputs, func(g *Grad) []Value {
		d := g.Dout[0]
		var du Value
		if g.Wants(2) {
			du = g.Fit(g.Op(GatherNd, nil, d, g.In[1]), 2)
		}
		return []Value{g.Fit(d, 0), nil, du}
	})

	// When index rows repeat, the last row's update is the one written,
	// so only it gets a cotangent: each row learns whether it won by
	// scattering the rows' numbers the way the updates were scattered and
	// reading back which number stayed.
	bprop(TensorScatterUpdate, UsesInputs, func(g *Grad) []Value {
		x, idx, upd := g.In[0].Meta(), g.In[1], g.In[2].Meta()
		d := g.Dout[0]
		dt := d.Meta().DType
		var dx, du Value
		if g.Wants(0) {
			dx = g.Fit(g.Op(TensorScatterUpdate, nil, d, idx, zerosShaped(g, upd.Shape, dt)), 0)
		}
		if g.Wants(2) {
			is := idx.Meta().Shape
			k, rows := is[len(is)-1], is[:len(is)-1]
			ids := g.Reshape(g.Op(Range, Attrs{"start": 0, "limit": rows.Size(), "delta": 1}), rows)
			unset := g.Op(Fill, Attrs{"shape": []int(x.Shape[:k].Clone()), "dtype": tensor.Int64, "value": -1})
			last := g.Op(TensorScatterUpdate, nil, unset, idx, ids)
			won := g.Op(Equal, nil, g.Op(GatherNd, nil, last, idx), ids)
			wonShape := rows.Clone()
			for range len(x.Shape) - k {
				wonShape = append(wonShape, 1)
			}
			read := g.Op(GatherNd, nil, d, idx)
			du = g.Fit(g.Op(Select, nil, g.Reshape(won, wonShape), read, g.Scalar(0, dt)), 2)
		}
		return []Value{dx, nil, du}
	})

	bprop(MaskedSelect, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		mask, d := g.In[1], g.Dout[0]
		shape, err := BroadcastShape("MaskedSelect", g.In[0].Meta().Shape, mask.Meta().Shape)
		if err != nil {
			g.Fail(err)
			return nil
		}
		dx := g.Op(MaskedScatter, nil, zerosShaped(g, shape, d.Meta().DType), mask, d)
		return []Value{g.Fit(dx, 0), nil}
	})
	bprop(MaskedFill, UsesInputs, func(g *Grad) []Value {
		mask, d := g.In[1], g.Dout[0]
		zero := g.Scalar(0, d.Meta().DType)
		var dx, dv Value
		if g.Wants(0) {
			dx = g.Fit(g.Op(MaskedFill, nil, d, mask, zero), 0)
		}
		if g.Wants(2) {
			dv = g.Fit(assignedSum(g, g.Op(Select, nil, mask, d, zero), g.In[2].Meta().Shape), 2)
		}
		return []Value{dx, nil, dv}
	})

	// The updates MaskedScatter reads are the first n of its updates, n
	// the number of true elements of the broadcast mask: the first n
	// elements of the updates' cotangent are dout at the true elements,
	// written through a mask that is true at the positions below n (its
	// count taken from the selection, so that the rule does not read
	// data).
	bprop(MaskedScatter, UsesInputs, func(g *Grad) []Value {
		mask, d := g.In[1], g.Dout[0]
		dt := d.Meta().DType
		var dx, du Value
		if g.Wants(0) {
			dx = g.Fit(g.Op(MaskedFill, nil, d, mask, g.Scalar(0, dt)), 0)
		}
		if g.Wants(2) {
			upd := g.In[2].Meta().Shape
			sel := g.Op(MaskedSelect, nil, d, mask)
			n := g.Cast(g.Op(ReduceSum, nil, g.Op(OnesLike, nil, sel)), tensor.Int64)
			first := g.Op(Less, nil, g.Op(Range, Attrs{"start": 0, "limit": upd.Size(), "delta": 1}), n)
			flat := g.Op(MaskedScatter, nil, zerosShaped(g, tensor.Shape{upd.Size()}, dt), first, sel)
			du = g.Fit(g.Reshape(flat, upd), 2)
		}
		return []Value{dx, nil, du}
	})

	// OneHot's on and off values are attributes: its one input is integer.
	constant(OneHot)
}
