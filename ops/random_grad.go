package ops

func init() {
	// Dropout's y is x·mask/keep_prob with the mask drawn independently of
	// x, so dx is dout·mask/keep_prob, and the mask output passes nothing
	// back.
	bprop(Dropout, UsesOutputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		mask := g.Out[1]
		if keep := randomFloat(g.Attrs, "keep_prob", 0.5); keep != 1 {
			mask = mulScalar(g, mask, 1/keep)
		}
		return []Value{g.Fit(g.Mul(g.Dout[0], mask), 0)}
	})
	constant(StandardNormal, UniformReal)
}
