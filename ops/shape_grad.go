package ops

// The shape primitives move elements without computing on them, so each
// cotangent moves dout's elements back: the inverse rearrangement, summing
// where the forward copied one element to several places.

// reshapeBack is the rule of the primitives that only change the shape.
func reshapeBack(g *Grad) []Value {
	return []Value{g.Fit(g.Reshape(g.Dout[0], g.In[0].Meta().Shape), 0)}
}

func init() {
	bprop(Identity, 0, func(g *Grad) []Value { return []Value{g.Fit(g.Dout[0], 0)} })
	bprop(Reshape, 0, reshapeBack)
	bprop(ExpandDims, 0, reshapeBack)
	bprop(Squeeze, 0, reshapeBack)
	bprop(Flatten, 0, reshapeBack)

	bprop(Transpose, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		perm, err := permOf(g.Attrs, g.In[0].Meta().Shape)
		if err != nil {
			g.Fail(err)
			return nil
		}
		inv := make([]int, len(perm))
		for i, p := range perm {
			inv[p] = i
		}
		return []Value{g.Fit(g.Op(Transpose, Attrs{"perm": inv}, g.Dout[0]), 0)}
	})

	// Fit sums over the axes the input was broadcast along.
	bprop(BroadcastTo, 0, func(g *Grad) []Value { return []Value{g.Fit(g.Dout[0], 0)} })

	bprop(Tile, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		x := g.In[0].Meta().Shape
		px, reps, err := tileOf(g.Attrs, x)
		if err != nil {
			g.Fail(err)
			return nil
		}
		// dout viewed as (reps0, x0, reps1, x1, …) sums over the
		// repetition axes.
		view := make([]int, 0, 2*len(px))
		var axes []int
		for i := range px {
			if reps[i] != 1 {
				axes = append(axes, len(view))
			}
			view = append(view, reps[i], px[i])
		}
		d := g.Dout[0]
		if len(axes) > 0 {
			d = keptSum(g, g.Reshape(d, view), axes)
		}
		return []Value{g.Fit(g.Reshape(d, x), 0)}
	})

	bprop(Concat, 0, func(g *Grad) []Value {
		want := false
		for i := range g.In {
			want = want || g.Wants(i)
		}
		if !want {
			return nil
		}
		rank := len(g.In[0].Meta().Shape)
		axis, err := axisIn("Concat", "axis", g.Attrs.Int("axis", 0), rank)
		if err != nil {
			g.Fail(err)
			return nil
		}
		sizes := make([]int, len(g.In))
		for i, x := range g.In {
			sizes[i] = x.Meta().Shape[axis]
		}
		parts := g.Ops(Split, Attrs{"axis": axis, "sizes": sizes}, g.Dout[0])
		if parts == nil {
			return nil
		}
		for i, p := range parts {
			parts[i] = g.Fit(p, i)
		}
		return parts
	})

	bprop(Stack, 0, func(g *Grad) []Value {
		want := false
		for i := range g.In {
			want = want || g.Wants(i)
		}
		if !want {
			return nil
		}
		x := g.In[0].Meta().Shape
		axis, err := axisIn("Stack", "axis", g.Attrs.Int("axis", 0), len(x)+1)
		if err != nil {
			g.Fail(err)
			return nil
		}
		parts := g.Ops(Split, Attrs{"axis": axis, "output_num": len(g.In)}, g.Dout[0])
		if parts == nil {
			return nil
		}
		grads := make([]Value, len(parts))
		for i, p := range parts {
			if g.Wants(i) {
				grads[i] = g.Fit(g.Reshape(p, x), i)
			}
		}
		return grads
	})

	// Every output of Split has a cotangent, zeros for the unused ones.
	bprop(Split, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		axis, _, err := splitOf(g.Attrs, g.In[0].Meta().Shape)
		if err != nil {
			g.Fail(err)
			return nil
		}
		return []Value{g.Fit(g.Op(Concat, Attrs{"axis": axis}, g.Dout...), 0)}
	})

	constant(Fill, Range, ZerosLike, OnesLike)
}
