package compile

import (
	"fmt"
	"math"
	"strings"

	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

func floatBits(f float64) uint64 { return math.Float64bits(f) }

// File compiles a resolved file. The module code returns the value of the
// file's last statement when that is an expression (or a magic), and None
// otherwise, so that an interactive front end can show it.
func File(f *syntax.File) (prog *Program, err error) {
	m, ok := f.Module.(*resolve.Module)
	if !ok {
		return nil, fmt.Errorf("compile: file %s is not resolved", f.Path)
	}
	prog = &Program{Filename: f.Path, Src: f.Src}
	p := &pcomp{prog: prog, globals: make(map[string]int), src: f.Src}
	defer func() {
		if e := recover(); e != nil {
			ce, ok := e.(*syntax.Error)
			if !ok {
				panic(e)
			}
			prog, err = nil, ce
		}
	}()
	prog.Toplevel = p.function(m.Top, "<module>", "")
	return prog, nil
}

// pcomp holds what is shared by every block of one program.
type pcomp struct {
	prog    *Program
	globals map[string]int
	src     string
	lines   []string
}

func (p *pcomp) globalIndex(name string) uint32 {
	if i, ok := p.globals[name]; ok {
		return uint32(i)
	}
	i := len(p.prog.Globals)
	p.globals[name] = i
	p.prog.Globals = append(p.prog.Globals, name)
	return uint32(i)
}

// source returns the text of a node's span, for help magics and f-string debug.
func (p *pcomp) source(n syntax.Node) string {
	if p.lines == nil {
		p.lines = strings.Split(p.src, "\n")
	}
	start, end := n.Span()
	if start.Line < 1 || int(end.Line) > len(p.lines) {
		return ""
	}
	if start.Line == end.Line {
		r := []rune(p.lines[start.Line-1])
		lo, hi := int(start.Col-1), int(end.Col-1)
		if lo < 0 || hi > len(r) || lo > hi {
			return ""
		}
		return string(r[lo:hi])
	}
	var b strings.Builder
	b.WriteString(string([]rune(p.lines[start.Line-1])[start.Col-1:]))
	for l := start.Line + 1; l < end.Line; l++ {
		b.WriteString("\n" + p.lines[l-1])
	}
	last := []rune(p.lines[end.Line-1])
	b.WriteString("\n" + string(last[:min(int(end.Col-1), len(last))]))
	return b.String()
}

// A label is a forward or backward jump target.
type label struct {
	pc    int   // -1 until bound
	refs  []int // instructions that jump here, to patch when bound
	depth int   // stack depth at the label; -1 until known
}

func newLabel() *label { return &label{pc: -1, depth: -1} }

// fblockKind is the kind of an enclosing construct that break, continue and
// return must unwind.
type fblockKind uint8

const (
	forLoop fblockKind = iota
	whileLoop
	tryFinally
	finallyExceptional // the exceptional copy of a finally body: [prev exc] on the stack
	exceptHandler      // an except clause's body: [prev] on the stack
	withBlock          // a with body: [exit] on the stack
)

type fblock struct {
	kind          fblockKind
	breakLabel    *label
	continueLabel *label
	finally       []syntax.Stmt // tryFinally: the body to inline
	handlerName   *syntax.Ident // exceptHandler: the 'as' name to clear
	outerHandler  int           // the handler active outside this block
}

// handlerInfo is an exception handler during compilation.
type handlerInfo struct {
	target *label
	depth  int
}

// fcomp compiles one block.
type fcomp struct {
	p  *pcomp
	fc *Funcode
	fn *resolve.Function

	depth    int
	dead     bool // the next instruction is unreachable
	span     Span
	consts   map[constKey]int
	names    map[string]int
	handlers []handlerInfo
	handler  int     // active handler index, -1 for none
	pcHandle []int32 // active handler of each instruction
	fblocks  []fblock
	retSlot  int // temporary slot for return values crossing finally blocks; -1 until needed
	// className is the (underscore-stripped) name of the enclosing class,
	// or "": private names (__x) inside a class become _Class__x.
	className string
}

// mangle applies Python's private-name mangling to an attribute or a name
// looked up by string.
func (c *fcomp) mangle(name string) string {
	if c.className == "" || !strings.HasPrefix(name, "__") || strings.HasSuffix(name, "__") || strings.Contains(name, ".") {
		return name
	}
	return "_" + c.className + name
}

// function compiles a block. className is the name of the innermost class
// whose body contains the block, for private-name mangling.
func (p *pcomp) function(fn *resolve.Function, qualname, className string) *Funcode {
	fc := &Funcode{
		Prog:        p.prog,
		Name:        fn.Name,
		QualName:    qualname,
		Pos:         fn.Pos,
		Node:        fn.Node,
		NumParams:   fn.NumParams,
		NumPosOnly:  fn.NumPosOnly,
		NumKwOnly:   fn.NumKwOnly,
		HasVarargs:  fn.HasVarargs,
		HasKwargs:   fn.HasKwargs,
		IsGenerator: fn.IsGenerator,
		FreeFrom:    fn.FreeFrom,
		ClassCell:   -1,
	}
	for _, b := range fn.Locals {
		fc.Locals = append(fc.Locals, b.Name)
		if b.Scope == resolve.Cell {
			fc.Cells = append(fc.Cells, b.Index)
		}
	}
	for _, b := range fn.FreeVars {
		fc.FreeVars = append(fc.FreeVars, b.Name)
	}
	fc.NumSlots = len(fc.Locals) + len(fc.FreeVars)
	if fn.ClassCell {
		fc.ClassCell = fn.ClassCellIndex
	}
	if fn.Kind == resolve.ClassBlock {
		className = strings.TrimLeft(fn.Name, "_")
	}
	c := &fcomp{p: p, fc: fc, fn: fn, consts: make(map[constKey]int), names: make(map[string]int), handler: -1, retSlot: -1, className: className}
	switch n := fn.Node.(type) {
	case *syntax.File:
		fc.Kind = ModuleCode
		fc.Doc = docstring(n.Stmts)
		c.module(n.Stmts)
	case *syntax.DefStmt:
		fc.Kind = FunctionCode
		fc.Doc = docstring(n.Body)
		c.body(n.Body)
		c.setSpanEnd(n)
		c.emit(LOAD_CONST, c.constIndex(nil))
		c.emit(RETURN_VALUE, 0)
	case *syntax.Lambda:
		fc.Kind = LambdaCode
		c.expr(n.Body)
		c.emit(RETURN_VALUE, 0)
	case *syntax.Comprehension:
		fc.Kind = ComprehensionCode
		c.comprehensionBody(n)
	case *syntax.ClassStmt:
		fc.Kind = ClassCode
		c.classBody(n)
	}
	c.finish()
	return fc
}

// docstring returns the docstring of a body, if its first statement is a string.
func docstring(body []syntax.Stmt) string {
	if len(body) == 0 {
		return ""
	}
	if es, ok := body[0].(*syntax.ExprStmt); ok {
		if lit, ok := syntax.Unparen(es.X).(*syntax.Literal); ok && lit.Kind == syntax.StringLit {
			return lit.Value.(string)
		}
	}
	return ""
}

func (c *fcomp) module(stmts []syntax.Stmt) {
	n := len(stmts)
	if n > 0 && isValueStmt(stmts[n-1]) {
		c.stmts(stmts[:n-1])
		c.valueStmt(stmts[n-1])
		c.emit(RETURN_VALUE, 0)
		return
	}
	c.stmts(stmts)
	c.emit(LOAD_CONST, c.constIndex(nil))
	c.emit(RETURN_VALUE, 0)
}

// isValueStmt reports whether a statement has a value an interactive front
// end shows when the statement ends a cell.
func isValueStmt(s syntax.Stmt) bool {
	switch s.(type) {
	case *syntax.ExprStmt, *syntax.LineMagic, *syntax.CellMagic, *syntax.HelpStmt:
		return true
	}
	return false
}

// valueStmt compiles a statement for which isValueStmt holds, leaving its value.
func (c *fcomp) valueStmt(s syntax.Stmt) {
	if es, ok := s.(*syntax.ExprStmt); ok {
		c.expr(es.X)
		return
	}
	c.magic(s)
}

func (c *fcomp) classBody(n *syntax.ClassStmt) {
	if doc := docstring(n.Body); doc != "" {
		c.fc.Doc = doc
	}
	c.body(n.Body)
	c.setSpanEnd(n)
	if c.fc.ClassCell >= 0 {
		c.emit(LOAD_CLOSURE, uint32(c.fc.ClassCell))
	} else {
		c.emit(LOAD_CONST, c.constIndex(nil))
	}
	c.emit(RETURN_VALUE, 0)
}

// body compiles a function or class body, skipping its docstring.
func (c *fcomp) body(stmts []syntax.Stmt) {
	if docstring(stmts) != "" {
		stmts = stmts[1:]
	}
	c.stmts(stmts)
}

// finish resolves the exception table and the stack size.
func (c *fcomp) finish() {
	fc := c.fc
	var hs []Handler
	for pc := 0; pc < len(c.pcHandle); {
		h := c.pcHandle[pc]
		end := pc + 1
		for end < len(c.pcHandle) && c.pcHandle[end] == h {
			end++
		}
		if h >= 0 {
			info := c.handlers[h]
			hs = append(hs, Handler{Start: int32(pc), End: int32(end), Target: int32(info.target.pc), Depth: int32(info.depth)})
		}
		pc = end
	}
	fc.Handlers = hs
	if fc.MaxStack < 1 {
		fc.MaxStack = 1
	}
}

// ---- emission ----

func (c *fcomp) at(n syntax.Node) {
	start, end := n.Span()
	c.span = Span{Line: start.Line, Col: start.Col, EndLine: end.Line, EndCol: end.Col}
}

// setSpanEnd points the span at the end of a block, for its implicit return.
func (c *fcomp) setSpanEnd(n syntax.Node) {
	_, end := n.Span()
	c.span = Span{Line: end.Line, Col: end.Col, EndLine: end.Line, EndCol: end.Col}
}

func (c *fcomp) emit(op Opcode, arg uint32) int {
	if arg > MaxArg {
		c.errorf("too many constants, names or instructions in one function")
	}
	pc := len(c.fc.Code)
	c.fc.Code = append(c.fc.Code, MakeInstr(op, arg))
	c.fc.Spans = append(c.fc.Spans, c.span)
	c.pcHandle = append(c.pcHandle, int32(c.handler))
	if !c.dead {
		c.depth += stackEffect(op, arg)
		if c.depth > c.fc.MaxStack {
			c.fc.MaxStack = c.depth
		}
		if c.depth < 0 {
			panic(fmt.Sprintf("compile: stack underflow at %v in %s", op, c.fc.Name))
		}
	}
	switch op {
	case JUMP, RETURN_VALUE, RERAISE, RAISE, POP_EXCEPT_RERAISE, ASSERT_FAIL:
		c.dead = true
	}
	return pc
}

// jump emits a jump instruction to l.
func (c *fcomp) jump(op Opcode, l *label) {
	before := c.depth
	wasDead := c.dead
	pc := c.emit(op, 0)
	if !wasDead {
		c.setLabelDepth(l, before+jumpEffect(op, 0))
	}
	if l.pc >= 0 {
		c.fc.Code[pc] = MakeInstr(op, uint32(l.pc))
		return
	}
	l.refs = append(l.refs, pc)
}

func (c *fcomp) setLabelDepth(l *label, d int) {
	if l.depth >= 0 && l.depth != d {
		panic(fmt.Sprintf("compile: inconsistent stack depth at label in %s: %d vs %d", c.fc.Name, l.depth, d))
	}
	l.depth = d
	if d > c.fc.MaxStack {
		c.fc.MaxStack = d
	}
}

// bind places l at the next instruction.
func (c *fcomp) bind(l *label) {
	l.pc = len(c.fc.Code)
	for _, ref := range l.refs {
		op := c.fc.Code[ref].Op()
		c.fc.Code[ref] = MakeInstr(op, uint32(l.pc))
	}
	l.refs = nil
	switch {
	case c.dead && l.depth >= 0:
		c.depth = l.depth
		c.dead = false
	case !c.dead:
		c.setLabelDepth(l, c.depth)
	}
}

func (c *fcomp) errorf(format string, args ...any) {
	pos := syntax.Position{File: c.fc.Pos.File, Line: c.span.Line, Col: c.span.Col}
	panic(&syntax.Error{Pos: pos, Kind: "SyntaxError", Msg: fmt.Sprintf(format, args...)})
}

func (c *fcomp) constIndex(v any) uint32 {
	if k, ok := keyOf(v); ok {
		if i, ok := c.consts[k]; ok {
			return uint32(i)
		}
		c.consts[k] = len(c.fc.Consts)
	}
	c.fc.Consts = append(c.fc.Consts, v)
	return uint32(len(c.fc.Consts) - 1)
}

// attrIndex is the operand for an attribute name, mangled if private.
func (c *fcomp) attrIndex(name string) uint32 { return c.nameIndex(c.mangle(name)) }

func (c *fcomp) nameIndex(name string) uint32 {
	if i, ok := c.names[name]; ok {
		return uint32(i)
	}
	c.names[name] = len(c.fc.Names)
	c.fc.Names = append(c.fc.Names, name)
	return uint32(len(c.fc.Names) - 1)
}

// newHandler registers an exception handler whose region starts at the
// given stack depth, and returns its index; it is active while c.handler
// holds that index.
func (c *fcomp) newHandler(target *label, depth int) int {
	c.handlers = append(c.handlers, handlerInfo{target: target, depth: depth})
	c.setLabelDepth(target, depth+1)
	return len(c.handlers) - 1
}

// ---- names ----

func binding(id *syntax.Ident) *resolve.Binding {
	b, ok := id.Binding.(*resolve.Binding)
	if !ok {
		panic(fmt.Sprintf("compile: unresolved name %s at %s", id.Name, id.NamePos))
	}
	return b
}

func (c *fcomp) load(id *syntax.Ident) {
	c.at(id)
	b := binding(id)
	switch b.Scope {
	case resolve.Local:
		c.emit(LOAD_FAST, uint32(b.Index))
	case resolve.Cell, resolve.Free:
		c.emit(LOAD_DEREF, uint32(b.Index))
	case resolve.ClassLocal:
		c.emit(LOAD_NAME, c.p.globalIndex(c.mangle(b.Name)))
	case resolve.ClassFree:
		c.emit(LOAD_CLASSDEREF, uint32(b.Index))
	default:
		c.emit(LOAD_GLOBAL, c.p.globalIndex(c.mangle(b.Name)))
	}
}

func (c *fcomp) store(id *syntax.Ident) {
	c.at(id)
	b := binding(id)
	switch b.Scope {
	case resolve.Local:
		c.emit(STORE_FAST, uint32(b.Index))
	case resolve.Cell, resolve.Free, resolve.ClassFree:
		c.emit(STORE_DEREF, uint32(b.Index))
	case resolve.ClassLocal:
		c.emit(STORE_NAME, c.p.globalIndex(c.mangle(b.Name)))
	default:
		c.emit(STORE_GLOBAL, c.p.globalIndex(c.mangle(b.Name)))
	}
}

func (c *fcomp) del(id *syntax.Ident) {
	c.at(id)
	b := binding(id)
	switch b.Scope {
	case resolve.Local:
		c.emit(DELETE_FAST, uint32(b.Index))
	case resolve.Cell, resolve.Free, resolve.ClassFree:
		c.emit(DELETE_DEREF, uint32(b.Index))
	case resolve.ClassLocal:
		c.emit(DELETE_NAME, c.p.globalIndex(c.mangle(b.Name)))
	default:
		c.emit(DELETE_GLOBAL, c.p.globalIndex(c.mangle(b.Name)))
	}
}

// tempSlot returns the slot for return values that cross finally blocks.
func (c *fcomp) tempSlot() uint32 {
	if c.retSlot < 0 {
		c.retSlot = c.fc.NumSlots
		c.fc.NumSlots++
	}
	return uint32(c.retSlot)
}
