package capture

import (
	"msrepl/graphmode/ir"
	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// expr evaluates an expression. Operators, attributes, subscripts and
// calls of the library are the Host's; conditional expressions and and/or
// on a Tensor become If nodes; calls of Python functions are inlined; and
// what capture does not walk (lambdas, comprehensions, f-strings) runs on
// the host with the scope's variables.
func (c *capturer) expr(s *scope, x syntax.Expr) (Value, error) {
	switch x := x.(type) {
	case *syntax.ParenExpr:
		return c.expr(s, x.X)
	case *syntax.Ident:
		return c.name(s, x)
	case *syntax.Literal, *syntax.Const:
		v, err := c.h.Literal(x)
		return v, c.fail(span(x), err)
	case *syntax.Tuple:
		elems, err := c.exprs(s, x.Elems)
		if err != nil {
			return nil, err
		}
		return c.h.Tuple(elems), nil
	case *syntax.List:
		elems, err := c.exprs(s, x.Elems)
		if err != nil {
			return nil, err
		}
		return c.h.List(elems), nil
	case *syntax.Dict:
		return c.dict(s, x)
	case *syntax.Unary:
		v, err := c.expr(s, x.X)
		if err != nil {
			return nil, err
		}
		c.tr.Span = span(x)
		if t := c.abstract(v); t != nil && x.Op == syntax.NOT {
			return c.not(t, span(x))
		}
		v, err = c.h.Unary(x.Op, v)
		return v, c.fail(span(x), err)
	case *syntax.Binary:
		if x.Op == syntax.AND || x.Op == syntax.OR {
			return c.logical(s, x)
		}
		a, err := c.expr(s, x.X)
		if err != nil {
			return nil, err
		}
		b, err := c.expr(s, x.Y)
		if err != nil {
			return nil, err
		}
		c.tr.Span = span(x)
		v, err := c.h.Binary(x.Op, a, b)
		return v, c.fail(span(x), err)
	case *syntax.Compare:
		return c.compare(s, x)
	case *syntax.IfExpr:
		cond, err := c.expr(s, x.Test)
		if err != nil {
			return nil, err
		}
		if t := c.abstract(cond); t != nil {
			side := func(e syntax.Expr) func() (Value, ir.Span, error) {
				return func() (Value, ir.Span, error) {
					v, err := c.expr(s.fork(), e)
					return v, span(e), err
				}
			}
			return c.choose(t, span(x), [2]func() (Value, ir.Span, error){side(x.Body), side(x.Orelse)})
		}
		ok, err := c.h.Truth(cond)
		if err != nil {
			return nil, c.fail(span(x.Test), err)
		}
		if ok {
			return c.expr(s, x.Body)
		}
		return c.expr(s, x.Orelse)
	case *syntax.Call:
		return c.call(s, x)
	case *syntax.Attr:
		v, err := c.expr(s, x.X)
		if err != nil {
			return nil, err
		}
		c.tr.Span = span(x)
		v, err = c.h.Attr(v, x.Name.Name)
		return v, c.fail(span(x), err)
	case *syntax.Index:
		v, err := c.expr(s, x.X)
		if err != nil {
			return nil, err
		}
		k, err := c.expr(s, x.Index)
		if err != nil {
			return nil, err
		}
		c.tr.Span = span(x)
		v, err = c.h.Index(v, k)
		return v, c.fail(span(x), err)
	case *syntax.Slice:
		var parts [3]Value
		for i, e := range [3]syntax.Expr{x.Lo, x.Hi, x.Step} {
			parts[i] = c.h.Const(nil)
			if e != nil {
				v, err := c.expr(s, e)
				if err != nil {
					return nil, err
				}
				parts[i] = v
			}
		}
		return c.h.Slice(parts[0], parts[1], parts[2]), nil
	case *syntax.Comprehension:
		if x.Kind != syntax.SetComp {
			return c.comprehension(s, x)
		}
	case *syntax.Yield:
		return nil, c.errorf(span(x), "RuntimeError", "Unsupported expression 'Yield'.")
	}
	vals, err := c.h.Exec(s.fn, x, s.vars, nil)
	if err != nil {
		return nil, c.fail(span(x), err)
	}
	return vals[0], nil
}

// exprs evaluates the elements of a display or the positional arguments
// of a call, spreading starred ones.
func (c *capturer) exprs(s *scope, xs []syntax.Expr) ([]Value, error) {
	out := make([]Value, 0, len(xs))
	for _, x := range xs {
		if st, ok := x.(*syntax.Starred); ok {
			v, err := c.expr(s, st.X)
			if err != nil {
				return nil, err
			}
			elems, err := c.elements(v, span(st))
			if err != nil {
				return nil, err
			}
			out = append(out, elems...)
			continue
		}
		v, err := c.expr(s, x)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (c *capturer) dict(s *scope, x *syntax.Dict) (Value, error) {
	var keys, vals []Value
	for _, it := range x.Items {
		if it.Key == nil {
			m, err := c.expr(s, it.Value)
			if err != nil {
				return nil, err
			}
			names, values, err := c.h.Keywords(m)
			if err != nil {
				return nil, c.fail(span(it.Value), err)
			}
			for i, n := range names {
				keys, vals = append(keys, c.h.Const(n)), append(vals, values[i])
			}
			continue
		}
		k, err := c.expr(s, it.Key)
		if err != nil {
			return nil, err
		}
		v, err := c.expr(s, it.Value)
		if err != nil {
			return nil, err
		}
		keys, vals = append(keys, k), append(vals, v)
	}
	d, err := c.h.Dict(keys, vals)
	return d, c.fail(span(x), err)
}

// name reads a variable.
func (c *capturer) name(s *scope, id *syntax.Ident) (Value, error) {
	b, _ := id.Binding.(*resolve.Binding)
	scope := resolve.Global
	if b != nil {
		scope = b.Scope
	}
	switch scope {
	case resolve.Local, resolve.Cell:
		if v, ok := s.vars[id.Name]; ok {
			return v, nil
		}
		if why, ok := s.gone[id.Name]; ok {
			return nil, c.errorf(span(id), "UnboundLocalError",
				"The local variable '%s' is not defined here in graph mode: %s.", id.Name, why)
		}
		return nil, c.errorf(span(id), "UnboundLocalError",
			"cannot access local variable '%s' where it is not associated with a value", id.Name)
	case resolve.Free:
		// A comprehension's function reads the enclosing function's
		// variables as free ones; capture keeps them in the same scope.
		if v, ok := s.vars[id.Name]; ok && s.comprehension {
			return v, nil
		}
		v, err := c.h.Free(s.fn, id.Name)
		return v, c.fail(span(id), err)
	}
	v, err := c.h.Global(s.fn, id.Name)
	return v, c.fail(span(id), err)
}

// logical captures and and or. On a Tensor, the side that Python would
// evaluate depends on its value, so each side is an arm of an If.
func (c *capturer) logical(s *scope, x *syntax.Binary) (Value, error) {
	a, err := c.expr(s, x.X)
	if err != nil {
		return nil, err
	}
	if t := c.abstract(a); t != nil {
		left := func() (Value, ir.Span, error) { return a, span(x.X), nil }
		right := func() (Value, ir.Span, error) {
			v, err := c.expr(s.fork(), x.Y)
			return v, span(x.Y), err
		}
		sides := [2]func() (Value, ir.Span, error){right, left}
		if x.Op == syntax.OR {
			sides = [2]func() (Value, ir.Span, error){left, right}
		}
		return c.choose(t, span(x), sides)
	}
	ok, err := c.h.Truth(a)
	if err != nil {
		return nil, c.fail(span(x.X), err)
	}
	if ok == (x.Op == syntax.OR) {
		return a, nil
	}
	return c.expr(s, x.Y)
}

// compare evaluates a comparison chain; the links of a chain on Tensors
// are combined with a logical and.
func (c *capturer) compare(s *scope, x *syntax.Compare) (Value, error) {
	left, err := c.expr(s, x.X)
	if err != nil {
		return nil, err
	}
	var result Value
	for i, op := range x.Ops {
		right, err := c.expr(s, op.Y)
		if err != nil {
			return nil, err
		}
		at := ir.Span{Start: span(x.X).Start, End: span(op.Y).End}
		c.tr.Span = at
		r, err := c.h.Compare(op.Op, left, right)
		if err != nil {
			return nil, c.fail(at, err)
		}
		if i == 0 {
			result = r
		} else if result, err = c.and(result, r, at); err != nil {
			return nil, err
		}
		if i < len(x.Ops)-1 && c.abstract(result) == nil {
			ok, err := c.h.Truth(result)
			if err != nil {
				return nil, c.fail(at, err)
			}
			if !ok {
				return result, nil
			}
		}
		left = right
	}
	return result, nil
}

// and is a and b for the links of a comparison chain: a logical and of
// Tensors, or Python's and.
func (c *capturer) and(a, b Value, at ir.Span) (Value, error) {
	ta, aT := c.h.Tensor(a)
	tb, bT := c.h.Tensor(b)
	if aT && bT {
		out, err := c.tr.Apply(ops.LogicalAnd, nil, ta, tb)
		if err != nil {
			return nil, c.fail(at, err)
		}
		return c.h.Wrap(out[0].(*tensor.Tensor)), nil
	}
	if c.abstract(a) != nil {
		return nil, c.errorf(at, "TypeError", "In graph mode, every link of a comparison chain on a Tensor must give a Tensor.")
	}
	ok, err := c.h.Truth(a)
	if err != nil || !ok {
		return a, c.fail(at, err)
	}
	return b, nil
}

// not is "not t" for a Tensor of one element.
func (c *capturer) not(t *tensor.Tensor, at ir.Span) (Value, error) {
	b, err := c.condition(t, at)
	if err != nil {
		return nil, err
	}
	out, err := c.tr.Apply(ops.LogicalNot, nil, b)
	if err != nil {
		return nil, c.fail(at, err)
	}
	return c.h.Wrap(out[0].(*tensor.Tensor)), nil
}

// call evaluates a call: a Python function, method or Cell is inlined,
// anything else runs on the host.
func (c *capturer) call(s *scope, x *syntax.Call) (Value, error) {
	fn, err := c.expr(s, x.Fn)
	if err != nil {
		return nil, err
	}
	var pos, kw []Value
	var kwnames []string
	for _, a := range x.Args {
		switch {
		case a.Star == 1:
			v, err := c.expr(s, a.Value)
			if err != nil {
				return nil, err
			}
			elems, err := c.elements(v, span(a.Value))
			if err != nil {
				return nil, err
			}
			pos = append(pos, elems...)
		case a.Star == 2:
			v, err := c.expr(s, a.Value)
			if err != nil {
				return nil, err
			}
			names, vals, err := c.h.Keywords(v)
			if err != nil {
				return nil, c.fail(span(a.Value), err)
			}
			kwnames, kw = append(kwnames, names...), append(kw, vals...)
		default:
			v, err := c.expr(s, a.Value)
			if err != nil {
				return nil, err
			}
			if a.Name != nil {
				kwnames, kw = append(kwnames, a.Name.Name), append(kw, v)
			} else {
				pos = append(pos, v)
			}
		}
	}
	at := span(x)
	if len(x.Args) == 0 && isBuiltin(x.Fn, "super") {
		if pos, err = c.superArgs(s, at); err != nil {
			return nil, err
		}
	}
	args := append(pos, kw...)
	c.at(at)
	f, env, err := c.h.Inline(fn, args, kwnames)
	if err != nil {
		return nil, c.fail(at, err)
	}
	if f != nil {
		return c.inline(f, env)
	}
	v, err := c.h.Call(fn, args, kwnames)
	return v, c.fail(at, err)
}

// isBuiltin reports whether x names the builtin name, not shadowed.
func isBuiltin(x syntax.Expr, name string) bool {
	id, ok := x.(*syntax.Ident)
	if !ok || id.Name != name {
		return false
	}
	b, _ := id.Binding.(*resolve.Binding)
	return b == nil || b.Scope == resolve.Global
}

// superArgs are the class and receiver that a zero-argument super() finds
// in the frame of the method calling it: an inlined method has no frame,
// so capture passes them explicitly.
func (c *capturer) superArgs(s *scope, at ir.Span) ([]Value, error) {
	if s.fn.Def == nil || len(s.fn.Def.Params) == 0 || s.fn.Def.Params[0].Name == nil {
		return nil, c.errorf(at, "RuntimeError", "super(): no arguments")
	}
	cls, err := c.h.Free(s.fn, "__class__")
	if err != nil {
		return nil, c.errorf(at, "RuntimeError", "super(): __class__ cell not found")
	}
	self, ok := s.vars[s.fn.Def.Params[0].Name.Name]
	if !ok {
		return nil, c.errorf(at, "RuntimeError", "super(): arg[0] deleted")
	}
	return []Value{cls, self}, nil
}

// comprehension unrolls a list or dict comprehension (and a generator
// expression, as a list), as a for loop over a constant sequence unrolls.
// Its variables live in a scope of their own.
// An 'if' clause on a Tensor would make the length a runtime value, which
// graph mode's lists cannot have.
func (c *capturer) comprehension(s *scope, x *syntax.Comprehension) (Value, error) {
	inner := s.fork()
	inner.comprehension = true
	var keys, vals []Value
	var clause func(i int) error
	clause = func(i int) error {
		if i == len(x.Clauses) {
			if x.Kind == syntax.DictComp {
				k, err := c.expr(inner, x.Key)
				if err != nil {
					return err
				}
				keys = append(keys, k)
			}
			v, err := c.expr(inner, x.Body)
			vals = append(vals, v)
			return err
		}
		switch cl := x.Clauses[i].(type) {
		case *syntax.ForClause:
			seq, err := c.expr(inner, cl.X)
			if err != nil {
				return err
			}
			elems, err := c.elements(seq, span(cl.X))
			if err != nil {
				return err
			}
			if len(elems) > c.opt.MaxUnroll {
				return c.errorf(span(cl.X), "RuntimeError", "Unrolling a comprehension over %d items is more than graph mode's limit of %d.", len(elems), c.opt.MaxUnroll)
			}
			for _, e := range elems {
				if err := c.assign(inner, cl.Vars, e, span(cl.Vars)); err != nil {
					return err
				}
				if err := clause(i + 1); err != nil {
					return err
				}
			}
			return nil
		case *syntax.IfClause:
			cond, err := c.expr(inner, cl.Cond)
			if err != nil {
				return err
			}
			if c.abstract(cond) != nil {
				return c.errorf(span(cl.Cond), "RuntimeError",
					"A comprehension's 'if' on a Tensor makes the length of the list known only when the graph runs, which graph mode does not support; "+
						"select with ops.select or a mask instead, or build the list outside the jit function.")
			}
			ok, err := c.h.Truth(cond)
			if err != nil {
				return c.fail(span(cl.Cond), err)
			}
			if ok {
				return clause(i + 1)
			}
			return nil
		}
		return c.errorf(span(x), "SyntaxError", "unexpected clause in a comprehension")
	}
	if err := clause(0); err != nil {
		return nil, err
	}
	if x.Kind == syntax.DictComp {
		d, err := c.h.Dict(keys, vals)
		return d, c.fail(span(x), err)
	}
	return c.h.List(vals), nil
}
