package ops

import "msrepl/tensor"

// A reduction's cotangent goes back over the reduced axes: dout, reshaped
// to the keep_dims shape, broadcasts against the input.

// reduction resolves the reduction g differentiates: its input's shape,
// the reduced axes and the keep_dims shape of its output.
func reduction(g *Grad) (x tensor.Shape, axes []int, kept tensor.Shape) {
	x = g.In[0].Meta().Shape
	axes, err := reduceAxes(g.Prim.Name, g.Attrs, len(x))
	if err != nil {
		g.Fail(err)
		return x, nil, x
	}
	return x, axes, reducedShape(x, axes, true)
}

// spread broadcasts v to shape, or returns it when it has that shape.
func spread(g *Grad, v Value, shape tensor.Shape) Value {
	if v == nil || v.Meta().Shape.Equal(shape) {
		return v
	}
	return g.Op(BroadcastTo, Attrs{"shape": []int(shape.Clone())}, v)
}

// keptSum sums v over axes, keeping them as size 1.
func keptSum(g *Grad, v Value, axes []int) Value {
	return g.Op(ReduceSum, Attrs{"axis": axes, "keep_dims": true}, v)
}

// extremumGrad is the rule of ReduceMax and ReduceMin: the elements equal
// to the result share its cotangent evenly, as in MindSpore and torch's
// amax, so that at a tie, where there is no derivative, no tied element is
// preferred.
func extremumGrad(g *Grad) []Value {
	if !g.Wants(0) {
		return nil
	}
	_, axes, kept := reduction(g)
	dt := g.Dout[0].Meta().DType
	hit := g.Cast(g.Op(Equal, nil, g.In[0], g.Reshape(g.Out[0], kept)), dt)
	share := g.Div(g.Reshape(g.Dout[0], kept), keptSum(g, hit, axes))
	return []Value{g.Fit(g.Mul(hit, share), 0)}
}

func init() {
	bprop(ReduceSum, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		x, _, kept := reduction(g)
		return []Value{g.Fit(spread(g, g.Reshape(g.Dout[0], kept), x), 0)}
	})
	bprop(ReduceMean, 0, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		x, axes, kept := reduction(g)
		count := 1
		for _, ax := range axes {
			count *= x[ax]
		}
		d := g.Div(g.Reshape(g.Dout[0], kept), g.Scalar(float64(count), g.Dout[0].Meta().DType))
		return []Value{g.Fit(spread(g, d, x), 0)}
	})
	bprop(ReduceMax, UsesInputs|UsesOutputs, extremumGrad)
	bprop(ReduceMin, UsesInputs|UsesOutputs, extremumGrad)

	// The derivative of a product by one of its factors is the product of
	// the others: out/x where x is not 0, read from the forward output so
	// that the rule's own derivative is right too. At a zero it is the
	// product of the non-zero factors times that of the other zeros,
	// which is 1 when there are none, the other zero when there is one and
	// 0 (with derivative 0) beyond: the masks of one and two zeros in the
	// slice spell that, so that second derivatives are exact at zeros as
	// well.
	bprop(ReduceProd, UsesInputs|UsesOutputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		_, axes, kept := reduction(g)
		x := g.In[0]
		dt := x.Meta().DType
		zero := g.Op(Equal, nil, x, g.Scalar(0, dt))
		count := keptSum(g, g.Cast(zero, dt), axes)
		has := func(n float64) Value { return g.Cast(g.Op(Equal, nil, count, g.Scalar(n, dt)), dt) }
		nonzero := g.Op(Select, nil, zero, g.Scalar(1, dt), x)
		rest := g.Op(ReduceProd, Attrs{"axis": axes, "keep_dims": true}, nonzero)
		zeros := g.Op(Select, nil, zero, x, g.Scalar(0, dt))
		otherZeros := g.Add(has(1), g.Mul(has(2), g.Sub(keptSum(g, zeros, axes), zeros)))
		others := g.Op(Select, nil, zero, g.Mul(rest, otherZeros), g.Div(g.Reshape(g.Out[0], kept), nonzero))
		return []Value{g.Fit(g.Mul(others, g.Reshape(g.Dout[0], kept)), 0)}
	})

	constant(ReduceAll, ReduceAny, Argmax, Argmin)
}
