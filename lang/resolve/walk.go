package resolve

import (
	"msrepl/lang/syntax"
)

// declarer is the first pass over a block: it finds the names the block
// binds and its global and nonlocal declarations, in source order, without
// entering nested blocks.
type declarer struct {
	r  *resolver
	fn *Function
}

func (d *declarer) stmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		d.stmt(s)
	}
}

func (d *declarer) stmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		for _, t := range s.Targets {
			d.target(t)
		}
	case *syntax.AugAssignStmt:
		d.target(s.Target)
	case *syntax.IfStmt:
		d.stmts(s.True)
		d.stmts(s.False)
	case *syntax.WhileStmt:
		d.stmts(s.Body)
		d.stmts(s.Else)
	case *syntax.ForStmt:
		d.target(s.Vars)
		d.stmts(s.Body)
		d.stmts(s.Else)
	case *syntax.TryStmt:
		d.stmts(s.Body)
		for _, h := range s.Handlers {
			if h.Name != nil {
				d.name(h.Name)
			}
			d.stmts(h.Body)
		}
		d.stmts(s.Else)
		d.stmts(s.Finally)
	case *syntax.WithStmt:
		for _, it := range s.Items {
			if it.Target != nil {
				d.target(it.Target)
			}
		}
		d.stmts(s.Body)
	case *syntax.DefStmt:
		d.name(s.Name)
	case *syntax.ClassStmt:
		d.name(s.Name)
	case *syntax.ImportStmt:
		for _, n := range s.Names {
			if n.AsName != nil {
				d.name(n.AsName)
			} else {
				d.name(n.Path[0])
			}
		}
	case *syntax.FromImportStmt:
		for _, n := range s.Names {
			if n.AsName != nil {
				d.name(n.AsName)
			} else {
				d.name(n.Path[0])
			}
		}
	case *syntax.DelStmt:
		for _, t := range s.Targets {
			d.target(t)
		}
	case *syntax.GlobalStmt:
		d.declare(s)
	}
}

// target binds the names of an assignment target.
func (d *declarer) target(t syntax.Expr) {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		d.name(t)
	case *syntax.Tuple:
		for _, e := range t.Elems {
			d.target(e)
		}
	case *syntax.List:
		for _, e := range t.Elems {
			d.target(e)
		}
	case *syntax.Starred:
		d.target(t.X)
	}
}

func (d *declarer) name(id *syntax.Ident) {
	d.r.bind(d.fn, id)
}

func (d *declarer) declare(s *syntax.GlobalStmt) {
	r, fn := d.r, d.fn
	for _, id := range s.Names {
		name := id.Name
		isParam := false
		if b, ok := fn.bindings[name]; ok {
			for _, p := range fn.Locals[:fn.numParamSlots()] {
				if p == b {
					isParam = true
				}
			}
		}
		if s.Token == syntax.GLOBAL {
			switch {
			case isParam:
				r.errorf(id, "name '%s' is parameter and global", name)
			case fn.nonlocal[name] != nil:
				r.errorf(id, "name '%s' is nonlocal and global", name)
			case fn.Kind == ModuleBlock:
				// Harmless: module names are global already.
			case fn.bindings[name] != nil:
				r.errorf(id, "name '%s' is assigned to before global declaration", name)
			}
			if fn.globals == nil {
				fn.globals = make(map[string]*syntax.Ident)
			}
			fn.globals[name] = id
			continue
		}
		switch {
		case fn.Kind == ModuleBlock:
			r.errorf(s, "nonlocal declaration not allowed at module level")
			return
		case isParam:
			r.errorf(id, "name '%s' is parameter and nonlocal", name)
		case fn.globals[name] != nil:
			r.errorf(id, "name '%s' is nonlocal and global", name)
		case fn.bindings[name] != nil:
			r.errorf(id, "name '%s' is assigned to before nonlocal declaration", name)
		}
		b := r.capture(fn, name, id)
		if b == nil {
			r.errorf(id, "no binding for nonlocal '%s' found", name)
			continue
		}
		b.Scope = Free
		if fn.nonlocal == nil {
			fn.nonlocal = make(map[string]*syntax.Ident)
		}
		fn.nonlocal[name] = id
		fn.bindings[name] = b
	}
}

// numParamSlots is the number of Locals that are parameters.
func (fn *Function) numParamSlots() int {
	n := fn.NumParams + fn.NumKwOnly
	if fn.HasVarargs {
		n++
	}
	if fn.HasKwargs {
		n++
	}
	return n
}

// ---- second pass: uses ----

func (r *resolver) stmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		r.stmt(s)
	}
}

func (r *resolver) stmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.ExprStmt:
		r.expr(s.X)
	case *syntax.AssignStmt:
		if s.Value != nil {
			r.expr(s.Value)
		}
		for _, t := range s.Targets {
			if s.Value == nil {
				// A bare annotation (x: T) binds nothing at run time; only
				// the subexpressions of an attribute or subscript target run.
				if _, ok := t.(*syntax.Ident); ok {
					r.assign(t.(*syntax.Ident))
					continue
				}
			}
			r.target(t, false)
		}
	case *syntax.AugAssignStmt:
		switch t := syntax.Unparen(s.Target).(type) {
		case *syntax.Ident, *syntax.Attr, *syntax.Index:
			r.target(t, false)
		default:
			r.errorf(t, "'%s' is an illegal expression for augmented assignment", describe(t))
		}
		r.expr(s.Value)
	case *syntax.BranchStmt:
		switch s.Token {
		case syntax.BREAK:
			if r.loops == 0 {
				r.errorf(s, "'break' outside loop")
			}
		case syntax.CONTINUE:
			if r.loops == 0 {
				r.errorf(s, "'continue' not properly in loop")
			}
		}
	case *syntax.ReturnStmt:
		if k := r.fn.Kind; k != DefBlock && k != LambdaBlock {
			r.errorf(s, "'return' outside function")
		}
		if s.Result != nil {
			r.expr(s.Result)
		}
	case *syntax.IfStmt:
		r.expr(s.Cond)
		r.stmts(s.True)
		r.stmts(s.False)
	case *syntax.WhileStmt:
		r.expr(s.Cond)
		r.loops++
		r.stmts(s.Body)
		r.loops--
		r.stmts(s.Else)
	case *syntax.ForStmt:
		r.expr(s.X)
		r.target(s.Vars, false)
		r.loops++
		r.stmts(s.Body)
		r.loops--
		r.stmts(s.Else)
	case *syntax.DefStmt:
		r.def(s)
	case *syntax.ClassStmt:
		r.class(s)
	case *syntax.ImportStmt:
		for _, n := range s.Names {
			if n.AsName != nil {
				r.assign(n.AsName)
			} else {
				r.assign(n.Path[0])
			}
		}
	case *syntax.FromImportStmt:
		if s.Level > 0 {
			r.errorf(s, "relative imports are not supported")
		}
		if s.Star.IsValid() && r.fn.Kind != ModuleBlock {
			r.errorf(s, "import * only allowed at module level")
		}
		for _, n := range s.Names {
			if n.AsName != nil {
				r.assign(n.AsName)
			} else {
				r.assign(n.Path[0])
			}
		}
	case *syntax.GlobalStmt:
		for _, id := range s.Names {
			if r.fn.used[id.Name] && r.fn.Kind != ModuleBlock {
				r.errorf(id, "name '%s' is used prior to %s declaration", id.Name, s.Token)
			}
		}
	case *syntax.DelStmt:
		for _, t := range s.Targets {
			r.target(t, true)
		}
	case *syntax.AssertStmt:
		r.expr(s.Test)
		if s.Msg != nil {
			r.expr(s.Msg)
		}
	case *syntax.RaiseStmt:
		if s.Exc != nil {
			r.expr(s.Exc)
		}
		if s.Cause != nil {
			r.expr(s.Cause)
		}
	case *syntax.TryStmt:
		r.stmts(s.Body)
		for i, h := range s.Handlers {
			if h.Type == nil && i != len(s.Handlers)-1 {
				r.errorf(h, "default 'except:' must be last")
			}
			if h.Type != nil {
				r.expr(h.Type)
			}
			if h.Name != nil {
				r.assign(h.Name)
			}
			r.stmts(h.Body)
		}
		r.stmts(s.Else)
		r.stmts(s.Finally)
	case *syntax.WithStmt:
		for _, it := range s.Items {
			r.expr(it.Ctx)
			if it.Target != nil {
				r.target(it.Target, false)
			}
		}
		r.stmts(s.Body)
	case *syntax.LineMagic, *syntax.CellMagic, *syntax.HelpStmt:
		// Their text is run by the session, in the global namespace.
	}
}

// assign resolves a name being bound; the declarer has made it a variable of
// the current block already.
func (r *resolver) assign(id *syntax.Ident) {
	if b, ok := r.fn.bindings[id.Name]; ok {
		id.Binding = b
		return
	}
	r.use(id)
}

// target resolves an assignment or del target.
func (r *resolver) target(t syntax.Expr, del bool) {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		r.assign(t)
	case *syntax.Attr:
		r.expr(t.X)
	case *syntax.Index:
		r.expr(t.X)
		r.expr(t.Index)
	case *syntax.Tuple:
		r.targets(t.Elems, del)
	case *syntax.List:
		r.targets(t.Elems, del)
	case *syntax.Starred:
		r.errorf(t, "starred assignment target must be in a list or tuple")
	default:
		if del {
			r.errorf(t, "cannot delete %s", describe(t))
		} else {
			r.errorf(t, "cannot assign to %s", describe(t))
		}
	}
}

func (r *resolver) targets(elems []syntax.Expr, del bool) {
	starred := false
	for _, e := range elems {
		if s, ok := e.(*syntax.Starred); ok {
			if del {
				r.errorf(s, "cannot delete starred")
				continue
			}
			if starred {
				r.errorf(s, "multiple starred expressions in assignment")
			}
			starred = true
			r.target(s.X, del)
			continue
		}
		r.target(e, del)
	}
}

// elems resolves the elements of a display, where *x is allowed.
func (r *resolver) elems(xs []syntax.Expr) {
	for _, x := range xs {
		if s, ok := x.(*syntax.Starred); ok {
			r.expr(s.X)
			continue
		}
		r.expr(x)
	}
}

func (r *resolver) expr(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.Ident:
		if r.fn.used == nil {
			r.fn.used = make(map[string]bool)
		}
		r.fn.used[e.Name] = true
		r.use(e)
	case *syntax.Literal, *syntax.Const:
	case *syntax.FString:
		r.fstring(e.Parts)
	case *syntax.Tuple:
		r.elems(e.Elems)
	case *syntax.List:
		r.elems(e.Elems)
	case *syntax.Set:
		r.elems(e.Elems)
	case *syntax.Dict:
		for _, it := range e.Items {
			if it.Key != nil {
				r.expr(it.Key)
			}
			r.expr(it.Value)
		}
	case *syntax.Starred:
		r.errorf(e, "can't use starred expression here")
	case *syntax.ParenExpr:
		r.expr(e.X)
	case *syntax.Unary:
		r.expr(e.X)
	case *syntax.Binary:
		r.expr(e.X)
		r.expr(e.Y)
	case *syntax.Compare:
		r.expr(e.X)
		for _, op := range e.Ops {
			r.expr(op.Y)
		}
	case *syntax.IfExpr:
		r.expr(e.Test)
		r.expr(e.Body)
		r.expr(e.Orelse)
	case *syntax.Lambda:
		r.lambda(e)
	case *syntax.Call:
		r.expr(e.Fn)
		for _, a := range e.Args {
			r.expr(a.Value)
		}
	case *syntax.Attr:
		r.expr(e.X)
	case *syntax.Index:
		r.expr(e.X)
		r.expr(e.Index)
	case *syntax.Slice:
		for _, x := range []syntax.Expr{e.Lo, e.Hi, e.Step} {
			if x != nil {
				r.expr(x)
			}
		}
	case *syntax.Comprehension:
		r.comprehension(e)
	case *syntax.Yield:
		switch r.fn.Kind {
		case DefBlock, LambdaBlock:
			r.fn.IsGenerator = true
		case ComprehensionBlock:
			r.errorf(e, "'yield' inside %s", comprehensionName(r.fn.Node.(*syntax.Comprehension).Kind))
		default:
			r.errorf(e, "'yield' outside function")
		}
		if e.Value != nil {
			r.expr(e.Value)
		}
	default:
		r.errorf(e, "unexpected %T", e)
	}
}

func (r *resolver) fstring(parts []syntax.FStringPart) {
	for _, p := range parts {
		if p.Expr != nil {
			r.expr(p.Expr)
		}
		r.fstring(p.Spec)
	}
}

// ---- nested blocks ----

func (r *resolver) def(s *syntax.DefStmt) {
	for _, d := range s.Decorators {
		r.expr(d.X)
	}
	r.defaults(s.Params)
	fn := r.newFunction(DefBlock, s.Name.Name, s.Def, s, r.fn)
	s.Function = fn
	r.params(fn, s.Params)
	r.block(fn, s.Body)
	r.assign(s.Name)
}

func (r *resolver) lambda(e *syntax.Lambda) {
	r.defaults(e.Params)
	fn := r.newFunction(LambdaBlock, "<lambda>", e.LambdaPos, e, r.fn)
	e.Function = fn
	r.params(fn, e.Params)
	saved, savedLoops := r.fn, r.loops
	r.fn, r.loops = fn, 0
	r.expr(e.Body)
	r.fn, r.loops = saved, savedLoops
}

func (r *resolver) class(s *syntax.ClassStmt) {
	for _, d := range s.Decorators {
		r.expr(d.X)
	}
	for _, b := range s.Bases {
		if b.Name != nil || b.Star != 0 {
			r.errorf(b, "class keyword arguments and unpacked bases are not supported")
			continue
		}
		r.expr(b.Value)
	}
	fn := r.newFunction(ClassBlock, s.Name.Name, s.Class, s, r.fn)
	s.Scope = fn
	r.block(fn, s.Body)
	r.assign(s.Name)
}

func (r *resolver) comprehension(c *syntax.Comprehension) {
	first := c.Clauses[0].(*syntax.ForClause)
	// The first iterable runs in the enclosing scope, as in Python.
	r.expr(first.X)
	fn := r.newFunction(ComprehensionBlock, "<"+comprehensionShort(c.Kind)+">", c.Lbrack, c, r.fn)
	c.Function = fn
	fn.IsGenerator = c.Kind == syntax.GeneratorExp
	// The hidden parameter ".0" receives the first iterator.
	fn.NumParams = 1
	fn.Locals = append(fn.Locals, &Binding{Name: ".0", Scope: Local})
	d := declarer{r: r, fn: fn}
	for _, cl := range c.Clauses {
		if f, ok := cl.(*syntax.ForClause); ok {
			d.target(f.Vars)
		}
	}
	saved, savedLoops := r.fn, r.loops
	r.fn, r.loops = fn, 0
	for i, cl := range c.Clauses {
		switch cl := cl.(type) {
		case *syntax.ForClause:
			if i > 0 {
				r.expr(cl.X)
			}
			r.target(cl.Vars, false)
		case *syntax.IfClause:
			r.expr(cl.Cond)
		}
	}
	if c.Key != nil {
		r.expr(c.Key)
	}
	r.expr(c.Body)
	r.fn, r.loops = saved, savedLoops
}

// defaults resolves parameter defaults, which run in the enclosing scope.
func (r *resolver) defaults(params []*syntax.Param) {
	for _, p := range params {
		if p.Default != nil {
			r.expr(p.Default)
		}
	}
}

// params lays out the parameters as the first slots of fn: positional ones,
// keyword-only ones, then *args and **kwargs.
func (r *resolver) params(fn *Function, params []*syntax.Param) {
	var star, starstar *syntax.Ident
	seenStar := false
	var positional, kwonly []*syntax.Ident
	for _, p := range params {
		switch p.Kind {
		case syntax.NormalParam:
			if seenStar {
				kwonly = append(kwonly, p.Name)
			} else {
				positional = append(positional, p.Name)
			}
		case syntax.SlashParam:
			fn.NumPosOnly = len(positional)
		case syntax.StarParam:
			seenStar = true
			star = p.Name
		case syntax.StarStarParam:
			starstar = p.Name
		}
	}
	fn.NumParams = len(positional)
	fn.NumKwOnly = len(kwonly)
	fn.HasVarargs = star != nil
	fn.HasKwargs = starstar != nil
	all := append(positional, kwonly...)
	if star != nil {
		all = append(all, star)
	}
	if starstar != nil {
		all = append(all, starstar)
	}
	for _, id := range all {
		if _, dup := fn.bindings[id.Name]; dup {
			r.errorf(id, "duplicate argument '%s' in function definition", id.Name)
			continue
		}
		b := &Binding{Name: id.Name, Scope: Local, Index: len(fn.Locals), First: id}
		fn.Locals = append(fn.Locals, b)
		fn.bindings[id.Name] = b
		id.Binding = b
	}
}

func comprehensionShort(k syntax.ComprehensionKind) string {
	switch k {
	case syntax.SetComp:
		return "setcomp"
	case syntax.DictComp:
		return "dictcomp"
	case syntax.GeneratorExp:
		return "genexpr"
	}
	return "listcomp"
}

func comprehensionName(k syntax.ComprehensionKind) string {
	switch k {
	case syntax.SetComp:
		return "set comprehension"
	case syntax.DictComp:
		return "dict comprehension"
	case syntax.GeneratorExp:
		return "generator expression"
	}
	return "list comprehension"
}

// describe names an expression the way CPython's assignment errors do.
func describe(e syntax.Expr) string {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Call:
		return "function call"
	case *syntax.Literal, *syntax.FString:
		return "literal"
	case *syntax.Const:
		if e.Kind == syntax.ConstEllipsis {
			return "ellipsis"
		}
		return e.Kind.String()
	case *syntax.Binary, *syntax.Unary:
		return "expression"
	case *syntax.Compare:
		return "comparison"
	case *syntax.IfExpr:
		return "conditional expression"
	case *syntax.Lambda:
		return "lambda"
	case *syntax.Comprehension:
		return comprehensionName(e.Kind)
	case *syntax.Dict:
		return "dict literal"
	case *syntax.Set:
		return "set display"
	case *syntax.Yield:
		return "yield expression"
	}
	return "expression"
}
