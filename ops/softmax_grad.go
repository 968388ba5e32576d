package ops

func init() {
	// With y = softmax(x) along the axis, dx = y·(dout − Σ dout·y); with
	// y = log_softmax(x), dx = dout − exp(y)·Σ dout. Both read only y.
	bprop(Softmax, UsesOutputs, func(g *Grad) []Value {
		y, d := g.Out[0], g.Dout[0]
		s := softmaxSum(g, g.Mul(d, y))
		return []Value{g.Fit(g.Mul(y, g.Sub(d, s)), 0)}
	})
	bprop(LogSoftmax, UsesOutputs, func(g *Grad) []Value {
		y, d := g.Out[0], g.Dout[0]
		s := softmaxSum(g, d)
		return []Value{g.Fit(g.Sub(d, g.Mul(g.Op(Exp, nil, y), s)), 0)}
	})
}

// softmaxSum sums v along the axis of g's Softmax or LogSoftmax, keeping
// it, so that the sum broadcasts back along the line.
func softmaxSum(g *Grad, v Value) Value {
	if v == nil {
		return nil
	}
	axis, err := softmaxAxis(g.Prim.Name, g.Attrs, len(v.Meta().Shape))
	if err != nil {
		g.Fail(err)
		return nil
	}
	return g.Op(ReduceSum, Attrs{"axis": []int{axis}, "keep_dims": true}, v)
}
