package ops

func init() {
	bprop(Add, 0, func(g *Grad) []Value {
		return []Value{g.Fit(g.Dout[0], 0), g.Fit(g.Dout[0], 1)}
	})
	bprop(Sub, 0, func(g *Grad) []Value {
		var dy Value
		if g.Wants(1) {
			dy = g.Fit(g.Neg(g.Dout[0]), 1)
		}
		return []Value{g.Fit(g.Dout[0], 0), dy}
	})
	bprop(Mul, UsesInputs, func(g *Grad) []Value {
		dx, dy := productGrads(g)
		return []Value{dx, dy}
	})
	// d(x/y) = dout/y for x and −(dout/y)·(x/y) for y: the quotient the
	// forward computed saves a division and a square.
	bprop(Div, UsesInputs|UsesOutputs, func(g *Grad) []Value {
		if !g.Wants(0) && !g.Wants(1) {
			return nil
		}
		q := g.Div(g.Dout[0], g.In[1])
		var dy Value
		if g.Wants(1) {
			dy = g.Fit(g.Neg(g.Mul(q, g.Out[0])), 1)
		}
		return []Value{g.Fit(q, 0), dy}
	})
	// x mod y = x − floor(x/y)·y, and floor(x/y) is constant between its
	// jumps.
	bprop(FloorMod, UsesInputs, func(g *Grad) []Value {
		var dy Value
		if g.Wants(1) {
			dy = g.Fit(g.Neg(g.Mul(g.Dout[0], g.Op(FloorDiv, nil, g.In[0], g.In[1]))), 1)
		}
		return []Value{g.Fit(g.Dout[0], 0), dy}
	})
	// Both operands are taken in the output's dtype, so that an integer or
	// bool exponent counts as the number it is (y − 1 on bools would be xor).
	// The exponent's gradient is out·log(x), and 0 where x is 0 as in torch:
	// the limit along positive x where y > 0, rather than NaN.
	bprop(Pow, UsesInputs|UsesOutputs, func(g *Grad) []Value {
		dt := g.Out[0].Meta().DType
		x, y, d := g.Cast(g.In[0], dt), g.Cast(g.In[1], dt), g.Dout[0]
		var dx, dy Value
		if g.Wants(0) {
			xym1 := g.Op(Pow, nil, x, g.Sub(y, g.Scalar(1, dt)))
			dx = g.Fit(g.Mul(d, g.Mul(y, xym1)), 0)
		}
		if g.Wants(1) {
			zero := g.Scalar(0, dt)
			logx := g.Op(Select, nil, g.Op(Equal, nil, x, zero), zero, g.Op(Log, nil, x))
			dy = g.Fit(g.Mul(d, g.Mul(g.Out[0], logx)), 1)
		}
		return []Value{dx, dy}
	})
	extremumBprop(Maximum, Greater)
	extremumBprop(Minimum, Less)
	// atan2(x, y) = atan(x/y): d/dx = y/(x²+y²), d/dy = −x/(x²+y²).
	bprop(Atan2, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) && !g.Wants(1) {
			return nil
		}
		dt := g.Out[0].Meta().DType
		x, y := g.Cast(g.In[0], dt), g.Cast(g.In[1], dt)
		r := g.Div(g.Dout[0], g.Add(g.Op(Square, nil, x), g.Op(Square, nil, y)))
		var dx, dy Value
		if g.Wants(0) {
			dx = g.Fit(g.Mul(r, y), 0)
		}
		if g.Wants(1) {
			dy = g.Fit(g.Neg(g.Mul(r, x)), 1)
		}
		return []Value{dx, dy}
	})
	constant(FloorDiv, BitwiseAnd, BitwiseOr, BitwiseXor, LeftShift, RightShift,
		LogicalAnd, LogicalOr, LogicalXor, LogicalNot,
		Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual)
}

// extremumBprop gives Maximum or Minimum its rule: the gradient goes to the
// operand that wins the comparison wins, split evenly between tied
// operands as every framework splits it. x's weights, 1, ½ or 0, come from
// comparisons rather than the sign of x − y, so that equal infinities tie
// too; y gets the rest of dout.
func extremumBprop(p, wins *Primitive) {
	bprop(p, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) && !g.Wants(1) {
			return nil
		}
		x, y, d := g.In[0], g.In[1], g.Dout[0]
		dt := d.Meta().DType
		w := g.Op(Select, nil, g.Op(Equal, nil, x, y), g.Scalar(0.5, dt),
			g.Op(Select, nil, g.Op(wins, nil, x, y), g.Scalar(1, dt), g.Scalar(0, dt)))
		dx := g.Mul(d, w)
		var dy Value
		if g.Wants(1) {
			dy = g.Fit(g.Sub(d, dx), 1)
		}
		return []Value{g.Fit(dx, 0), dy}
	})
}

// productGrads are the cotangents of the first two inputs of x·y, or of
// x·y + z.
func productGrads(g *Grad) (dx, dy Value) {
	x, y, d := g.In[0], g.In[1], g.Dout[0]
	if g.Wants(0) {
		dx = g.Fit(g.Mul(d, y), 0)
	}
	if g.Wants(1) {
		dy = g.Fit(g.Mul(d, x), 1)
	}
	return dx, dy
}
