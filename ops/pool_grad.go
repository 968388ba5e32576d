package ops

import "maps"

// Max pooling's gradient is a selection, linear in the cotangent and
// constant in the input wherever the window maxima are unique: each
// window's cotangent goes to its maximum (MaxPoolGrad), and the adjoint of
// that reads back from the same positions (MaxPoolGradGrad). Average
// pooling is linear, its gradient AvgPoolGrad is its adjoint, and that
// one's is AvgPool again.
func init() {
	bprop(MaxPool, UsesInputs, func(g *Grad) []Value {
		var dx Value
		if g.Wants(0) {
			dx = g.Op(MaxPoolGrad, g.Attrs, g.In[0], g.Dout[0])
		}
		return []Value{g.Fit(dx, 0)}
	})
	bprop(MaxPoolGrad, UsesInputs, func(g *Grad) []Value {
		var ddout Value
		if g.Wants(1) {
			ddout = g.Op(MaxPoolGradGrad, g.Attrs, g.In[0], g.Dout[0])
		}
		return []Value{nil, g.Fit(ddout, 1)}
	})
	bprop(MaxPoolGradGrad, UsesInputs, func(g *Grad) []Value {
		var dddx Value
		if g.Wants(1) {
			dddx = g.Op(MaxPoolGrad, g.Attrs, g.In[0], g.Dout[0])
		}
		return []Value{nil, g.Fit(dddx, 1)}
	})
	bprop(AvgPool, 0, func(g *Grad) []Value {
		var dx Value
		if g.Wants(0) {
			a := maps.Clone(g.Attrs)
			if a == nil {
				a = Attrs{}
			}
			a["input_size"] = []int(g.In[0].Meta().Shape.Clone())
			dx = g.Op(AvgPoolGrad, a, g.Dout[0])
		}
		return []Value{g.Fit(dx, 0)}
	})
	bprop(AvgPoolGrad, 0, func(g *Grad) []Value {
		var ddout Value
		if g.Wants(0) {
			a := maps.Clone(g.Attrs)
			delete(a, "input_size")
			ddout = g.Op(AvgPool, a, g.Dout[0])
		}
		return []Value{g.Fit(ddout, 0)}
	})
}
