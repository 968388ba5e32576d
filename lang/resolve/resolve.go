// Package resolve owns name resolution: it decides, for every name in a
// syntax tree, whether it is a local, a cell, a free variable, a global or a
// class-body name, assigns frame slots, and reports the structural errors
// that Python reports at compile time ('return' outside function, misplaced
// global and nonlocal, break outside a loop, ...).
//
// It annotates the tree in place (Ident.Binding, DefStmt.Function, ...) and
// neither compiles nor runs anything.
package resolve

import (
	"fmt"

	"msrepl/lang/syntax"
)

// File resolves the names of a parsed file. The file is treated as module
// code: its top-level names are globals. The error, if any, is a
// *syntax.Error for the first problem found.
func File(f *syntax.File) (*Module, error) {
	r := &resolver{}
	top := r.newFunction(ModuleBlock, "<module>", f.EOF, f, nil)
	if len(f.Stmts) > 0 {
		top.Pos, _ = f.Stmts[0].Span()
	}
	r.block(top, f.Stmts)
	r.finish()
	m := &Module{Top: top}
	f.Module = m
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}

type resolver struct {
	err       *syntax.Error
	functions []*Function
	fn        *Function // the block being resolved
	loops     int       // enclosing loops within fn
}

func (r *resolver) errorf(n syntax.Node, format string, args ...any) {
	if r.err != nil {
		return
	}
	start, end := n.Span()
	r.err = &syntax.Error{Pos: start, End: end, Kind: "SyntaxError", Msg: fmt.Sprintf(format, args...)}
}

func (r *resolver) newFunction(kind FunctionKind, name string, pos syntax.Position, node syntax.Node, parent *Function) *Function {
	fn := &Function{
		Kind:     kind,
		Name:     name,
		Pos:      pos,
		Node:     node,
		parent:   parent,
		bindings: make(map[string]*Binding),
	}
	r.functions = append(r.functions, fn)
	return fn
}

// finish numbers the free-variable slots, which follow the locals, and records
// where each captured cell comes from. It runs after every block is resolved,
// because resolving an inner block can add cells to outer ones.
func (r *resolver) finish() {
	for _, fn := range r.functions {
		for i, b := range fn.FreeVars {
			b.Index = len(fn.Locals) + i
		}
	}
	for _, fn := range r.functions {
		fn.FreeFrom = make([]int, len(fn.FreeVars))
		for i, outer := range fn.freeOuter {
			fn.FreeFrom[i] = outer.Index
		}
	}
}

// ---- blocks ----

// block resolves the body of fn: first it collects the names the body binds
// (Python makes a name local if it is bound anywhere in the block), then it
// resolves every use.
func (r *resolver) block(fn *Function, body []syntax.Stmt) {
	savedFn, savedLoops := r.fn, r.loops
	r.fn, r.loops = fn, 0
	var d declarer
	d.r, d.fn = r, fn
	d.stmts(body)
	r.stmts(body)
	r.fn, r.loops = savedFn, savedLoops
}

// bind makes name a variable of fn, unless fn declared it global or nonlocal.
func (r *resolver) bind(fn *Function, id *syntax.Ident) *Binding {
	if b, ok := fn.bindings[id.Name]; ok {
		return b
	}
	if _, ok := fn.globals[id.Name]; ok || fn.Kind == ModuleBlock {
		b := &Binding{Name: id.Name, Scope: Global, First: id}
		fn.bindings[id.Name] = b
		return b
	}
	if _, ok := fn.nonlocal[id.Name]; ok {
		return nil // bound by the nonlocal pass
	}
	scope := Local
	if fn.Kind == ClassBlock {
		scope = ClassLocal
	}
	b := &Binding{Name: id.Name, Scope: scope, First: id}
	if scope == Local {
		b.Index = len(fn.Locals)
		fn.Locals = append(fn.Locals, b)
	}
	fn.bindings[id.Name] = b
	return b
}

// use resolves a reference to a name in the current block.
func (r *resolver) use(id *syntax.Ident) {
	fn := r.fn
	if b, ok := fn.bindings[id.Name]; ok {
		id.Binding = b
		return
	}
	if _, ok := fn.globals[id.Name]; ok || fn.Kind == ModuleBlock {
		id.Binding = &Binding{Name: id.Name, Scope: Global, First: id}
		return
	}
	if b := r.capture(fn, id.Name, id); b != nil {
		id.Binding = b
		return
	}
	if id.Name == "super" {
		// Zero-argument super() finds the class through an implicit
		// __class__ cell, as in CPython.
		r.capture(fn, "__class__", id)
	}
	if fn.Kind == ClassBlock {
		id.Binding = &Binding{Name: id.Name, Scope: ClassLocal, First: id}
		return
	}
	id.Binding = &Binding{Name: id.Name, Scope: Global, First: id}
}

// capture returns fn's free-variable binding for name, creating it (and the
// chain of free variables in the blocks between) when an enclosing function
// binds name. It returns nil if no enclosing function does, in which case
// the name is global. Class bodies are skipped except for __class__.
func (r *resolver) capture(fn *Function, name string, use *syntax.Ident) *Binding {
	for i, b := range fn.FreeVars {
		if b.Name == name {
			return fn.FreeVars[i]
		}
	}
	p := fn.parent
	if p == nil || p.Kind == ModuleBlock {
		return nil
	}
	var outer *Binding
	if p.Kind == ClassBlock && name == "__class__" {
		outer = p.classCell()
	} else if p.Kind != ClassBlock {
		if b, ok := p.bindings[name]; ok {
			switch b.Scope {
			case Local:
				b.Scope = Cell
				outer = b
			case Cell, Free:
				outer = b
			default:
				return nil // declared global in p
			}
		} else if _, ok := p.globals[name]; ok {
			return nil
		}
	}
	if outer == nil {
		if outer = r.capture(p, name, use); outer == nil {
			return nil
		}
	}
	scope := Free
	if fn.Kind == ClassBlock {
		scope = ClassFree
	}
	b := &Binding{Name: name, Scope: scope, First: use}
	fn.FreeVars = append(fn.FreeVars, b)
	fn.freeOuter = append(fn.freeOuter, outer)
	return b
}

// classCell returns the __class__ cell of a class body, creating it.
func (fn *Function) classCell() *Binding {
	if fn.ClassCell {
		return fn.Locals[fn.ClassCellIndex]
	}
	b := &Binding{Name: "__class__", Scope: Cell, Index: len(fn.Locals)}
	fn.Locals = append(fn.Locals, b)
	fn.ClassCell = true
	fn.ClassCellIndex = b.Index
	return b
}
