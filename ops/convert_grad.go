package ops

func init() {
	// A cast's cotangent is dout cast back; Fit gives none to an integer or
	// bool input, through which no gradient flows.
	bprop(Cast, 0, func(g *Grad) []Value { return []Value{g.Fit(g.Dout[0], 0)} })
}
