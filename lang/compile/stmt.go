package compile

import (
	"strings"

	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

// stmts compiles a block. Every statement starts and ends at the block's
// stack depth, so after one that cannot complete (return, raise, break, an
// if whose branches all return) the next is compiled from that depth too:
// it is unreachable, but its exception-table entries and labels must still
// be consistent.
func (c *fcomp) stmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		base := c.depth
		c.stmt(s)
		if c.dead {
			c.depth, c.dead = base, false
		}
	}
}

func (c *fcomp) stmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.ExprStmt:
		c.expr(s.X)
		c.emit(POP_TOP, 0)
	case *syntax.AssignStmt:
		c.assign(s)
	case *syntax.AugAssignStmt:
		c.augAssign(s)
	case *syntax.BranchStmt:
		c.at(s)
		switch s.Token {
		case syntax.BREAK:
			c.breakOrContinue(true)
		case syntax.CONTINUE:
			c.breakOrContinue(false)
		}
	case *syntax.ReturnStmt:
		c.returnStmt(s)
	case *syntax.IfStmt:
		c.ifStmt(s)
	case *syntax.WhileStmt:
		c.whileStmt(s)
	case *syntax.ForStmt:
		c.forStmt(s)
	case *syntax.DefStmt:
		c.def(s)
	case *syntax.ClassStmt:
		c.class(s)
	case *syntax.ImportStmt:
		c.importStmt(s)
	case *syntax.FromImportStmt:
		c.fromImport(s)
	case *syntax.GlobalStmt:
		// Resolved statically.
	case *syntax.DelStmt:
		for _, t := range s.Targets {
			c.delTarget(t)
		}
	case *syntax.AssertStmt:
		c.assert(s)
	case *syntax.RaiseStmt:
		c.raise(s)
	case *syntax.TryStmt:
		start := len(c.fc.Code)
		c.try(s)
		c.fc.Regions = append(c.fc.Regions, Region{Start: int32(start), End: int32(len(c.fc.Code)), Kind: "try", Line: s.Try.Line})
	case *syntax.WithStmt:
		start := len(c.fc.Code)
		c.with(s, 0)
		c.fc.Regions = append(c.fc.Regions, Region{Start: int32(start), End: int32(len(c.fc.Code)), Kind: "with", Line: s.With.Line})
	case *syntax.LineMagic, *syntax.CellMagic, *syntax.HelpStmt:
		c.magic(s)
		c.emit(POP_TOP, 0)
	default:
		c.at(s)
		c.errorf("unsupported statement %T", s)
	}
}

func (c *fcomp) magic(s syntax.Stmt) {
	c.at(s)
	var m *Magic
	switch s := s.(type) {
	case *syntax.LineMagic:
		m = &Magic{Kind: LineMagic, Name: s.Name, Args: s.Args, Pos: s.Percent, ArgsPos: s.ArgsPos}
	case *syntax.CellMagic:
		m = &Magic{Kind: CellMagic, Name: s.Name, Args: s.Args, Body: s.Body, Pos: s.Percent, ArgsPos: s.BodyPos}
	case *syntax.HelpStmt:
		name := "pinfo"
		if s.Verbose {
			name = "pinfo2"
		}
		start, _ := s.X.Span()
		m = &Magic{Kind: HelpMagic, Name: name, Args: strings.TrimSpace(c.p.source(s.X)), Pos: start, ArgsPos: start}
	}
	c.emit(MAGIC, c.constIndex(m))
}

// ---- assignment ----

func (c *fcomp) assign(s *syntax.AssignStmt) {
	if s.Value == nil {
		return // a bare annotation
	}
	c.expr(s.Value)
	for i, t := range s.Targets {
		if i < len(s.Targets)-1 {
			c.emit(DUP_TOP, 0)
		}
		c.assignTarget(t)
	}
}

// assignTarget stores TOS into a target.
func (c *fcomp) assignTarget(t syntax.Expr) {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		c.store(t)
	case *syntax.Attr:
		c.expr(t.X)
		c.at(t)
		c.emit(STORE_ATTR, c.attrIndex(t.Name.Name))
	case *syntax.Index:
		c.expr(t.X)
		c.subscript(t.Index)
		c.at(t)
		c.emit(STORE_SUBSCR, 0)
	case *syntax.Tuple:
		c.unpack(t, t.Elems)
	case *syntax.List:
		c.unpack(t, t.Elems)
	default:
		c.at(t)
		c.errorf("cannot assign to expression")
	}
}

func (c *fcomp) unpack(t syntax.Expr, elems []syntax.Expr) {
	c.at(t)
	star := -1
	for i, e := range elems {
		if _, ok := e.(*syntax.Starred); ok {
			star = i
		}
	}
	if star < 0 {
		c.emit(UNPACK_SEQ, uint32(len(elems)))
	} else {
		after := len(elems) - star - 1
		if star > 0xfff || after > 0xfff {
			c.errorf("too many expressions in star-unpacking assignment")
		}
		c.emit(UNPACK_EX, uint32(star)|uint32(after)<<12)
	}
	for _, e := range elems {
		if s, ok := e.(*syntax.Starred); ok {
			e = s.X
		}
		c.assignTarget(e)
	}
}

func (c *fcomp) augAssign(s *syntax.AugAssignStmt) {
	op := s.Op.AugmentedBase()
	switch t := syntax.Unparen(s.Target).(type) {
	case *syntax.Ident:
		c.load(t)
		c.expr(s.Value)
		c.at(s)
		c.emit(INPLACE, uint32(op))
		c.store(t)
	case *syntax.Attr:
		c.expr(t.X)
		c.emit(DUP_TOP, 0)
		c.at(t)
		c.emit(LOAD_ATTR, c.attrIndex(t.Name.Name))
		c.expr(s.Value)
		c.at(s)
		c.emit(INPLACE, uint32(op))
		c.emit(ROT_TWO, 0)
		c.at(t)
		c.emit(STORE_ATTR, c.attrIndex(t.Name.Name))
	case *syntax.Index:
		c.expr(t.X)
		c.subscript(t.Index)
		c.emit(DUP_TOP2, 0)
		c.at(t)
		c.emit(BINARY_SUBSCR, 0)
		c.expr(s.Value)
		c.at(s)
		c.emit(INPLACE, uint32(op))
		c.emit(ROT_THREE, 0)
		c.at(t)
		c.emit(STORE_SUBSCR, 0)
	}
}

func (c *fcomp) delTarget(t syntax.Expr) {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		c.del(t)
	case *syntax.Attr:
		c.expr(t.X)
		c.at(t)
		c.emit(DELETE_ATTR, c.attrIndex(t.Name.Name))
	case *syntax.Index:
		c.expr(t.X)
		c.subscript(t.Index)
		c.at(t)
		c.emit(DELETE_SUBSCR, 0)
	case *syntax.Tuple:
		for _, e := range t.Elems {
			c.delTarget(e)
		}
	case *syntax.List:
		for _, e := range t.Elems {
			c.delTarget(e)
		}
	}
}

// ---- control flow ----

func (c *fcomp) ifStmt(s *syntax.IfStmt) {
	end := newLabel()
	if len(s.False) == 0 {
		c.condJump(s.Cond, false, end)
		c.stmts(s.True)
		c.bind(end)
		return
	}
	orelse := newLabel()
	c.condJump(s.Cond, false, orelse)
	c.stmts(s.True)
	c.jump(JUMP, end)
	c.bind(orelse)
	c.stmts(s.False)
	c.bind(end)
}

// isTrueConst reports whether e is the constant True or a nonzero int literal.
func isTrueConst(e syntax.Expr) bool {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Const:
		return e.Kind == syntax.ConstTrue
	case *syntax.Literal:
		v, ok := e.Value.(int64)
		return ok && v != 0
	}
	return false
}

func (c *fcomp) whileStmt(s *syntax.WhileStmt) {
	top, orelse, end := newLabel(), newLabel(), newLabel()
	c.bind(top)
	if !isTrueConst(s.Cond) {
		c.condJump(s.Cond, false, orelse)
	}
	c.fblocks = append(c.fblocks, fblock{kind: whileLoop, breakLabel: end, continueLabel: top, outerHandler: c.handler})
	c.stmts(s.Body)
	c.fblocks = c.fblocks[:len(c.fblocks)-1]
	c.at(s.Cond)
	c.jump(JUMP, top)
	c.bind(orelse)
	c.stmts(s.Else)
	c.bind(end)
}

func (c *fcomp) forStmt(s *syntax.ForStmt) {
	// Errors of the iteration itself are located on the for statement,
	// as in CPython.
	c.expr(s.X)
	c.at(s)
	c.emit(GET_ITER, 0)
	top, orelse, end := newLabel(), newLabel(), newLabel()
	c.bind(top)
	c.at(s)
	c.jump(FOR_ITER, orelse)
	c.assignTarget(s.Vars)
	c.fblocks = append(c.fblocks, fblock{kind: forLoop, breakLabel: end, continueLabel: top, outerHandler: c.handler})
	c.stmts(s.Body)
	c.fblocks = c.fblocks[:len(c.fblocks)-1]
	c.at(s)
	c.jump(JUMP, top)
	c.bind(orelse)
	c.stmts(s.Else)
	c.bind(end)
}

func (c *fcomp) breakOrContinue(isBreak bool) {
	for i := len(c.fblocks) - 1; i >= 0; i-- {
		fb := c.fblocks[i]
		if fb.kind == forLoop || fb.kind == whileLoop {
			// The jump itself belongs to the loop's level: no handler
			// inside the loop may catch an interrupt raised by it.
			saved := c.handler
			if isBreak {
				c.unwind(i, true)
				c.handler = fb.outerHandler
				c.jump(JUMP, fb.breakLabel)
			} else {
				c.unwind(i+1, false)
				c.handler = fb.outerHandler
				c.jump(JUMP, fb.continueLabel)
			}
			c.handler = saved
			return
		}
	}
	c.errorf("'break' outside loop")
}

func (c *fcomp) returnStmt(s *syntax.ReturnStmt) {
	if s.Result != nil {
		c.expr(s.Result)
	} else {
		c.at(s)
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	c.at(s)
	if c.needsUnwind(0) {
		slot := c.tempSlot()
		c.emit(STORE_FAST, slot)
		c.unwind(0, true)
		saved := c.handler
		c.handler = c.fblocks[0].outerHandler
		c.at(s)
		c.emit(LOAD_FAST, slot)
		c.emit(RETURN_VALUE, 0)
		c.handler = saved
		return
	}
	c.emit(RETURN_VALUE, 0)
}

// needsUnwind reports whether leaving the fblocks from index down runs any code.
func (c *fcomp) needsUnwind(down int) bool {
	for i := len(c.fblocks) - 1; i >= down; i-- {
		if c.fblocks[i].kind != whileLoop {
			return true
		}
	}
	return false
}

// unwind emits the cleanup for leaving every fblock from the innermost down
// to index down (inclusive). A for loop's iterator is popped only when
// leaving the loop itself (popLoop, or any loop above down).
func (c *fcomp) unwind(down int, popLoop bool) {
	saved := c.fblocks
	savedHandler := c.handler
	for i := len(saved) - 1; i >= down; i-- {
		fb := saved[i]
		// Code run while leaving a block belongs to the blocks outside it.
		c.fblocks = saved[:i]
		c.handler = fb.outerHandler
		switch fb.kind {
		case forLoop:
			if i > down || popLoop {
				c.emit(POP_ITER, 0)
			}
		case tryFinally:
			c.stmts(fb.finally)
		case finallyExceptional:
			c.emit(POP_TOP, 0)
			c.emit(POP_EXCEPT, 0)
		case exceptHandler:
			c.clearHandlerName(fb.handlerName)
			c.emit(POP_EXCEPT, 0)
		case withBlock:
			c.callExitNone()
		}
	}
	c.fblocks = saved
	c.handler = savedHandler
}

// callExitNone calls the __exit__ on TOS with three Nones and drops the result.
func (c *fcomp) callExitNone() {
	none := c.constIndex(nil)
	c.emit(LOAD_CONST, none)
	c.emit(LOAD_CONST, none)
	c.emit(LOAD_CONST, none)
	c.emit(CALL, 3)
	c.emit(POP_TOP, 0)
}

// clearHandlerName unbinds "e" after "except E as e", as Python does, so that
// the traceback it holds does not keep the frame's values alive.
func (c *fcomp) clearHandlerName(id *syntax.Ident) {
	if id == nil {
		return
	}
	c.emit(LOAD_CONST, c.constIndex(nil))
	c.store(id)
	c.del(id)
}

// condJump evaluates e and jumps to target when its truth equals jumpIf.
func (c *fcomp) condJump(e syntax.Expr, jumpIf bool, target *label) {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Unary:
		if e.Op == syntax.NOT {
			c.condJump(e.X, !jumpIf, target)
			return
		}
	case *syntax.Binary:
		switch e.Op {
		case syntax.AND, syntax.OR:
			// For "x and y" jumping when false: either false jumps. For
			// "x and y" jumping when true: x false skips y.
			if (e.Op == syntax.AND) != jumpIf {
				c.condJump(e.X, jumpIf, target)
				c.condJump(e.Y, jumpIf, target)
				return
			}
			skip := newLabel()
			c.condJump(e.X, !jumpIf, skip)
			c.condJump(e.Y, jumpIf, target)
			c.bind(skip)
			return
		}
	}
	c.expr(e)
	c.at(e)
	if jumpIf {
		c.jump(POP_JUMP_IF_TRUE, target)
	} else {
		c.jump(POP_JUMP_IF_FALSE, target)
	}
}

// ---- definitions ----

func (c *fcomp) def(s *syntax.DefStmt) {
	for _, d := range s.Decorators {
		c.expr(d.X)
	}
	fn := s.Function.(*resolve.Function)
	c.makeFunction(s, fn, s.Params, c.qualname(s.Name.Name))
	for i := len(s.Decorators) - 1; i >= 0; i-- {
		c.at(s.Decorators[i])
		c.emit(CALL, 1)
	}
	c.store(s.Name)
}

// qualname is the qualified name of a block defined in this one.
func (c *fcomp) qualname(name string) string {
	switch c.fc.Kind {
	case ModuleCode:
		return name
	case ClassCode:
		return c.fc.QualName + "." + name
	}
	return c.fc.QualName + ".<locals>." + name
}

// makeFunction pushes a new function object for a def, lambda or comprehension.
func (c *fcomp) makeFunction(node syntax.Node, fn *resolve.Function, params []*syntax.Param, qualname string) {
	var positional, kwonly []*syntax.Param
	seenStar := false
	for _, p := range params {
		switch p.Kind {
		case syntax.StarParam:
			seenStar = true
		case syntax.NormalParam:
			if seenStar {
				kwonly = append(kwonly, p)
			} else {
				positional = append(positional, p)
			}
		}
	}
	ndefaults := 0
	for _, p := range positional {
		if p.Default != nil {
			c.expr(p.Default)
			ndefaults++
		}
	}
	c.at(node)
	if ndefaults > 0 {
		c.emit(BUILD_TUPLE, uint32(ndefaults))
	} else {
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	nkw := 0
	for _, p := range kwonly {
		if p.Default != nil {
			c.emit(LOAD_CONST, c.constIndex(p.Name.Name))
			c.expr(p.Default)
			nkw++
		}
	}
	c.at(node)
	if nkw > 0 {
		c.emit(BUILD_MAP, uint32(nkw))
	} else {
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	code := c.p.function(fn, qualname, c.className)
	c.fc.Funcs = append(c.fc.Funcs, code)
	c.at(node)
	c.emit(MAKE_FUNCTION, uint32(len(c.fc.Funcs)-1))
}

func (c *fcomp) class(s *syntax.ClassStmt) {
	for _, d := range s.Decorators {
		c.expr(d.X)
	}
	for _, b := range s.Bases {
		c.expr(b.Value)
	}
	c.at(s.Name)
	c.emit(BUILD_TUPLE, uint32(len(s.Bases)))
	fn := s.Scope.(*resolve.Function)
	code := c.p.function(fn, c.qualname(s.Name.Name), c.className)
	c.fc.Funcs = append(c.fc.Funcs, code)
	c.at(s.Name)
	c.emit(MAKE_CLASS, uint32(len(c.fc.Funcs)-1))
	for i := len(s.Decorators) - 1; i >= 0; i-- {
		c.at(s.Decorators[i])
		c.emit(CALL, 1)
	}
	c.store(s.Name)
}

// ---- imports ----

func dotted(path []*syntax.Ident) string {
	parts := make([]string, len(path))
	for i, id := range path {
		parts[i] = id.Name
	}
	return strings.Join(parts, ".")
}

func (c *fcomp) importStmt(s *syntax.ImportStmt) {
	for _, n := range s.Names {
		c.at(s)
		name := c.nameIndex(dotted(n.Path))
		if n.AsName != nil {
			c.emit(IMPORT_NAME, name)
			c.store(n.AsName)
		} else {
			c.emit(IMPORT_TOP, name)
			c.store(n.Path[0])
		}
	}
}

func (c *fcomp) fromImport(s *syntax.FromImportStmt) {
	c.at(s)
	c.emit(IMPORT_NAME, c.nameIndex(dotted(s.Module)))
	if s.Star.IsValid() {
		c.emit(IMPORT_STAR, 0)
		return
	}
	for _, n := range s.Names {
		c.at(s)
		c.emit(IMPORT_FROM, c.nameIndex(n.Path[0].Name))
		if n.AsName != nil {
			c.store(n.AsName)
		} else {
			c.store(n.Path[0])
		}
	}
	c.emit(POP_TOP, 0)
}

// ---- assert and raise ----

func (c *fcomp) assert(s *syntax.AssertStmt) {
	end := newLabel()
	c.condJump(s.Test, true, end)
	c.at(s.Test)
	if s.Msg != nil {
		c.expr(s.Msg)
		c.at(s.Test)
		c.emit(ASSERT_FAIL, 1)
	} else {
		c.emit(LOAD_CONST, c.constIndex(nil))
		c.emit(ASSERT_FAIL, 0)
	}
	c.bind(end)
}

func (c *fcomp) raise(s *syntax.RaiseStmt) {
	n := uint32(0)
	if s.Exc != nil {
		c.expr(s.Exc)
		n++
		if s.Cause != nil {
			c.expr(s.Cause)
			n++
		}
	}
	c.at(s)
	c.emit(RAISE, n)
}

// ---- try and with ----

func (c *fcomp) try(s *syntax.TryStmt) {
	if len(s.Finally) == 0 {
		c.tryExcept(s)
		return
	}
	fin, end := newLabel(), newLabel()
	outer := c.handler
	c.handler = c.newHandler(fin, c.depth)
	c.fblocks = append(c.fblocks, fblock{kind: tryFinally, finally: s.Finally, outerHandler: outer})
	if len(s.Handlers) > 0 {
		c.tryExcept(s)
	} else {
		c.stmts(s.Body)
	}
	c.fblocks = c.fblocks[:len(c.fblocks)-1]
	c.handler = outer
	c.stmts(s.Finally)
	c.jump(JUMP, end)

	// The exceptional path runs the finally body with [prev exc] on the stack.
	c.bind(fin)
	c.at(s)
	c.emit(PUSH_EXC_INFO, 0)
	cleanup := newLabel()
	c.handler = c.newHandler(cleanup, c.depth-1)
	c.fblocks = append(c.fblocks, fblock{kind: finallyExceptional, outerHandler: outer})
	c.stmts(s.Finally)
	c.fblocks = c.fblocks[:len(c.fblocks)-1]
	c.at(s)
	c.emit(RERAISE, 0)
	c.handler = outer
	c.bind(cleanup)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// tryExcept compiles try/except/else; a finally clause is the caller's.
func (c *fcomp) tryExcept(s *syntax.TryStmt) {
	caught, end := newLabel(), newLabel()
	outer := c.handler
	c.handler = c.newHandler(caught, c.depth)
	c.stmts(s.Body)
	c.handler = outer
	c.stmts(s.Else)
	c.jump(JUMP, end)

	// [exc] -> [prev exc]: the exception becomes the one being handled. Until
	// a clause finishes, an exception restores prev (the cleanup handler).
	c.bind(caught)
	c.at(s)
	c.emit(PUSH_EXC_INFO, 0)
	base := c.depth - 1 // [prev]
	cleanup := newLabel()
	hCleanup := c.newHandler(cleanup, base)
	c.handler = hCleanup
	for _, h := range s.Handlers {
		next := newLabel()
		if h.Type != nil {
			c.expr(h.Type)
			c.at(h)
			c.emit(CHECK_EXC_MATCH, 0)
			c.jump(POP_JUMP_IF_FALSE, next)
		}
		if h.Name != nil {
			c.store(h.Name)
		} else {
			c.emit(POP_TOP, 0)
		}
		c.fblocks = append(c.fblocks, fblock{kind: exceptHandler, handlerName: h.Name, outerHandler: outer})
		var named *label
		if h.Name != nil {
			// An exception inside a named clause still unbinds the name.
			named = newLabel()
			c.handler = c.newHandler(named, base)
		}
		c.stmts(h.Body)
		c.fblocks = c.fblocks[:len(c.fblocks)-1]
		c.handler = hCleanup
		c.clearHandlerName(h.Name)
		c.handler = outer
		c.emit(POP_EXCEPT, 0)
		c.jump(JUMP, end)
		if named != nil {
			c.bind(named)
			c.clearHandlerName(h.Name)
			c.emit(POP_EXCEPT_RERAISE, 0)
		}
		c.handler = hCleanup
		c.bind(next)
	}
	// No clause matched: raise it again.
	c.at(s)
	c.emit(RERAISE, 0)
	c.handler = outer
	c.bind(cleanup)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// with compiles a with statement's items from index i on.
func (c *fcomp) with(s *syntax.WithStmt, i int) {
	it := s.Items[i]
	c.expr(it.Ctx)
	c.at(it.Ctx)
	c.emit(BEFORE_WITH, 0) // [exit enter-result]
	caught, end := newLabel(), newLabel()
	outer := c.handler
	c.handler = c.newHandler(caught, c.depth-1)
	if it.Target != nil {
		c.assignTarget(it.Target)
	} else {
		c.emit(POP_TOP, 0)
	}
	c.fblocks = append(c.fblocks, fblock{kind: withBlock, outerHandler: outer})
	if i+1 < len(s.Items) {
		c.with(s, i+1)
	} else {
		c.stmts(s.Body)
	}
	c.fblocks = c.fblocks[:len(c.fblocks)-1]
	c.handler = outer
	c.at(it.Ctx)
	c.callExitNone()
	c.jump(JUMP, end)

	// [exit exc] -> [exit prev exc]; __exit__ decides whether to suppress it.
	c.bind(caught)
	c.at(it.Ctx)
	c.emit(PUSH_EXC_INFO, 0)
	cleanup := newLabel()
	hCleanup := c.newHandler(cleanup, c.depth-1)
	c.handler = hCleanup
	c.emit(WITH_EXCEPT, 0)
	reraise := newLabel()
	c.jump(POP_JUMP_IF_FALSE, reraise)
	c.emit(POP_TOP, 0)
	c.handler = outer
	c.emit(POP_EXCEPT, 0)
	c.emit(POP_TOP, 0)
	c.jump(JUMP, end)
	c.handler = hCleanup
	c.bind(reraise)
	c.emit(RERAISE, 0)
	c.handler = outer
	c.bind(cleanup)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}
