package ops

import "math"

func init() {
	unaryBprop(Neg, 0, func(g *Grad, x, y, d Value) Value { return g.Neg(d) })
	// abs'(0) = 0, which sign gives.
	unaryBprop(Abs, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, g.Op(Sign, nil, x)) })
	unaryBprop(Square, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, mulScalar(g, x, 2)) })
	unaryBprop(Exp, UsesOutputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, y) })
	unaryBprop(Expm1, UsesOutputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, addScalar(g, y, 1)) })
	unaryBprop(Log, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Div(d, x) })
	unaryBprop(Log1p, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Div(d, addScalar(g, x, 1)) })
	// sqrt'(x) = 1/(2·sqrt(x)), rsqrt'(x) = −rsqrt(x)³/2, (1/x)' = −(1/x)²,
	// tan' = 1 + tan²: all from the output.
	unaryBprop(Sqrt, UsesOutputs, func(g *Grad, x, y, d Value) Value { return g.Div(mulScalar(g, d, 0.5), y) })
	unaryBprop(Rsqrt, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Mul(d, mulScalar(g, g.Mul(y, g.Op(Square, nil, y)), -0.5))
	})
	unaryBprop(Reciprocal, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Neg(g.Mul(d, g.Op(Square, nil, y)))
	})
	unaryBprop(Sin, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, g.Op(Cos, nil, x)) })
	unaryBprop(Cos, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Neg(g.Mul(d, g.Op(Sin, nil, x))) })
	unaryBprop(Tan, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Mul(d, addScalar(g, g.Op(Square, nil, y), 1))
	})
	// The training activations take one backward primitive each, reading
	// the output; relu'(0) = 0.
	unaryBprop(ReLU, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Op(ReluGrad, nil, g.Cast(d, y.Meta().DType), y)
	})
	unaryBprop(Sigmoid, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Op(SigmoidGrad, nil, y, g.Cast(d, y.Meta().DType))
	})
	unaryBprop(Tanh, UsesOutputs, func(g *Grad, x, y, d Value) Value {
		return g.Op(TanhGrad, nil, y, g.Cast(d, y.Meta().DType))
	})
	// The backward primitives' own rules, for second order. Each is linear
	// in dout; ReluGrad is constant in y where it is differentiable.
	bprop(ReluGrad, UsesInputs, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		y := g.In[1]
		return []Value{g.Fit(g.Op(ReluGrad, nil, g.Cast(g.Dout[0], y.Meta().DType), y), 0)}
	})
	// d/dy of dout·y·(1−y) is dout·(1−2y).
	bprop(SigmoidGrad, UsesInputs, func(g *Grad) []Value {
		return activationGradBprop(g, SigmoidGrad, func(y Value) Value {
			return g.Sub(g.Scalar(1, y.Meta().DType), mulScalar(g, y, 2))
		})
	})
	// d/dy of dout·(1−y²) is −2·dout·y.
	bprop(TanhGrad, UsesInputs, func(g *Grad) []Value {
		return activationGradBprop(g, TanhGrad, func(y Value) Value { return mulScalar(g, y, -2) })
	})
	unaryBprop(GeLU, UsesInputs, geluGrad)
	// erf'(x) = 2/√π·exp(−x²).
	unaryBprop(Erf, UsesInputs, func(g *Grad, x, y, d Value) Value {
		return g.Mul(d, mulScalar(g, g.Op(Exp, nil, g.Neg(g.Op(Square, nil, x))), 2/math.SqrtPi))
	})
	unaryBprop(Softplus, UsesInputs, func(g *Grad, x, y, d Value) Value { return g.Mul(d, g.Op(Sigmoid, nil, x)) })
	constant(Sign, Floor, Ceil, Round, Invert)
}

// unaryBprop gives a one-input primitive the rule dx = f(x, y, dout), y
// being the output; f runs only when x's gradient is wanted.
func unaryBprop(p *Primitive, uses Uses, f func(g *Grad, x, y, d Value) Value) {
	bprop(p, uses, func(g *Grad) []Value {
		if !g.Wants(0) {
			return nil
		}
		return []Value{g.Fit(f(g, g.In[0], g.Out[0], g.Dout[0]), 0)}
	})
}

// activationGradBprop is the rule of SigmoidGrad or TanhGrad, p(y, dout) =
// dout·f'(y): p(y, ddout) for dout, and ddout·dout·dfdy(y) for y.
func activationGradBprop(g *Grad, p *Primitive, dfdy func(y Value) Value) []Value {
	y, dout, dd := g.In[0], g.In[1], g.Dout[0]
	var dy, ddout Value
	if g.Wants(0) {
		dy = g.Fit(g.Mul(g.Mul(dd, dout), dfdy(y)), 0)
	}
	if g.Wants(1) {
		ddout = g.Fit(g.Op(p, nil, y, g.Cast(dd, y.Meta().DType)), 1)
	}
	return []Value{dy, ddout}
}

// geluGrad differentiates MindSpore's GeLU, the tanh approximation
// ½x(1 + tanh u) with u = c(x + kx³): with t = tanh u its derivative is
// ½(1+t) + ½x(1−t²)u' = ½(1+t)(1 + x·u'·(1−t)), u' = c(1 + 3kx²).
func geluGrad(g *Grad, x, _, d Value) Value {
	const k = 0.044715
	c := math.Sqrt(2 / math.Pi)
	x2 := g.Op(Square, nil, x)
	t := g.Op(Tanh, nil, mulScalar(g, g.Mul(x, addScalar(g, mulScalar(g, x2, k), 1)), c))
	du := addScalar(g, mulScalar(g, x2, 3*k*c), c)
	oneMinusT := g.Sub(g.Scalar(1, x.Meta().DType), t)
	slope := g.Mul(addScalar(g, t, 1), addScalar(g, g.Mul(g.Mul(x, du), oneMinusT), 1))
	return g.Mul(d, mulScalar(g, slope, 0.5))
}

// mulScalar is x·c and addScalar x + c, with c in x's dtype so that a
// float32 x stays float32.
func mulScalar(g *Grad, x Value, c float64) Value {
	if x == nil {
		return nil
	}
	return g.Mul(x, g.Scalar(c, x.Meta().DType))
}

func addScalar(g *Grad, x Value, c float64) Value {
	if x == nil {
		return nil
	}
	return g.Add(x, g.Scalar(c, x.Meta().DType))
}
