package ops

func init() {
	bprop(MatMul, UsesInputs, matmulGrad(MatMul))
	// BatchMatMul's operands broadcast along their batch dims, so Fit sums
	// each cotangent back to its operand's batch shape.
	bprop(BatchMatMul, UsesInputs, matmulGrad(BatchMatMul))
	bprop(BiasAdd, 0, func(g *Grad) []Value {
		d := g.Dout[0]
		var db Value
		if g.Wants(1) {
			rank := len(d.Meta().Shape)
			c := biasFormats[g.Attrs.String("data_format", "NCHW")].channel(rank)
			var axes []int
			for i := range rank {
				if i != c {
					axes = append(axes, i)
				}
			}
			db = g.Op(ReduceSum, Attrs{"axis": axes, "keep_dims": false}, d)
		}
		return []Value{g.Fit(d, 0), g.Fit(db, 1)}
	})
}

// matmulGrad is the rule of the matrix product p: for z = op(x)·op(y),
// op(x)'s cotangent is dz·op(y)ᵀ and op(y)'s is op(x)ᵀ·dz, each written as
// one product of p with the transposes that give it in x's or y's own
// layout rather than op's.
func matmulGrad(p *Primitive) func(g *Grad) []Value {
	return func(g *Grad) []Value {
		x, y, d := g.In[0], g.In[1], g.Dout[0]
		ta, tb := g.Attrs.Bool("transpose_a", false), g.Attrs.Bool("transpose_b", false)
		mm := func(a, b Value, ta, tb bool) Value {
			return g.Op(p, Attrs{"transpose_a": ta, "transpose_b": tb}, a, b)
		}
		var dx, dy Value
		if g.Wants(0) {
			if ta {
				dx = mm(y, d, tb, true) // (dz·op(y)ᵀ)ᵀ = op(y)·dzᵀ
			} else {
				dx = mm(d, y, false, !tb)
			}
		}
		if g.Wants(1) {
			if tb {
				dy = mm(d, x, true, ta) // (op(x)ᵀ·dz)ᵀ = dzᵀ·op(x)
			} else {
				dy = mm(x, d, !ta, false)
			}
		}
		return []Value{g.Fit(dx, 0), g.Fit(dy, 1)}
	}
}
