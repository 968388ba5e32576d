package ops

import "maps"

// Conv2D is linear in each operand, and so are its gradients:
//
//	y  = Conv2D(x, w)
//	dx = Conv2DBackpropInput(dy, w)   the adjoint of x ↦ Conv2D(x, w)
//	dw = Conv2DBackpropFilter(dy, x)  the adjoint of w ↦ Conv2D(x, w)
//
// so the gradients of each of the three are the other two, which is what
// makes gradients of gradients of convolutions work.
func init() {
	bprop(Conv2D, UsesInputs, func(g *Grad) []Value {
		x, w, d := g.In[0], g.In[1], g.Dout[0]
		var dx, dw Value
		if g.Wants(0) {
			dx = g.Op(Conv2DBackpropInput, convAttrs(g.Attrs, "input_size", x), d, w)
		}
		if g.Wants(1) {
			dw = g.Op(Conv2DBackpropFilter, convAttrs(g.Attrs, "filter_size", w), d, x)
		}
		return []Value{g.Fit(dx, 0), g.Fit(dw, 1)}
	})
	bprop(Conv2DBackpropInput, UsesInputs, func(g *Grad) []Value {
		dy, w, ddx := g.In[0], g.In[1], g.Dout[0]
		var ddy, dw Value
		if g.Wants(0) {
			ddy = g.Op(Conv2D, convAttrs(g.Attrs, "", nil), ddx, w)
		}
		if g.Wants(1) {
			dw = g.Op(Conv2DBackpropFilter, convAttrs(g.Attrs, "filter_size", w), dy, ddx)
		}
		return []Value{g.Fit(ddy, 0), g.Fit(dw, 1)}
	})
	bprop(Conv2DBackpropFilter, UsesInputs, func(g *Grad) []Value {
		dy, x, ddw := g.In[0], g.In[1], g.Dout[0]
		var ddy, dx Value
		if g.Wants(0) {
			ddy = g.Op(Conv2D, convAttrs(g.Attrs, "", nil), x, ddw)
		}
		if g.Wants(1) {
			dx = g.Op(Conv2DBackpropInput, convAttrs(g.Attrs, "input_size", x), dy, ddw)
		}
		return []Value{g.Fit(ddy, 0), g.Fit(dx, 1)}
	})
}

// convAttrs are Conv2D's attributes from those of any of its family, with
// attribute size set to v's shape when size is not empty.
func convAttrs(a Attrs, size string, v Value) Attrs {
	c := maps.Clone(a)
	if c == nil {
		c = Attrs{}
	}
	delete(c, "input_size")
	delete(c, "filter_size")
	if size != "" {
		c[size] = []int(v.Meta().Shape.Clone())
	}
	return c
}
