package compile

import (
	"math/big"

	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

func (c *fcomp) expr(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.Ident:
		c.load(e)
	case *syntax.Literal:
		c.at(e)
		c.emit(LOAD_CONST, c.constIndex(e.Value))
	case *syntax.Const:
		c.at(e)
		c.emit(LOAD_CONST, c.constIndex(constValue(e.Kind)))
	case *syntax.FString:
		c.fstring(e, e.Parts)
	case *syntax.ParenExpr:
		c.expr(e.X)
	case *syntax.Tuple:
		c.sequence(e, e.Elems, BUILD_TUPLE)
	case *syntax.List:
		c.sequence(e, e.Elems, BUILD_LIST)
	case *syntax.Set:
		c.sequence(e, e.Elems, BUILD_SET)
	case *syntax.Dict:
		c.dict(e)
	case *syntax.Unary:
		c.unary(e)
	case *syntax.Binary:
		c.binary(e)
	case *syntax.Compare:
		c.compare(e)
	case *syntax.IfExpr:
		orelse, end := newLabel(), newLabel()
		c.condJump(e.Test, false, orelse)
		c.expr(e.Body)
		c.jump(JUMP, end)
		c.bind(orelse)
		c.expr(e.Orelse)
		c.bind(end)
	case *syntax.Lambda:
		c.makeFunction(e, e.Function.(*resolve.Function), e.Params, c.qualname("<lambda>"))
	case *syntax.Call:
		c.call(e)
	case *syntax.Attr:
		c.expr(e.X)
		c.at(e)
		c.emit(LOAD_ATTR, c.attrIndex(e.Name.Name))
	case *syntax.Index:
		c.expr(e.X)
		c.subscript(e.Index)
		c.at(e)
		c.emit(BINARY_SUBSCR, 0)
	case *syntax.Slice:
		c.slice(e)
	case *syntax.Comprehension:
		c.comprehension(e)
	case *syntax.Yield:
		c.yield(e)
	case *syntax.Starred:
		c.at(e)
		c.errorf("can't use starred expression here")
	default:
		c.at(e)
		c.errorf("unsupported expression %T", e)
	}
}

func constValue(k syntax.ConstKind) any {
	switch k {
	case syntax.ConstTrue:
		return true
	case syntax.ConstFalse:
		return false
	case syntax.ConstEllipsis:
		return Ellipsis{}
	}
	return nil
}

// subscript compiles the index of x[index]; slices become slice objects.
func (c *fcomp) subscript(index syntax.Expr) {
	if t, ok := index.(*syntax.Tuple); ok && !t.Lparen.IsValid() {
		for _, e := range t.Elems {
			c.subscript(e)
		}
		c.at(t)
		c.emit(BUILD_TUPLE, uint32(len(t.Elems)))
		return
	}
	c.expr(index)
}

func (c *fcomp) slice(s *syntax.Slice) {
	none := c.constIndex(nil)
	parts := []syntax.Expr{s.Lo, s.Hi}
	if s.Step != nil {
		parts = append(parts, s.Step)
	}
	for _, p := range parts {
		if p == nil {
			c.at(s)
			c.emit(LOAD_CONST, none)
		} else {
			c.expr(p)
		}
	}
	c.at(s)
	c.emit(BUILD_SLICE, uint32(len(parts)))
}

// sequence builds a tuple, list or set display, with *x unpacking.
func (c *fcomp) sequence(e syntax.Expr, elems []syntax.Expr, build Opcode) {
	starred := false
	for _, x := range elems {
		if _, ok := x.(*syntax.Starred); ok {
			starred = true
		}
	}
	if !starred {
		if build == BUILD_TUPLE {
			if v, ok := c.constTuple(elems); ok {
				c.at(e)
				c.emit(LOAD_CONST, c.constIndex(v))
				return
			}
		}
		if build == BUILD_SET && len(elems) > 2 {
			// As CPython, a set display of constants copies a frozenset
			// constant, which fixes the order it iterates in.
			if v, ok := c.constTuple(elems); ok {
				c.at(e)
				c.emit(BUILD_SET, 0)
				c.emit(LOAD_CONST, c.constIndex(ConstSet(v)))
				c.emit(SET_UPDATE, 1)
				return
			}
		}
		for _, x := range elems {
			c.expr(x)
		}
		c.at(e)
		c.emit(build, uint32(len(elems)))
		return
	}
	// Build a list (or set) incrementally, then convert a list to a tuple.
	collect, add, extend := BUILD_LIST, LIST_APPEND, LIST_EXTEND
	if build == BUILD_SET {
		collect, add, extend = BUILD_SET, SET_ADD, SET_UPDATE
	}
	c.at(e)
	c.emit(collect, 0)
	for _, x := range elems {
		if s, ok := x.(*syntax.Starred); ok {
			c.expr(s.X)
			c.at(s)
			c.emit(extend, 1)
		} else {
			c.expr(x)
			c.at(x)
			c.emit(add, 1)
		}
	}
	if build == BUILD_TUPLE {
		c.emit(LIST_TO_TUPLE, 0)
	}
}

// ConstTuple is a tuple of constants, folded at compile time.
type ConstTuple []any

// ConstSet is the frozenset constant of a set display of constants.
type ConstSet []any

// constTuple folds a tuple display whose elements are all literals.
func (c *fcomp) constTuple(elems []syntax.Expr) (ConstTuple, bool) {
	if len(elems) == 0 {
		return ConstTuple{}, true
	}
	t := make(ConstTuple, len(elems))
	for i, x := range elems {
		switch x := syntax.Unparen(x).(type) {
		case *syntax.Literal:
			t[i] = x.Value
		case *syntax.Const:
			t[i] = constValue(x.Kind)
		case *syntax.Tuple:
			inner, ok := c.constTuple(x.Elems)
			if !ok {
				return nil, false
			}
			t[i] = inner
		default:
			return nil, false
		}
	}
	return t, true
}

func (c *fcomp) dict(d *syntax.Dict) {
	n := 0
	built := false
	flush := func() {
		if !built {
			c.at(d)
			c.emit(BUILD_MAP, uint32(n))
			built = true
			n = 0
		}
	}
	for _, it := range d.Items {
		if it.Key == nil {
			flush()
			c.expr(it.Value)
			c.at(it)
			c.emit(DICT_UPDATE, 1)
			continue
		}
		c.expr(it.Key)
		c.expr(it.Value)
		if built {
			c.at(it)
			c.emit(MAP_ADD, 1)
		} else {
			n++
		}
	}
	flush()
}

func (c *fcomp) unary(e *syntax.Unary) {
	if e.Op == syntax.MINUS {
		if lit, ok := syntax.Unparen(e.X).(*syntax.Literal); ok {
			switch v := lit.Value.(type) {
			case int64:
				if v != -v || v == 0 {
					c.at(e)
					c.emit(LOAD_CONST, c.constIndex(-v))
					return
				}
			case *big.Int:
				n := new(big.Int).Neg(v)
				c.at(e)
				if n.IsInt64() {
					c.emit(LOAD_CONST, c.constIndex(n.Int64()))
				} else {
					c.emit(LOAD_CONST, c.constIndex(n))
				}
				return
			case float64:
				c.at(e)
				c.emit(LOAD_CONST, c.constIndex(-v))
				return
			}
		}
	}
	c.expr(e.X)
	c.at(e)
	if e.Op == syntax.NOT {
		c.emit(UNARY_NOT, 0)
		return
	}
	c.emit(UNARY, uint32(e.Op))
}

func (c *fcomp) binary(e *syntax.Binary) {
	switch e.Op {
	case syntax.AND, syntax.OR:
		end := newLabel()
		c.expr(e.X)
		c.at(e)
		if e.Op == syntax.AND {
			c.jump(JUMP_IF_FALSE_OR_POP, end)
		} else {
			c.jump(JUMP_IF_TRUE_OR_POP, end)
		}
		c.expr(e.Y)
		c.bind(end)
		return
	}
	c.expr(e.X)
	c.expr(e.Y)
	c.at(e)
	c.emit(BINARY, uint32(e.Op))
}

// compare compiles a comparison chain: a < b < c is a < b and b < c, with b
// evaluated once.
func (c *fcomp) compare(e *syntax.Compare) {
	c.expr(e.X)
	if len(e.Ops) == 1 {
		c.expr(e.Ops[0].Y)
		c.at(e)
		c.emit(COMPARE, uint32(e.Ops[0].Op))
		return
	}
	cleanup, end := newLabel(), newLabel()
	for i, op := range e.Ops {
		c.expr(op.Y)
		c.at(e)
		if i < len(e.Ops)-1 {
			c.emit(DUP_TOP, 0)
			c.emit(ROT_THREE, 0)
			c.emit(COMPARE, uint32(op.Op))
			c.jump(JUMP_IF_FALSE_OR_POP, cleanup)
		} else {
			c.emit(COMPARE, uint32(op.Op))
		}
	}
	c.jump(JUMP, end)
	c.bind(cleanup)
	c.emit(ROT_TWO, 0)
	c.emit(POP_TOP, 0)
	c.bind(end)
}

func (c *fcomp) call(e *syntax.Call) {
	simple := true // positional arguments only, no unpacking
	hasStar := false
	for _, a := range e.Args {
		if a.Star != 0 {
			hasStar = true
		}
		if a.Star != 0 || a.Name != nil {
			simple = false
		}
	}
	if attr, ok := e.Fn.(*syntax.Attr); ok && simple {
		c.expr(attr.X)
		c.at(attr)
		c.emit(LOAD_METHOD, c.attrIndex(attr.Name.Name))
		for _, a := range e.Args {
			c.expr(a.Value)
		}
		c.at(e)
		c.emit(CALL_METHOD, uint32(len(e.Args)))
		return
	}
	c.expr(e.Fn)
	if !hasStar {
		var names KwNames
		for _, a := range e.Args {
			c.expr(a.Value)
			if a.Name != nil {
				names = append(names, a.Name.Name)
			}
		}
		c.at(e)
		if len(names) == 0 {
			c.emit(CALL, uint32(len(e.Args)))
			return
		}
		c.emit(LOAD_CONST, c.constIndex(names))
		c.emit(CALL_KW, uint32(len(e.Args)))
		return
	}
	// General form: a tuple of positional arguments and a dict of keywords.
	c.at(e)
	c.emit(BUILD_LIST, 0)
	for _, a := range e.Args {
		switch {
		case a.Star == 1:
			c.expr(a.Value)
			c.at(e)
			c.emit(LIST_EXTEND, 1|CallArgs)
		case a.Star == 0 && a.Name == nil:
			c.expr(a.Value)
			c.emit(LIST_APPEND, 1)
		}
	}
	c.emit(LIST_TO_TUPLE, 0)
	haveKw := false
	for _, a := range e.Args {
		if a.Name == nil && a.Star != 2 {
			continue
		}
		if !haveKw {
			c.at(e)
			c.emit(BUILD_MAP, 0)
			haveKw = true
		}
		if a.Star == 2 {
			c.expr(a.Value)
			c.at(e)
			c.emit(DICT_MERGE, 1)
			continue
		}
		c.emit(LOAD_CONST, c.constIndex(a.Name.Name))
		c.expr(a.Value)
		c.at(e)
		c.emit(MAP_ADD, 1|CallArgs)
	}
	c.at(e)
	if haveKw {
		c.emit(CALL_EX, 1)
	} else {
		c.emit(CALL_EX, 0)
	}
}

func (c *fcomp) fstring(e syntax.Expr, parts []syntax.FStringPart) {
	n := 0
	for _, p := range parts {
		if p.Expr == nil {
			if p.Text == "" {
				continue
			}
			c.at(e)
			c.emit(LOAD_CONST, c.constIndex(p.Text))
			n++
			continue
		}
		if p.Debug != "" {
			c.at(e)
			c.emit(LOAD_CONST, c.constIndex(p.Debug))
			n++
		}
		c.expr(p.Expr)
		flags := uint32(0)
		switch p.Conv {
		case 's':
			flags = 1
		case 'r':
			flags = 2
		case 'a':
			flags = 3
		}
		if p.Spec != nil {
			c.fstring(e, p.Spec)
			flags |= 4
		}
		c.at(p.Expr)
		c.emit(FORMAT_VALUE, flags)
		n++
	}
	c.at(e)
	switch n {
	case 0:
		c.emit(LOAD_CONST, c.constIndex(""))
	case 1:
		// A lone literal or formatted value is already the string.
	default:
		c.emit(BUILD_STRING, uint32(n))
	}
}

func (c *fcomp) yield(e *syntax.Yield) {
	if e.From {
		c.expr(e.Value)
		c.at(e)
		c.emit(GET_ITER, 0)
		c.emit(LOAD_CONST, c.constIndex(nil))
		top, end := newLabel(), newLabel()
		c.bind(top)
		c.jump(SEND, end)
		c.emit(YIELD_VALUE, 0)
		c.jump(JUMP, top)
		c.bind(end)
		return
	}
	if e.Value != nil {
		c.expr(e.Value)
	} else {
		c.at(e)
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	c.at(e)
	c.emit(YIELD_VALUE, 0)
}

// ---- comprehensions ----

func (c *fcomp) comprehension(e *syntax.Comprehension) {
	fn := e.Function.(*resolve.Function)
	c.at(e)
	none := c.constIndex(nil)
	c.emit(LOAD_CONST, none)
	c.emit(LOAD_CONST, none)
	code := c.p.function(fn, c.qualname(fn.Name), c.className)
	c.fc.Funcs = append(c.fc.Funcs, code)
	c.emit(MAKE_FUNCTION, uint32(len(c.fc.Funcs)-1))
	first := e.Clauses[0].(*syntax.ForClause)
	c.expr(first.X)
	c.at(first.X)
	c.emit(GET_ITER, 0)
	c.at(e)
	c.emit(CALL, 1)
}

// comprehensionBody compiles the code of a comprehension function, whose
// slot 0 holds the first iterator.
func (c *fcomp) comprehensionBody(e *syntax.Comprehension) {
	c.at(e)
	switch e.Kind {
	case syntax.ListComp:
		c.emit(BUILD_LIST, 0)
	case syntax.SetComp:
		c.emit(BUILD_SET, 0)
	case syntax.DictComp:
		c.emit(BUILD_MAP, 0)
	}
	c.clauses(e, 0, 0)
	c.at(e)
	if e.Kind == syntax.GeneratorExp {
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	c.emit(RETURN_VALUE, 0)
}

// clauses compiles the comprehension's clauses from index i; loops is the
// number of iterators on the stack above the result.
func (c *fcomp) clauses(e *syntax.Comprehension, i, loops int) {
	if i == len(e.Clauses) {
		depth := uint32(loops + 1)
		switch e.Kind {
		case syntax.ListComp:
			c.expr(e.Body)
			c.at(e.Body)
			c.emit(LIST_APPEND, depth)
		case syntax.SetComp:
			c.expr(e.Body)
			c.at(e.Body)
			c.emit(SET_ADD, depth)
		case syntax.DictComp:
			c.expr(e.Key)
			c.expr(e.Body)
			c.at(e.Body)
			c.emit(MAP_ADD, depth)
		case syntax.GeneratorExp:
			c.expr(e.Body)
			c.at(e.Body)
			c.emit(YIELD_VALUE, 0)
			c.emit(POP_TOP, 0)
		}
		return
	}
	switch cl := e.Clauses[i].(type) {
	case *syntax.ForClause:
		if i == 0 {
			c.at(cl.X)
			c.emit(LOAD_FAST, 0)
		} else {
			c.expr(cl.X)
			c.at(cl.X)
			c.emit(GET_ITER, 0)
		}
		top, end := newLabel(), newLabel()
		c.bind(top)
		c.at(cl.X)
		c.jump(FOR_ITER, end)
		c.assignTarget(cl.Vars)
		c.clauses(e, i+1, loops+1)
		c.jump(JUMP, top)
		c.bind(end)
	case *syntax.IfClause:
		skip := newLabel()
		c.condJump(cl.Cond, false, skip)
		c.clauses(e, i+1, loops)
		c.bind(skip)
	}
}
