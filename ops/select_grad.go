package ops

func init() {
	// dout goes to x where cond holds and to y elsewhere; the condition,
	// a bool, gets none.
	bprop(Select, UsesInputs, func(g *Grad) []Value {
		cond, d := g.In[0], g.Dout[0]
		zero := g.Scalar(0, d.Meta().DType)
		var dx, dy Value
		if g.Wants(1) {
			dx = g.Fit(g.Op(Select, nil, cond, d, zero), 1)
		}
		if g.Wants(2) {
			dy = g.Fit(g.Op(Select, nil, cond, zero, d), 2)
		}
		return []Value{nil, dx, dy}
	})
}
