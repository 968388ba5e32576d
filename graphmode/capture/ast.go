package capture

import (
	"errors"
	"fmt"
	"slices"

	"msrepl/graphmode/ir"
	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// Function captures a call of f, whose arguments args binds to its
// parameters' names, into the tracer's current graph, as MindSpore's ast
// capture parses a function: statements and control flow are walked here,
// calls of Python functions and Cells are inlined, and the rest is the
// Host's. It returns the call's value, a host value in which abstract
// tensors stand for what the graph computes.
func Function(h Host, tr *Tracer, f *Func, args map[string]Value, opt Options) (Value, error) {
	if opt.MaxCallDepth <= 0 {
		opt.MaxCallDepth = 1000
	}
	if opt.MaxUnroll <= 0 {
		opt.MaxUnroll = 10000
	}
	c := &capturer{h: h, tr: tr, opt: opt}
	return c.inline(f, args)
}

type capturer struct {
	h   Host
	tr  *Tracer
	opt Options
	// frames are the inlined calls being captured, outermost first; each
	// one's Span is what runs in it now.
	frames []Frame
	// graphs numbers the subgraphs, for their names.
	graphs int
}

// A scope is a function's variables while it is captured.
type scope struct {
	fn    *Func
	vars  map[string]Value
	where map[string]ir.Span // the last assignment of each variable
	// gone explains, for a variable that was defined before a branch or
	// loop on a Tensor and is not after it, why.
	gone map[string]string
	loop loopKind
	// comprehension is set while a comprehension's clauses and body are
	// captured: its free variables are the enclosing scope's.
	comprehension bool
}

// loopKind is what the innermost loop around a statement is.
type loopKind uint8

const (
	noLoop       loopKind = iota
	tensorLoop            // a While node's body
	unrolledLoop          // an iteration of a while loop unrolled at compile time
	unrolledFor           // an iteration of a for loop unrolled at compile time
)

func (s *scope) fork() *scope {
	return &scope{fn: s.fn, vars: clone(s.vars), where: clone(s.where), gone: clone(s.gone), loop: s.loop, comprehension: s.comprehension}
}

func clone[K comparable, V any](m map[K]V) map[K]V {
	c := make(map[K]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (s *scope) set(name string, v Value, at ir.Span) {
	s.vars[name] = v
	s.where[name] = at
	delete(s.gone, name)
}

// An exit is how a block of statements ended.
type exit struct {
	kind  exitKind
	value Value
	at    ir.Span
}

type exitKind uint8

const (
	fellOff exitKind = iota
	returned
	broke
	continued
	// raised is a raise under a Tensor condition: a node raises when the
	// graph runs, and what follows it in the function never runs.
	raised
)

// errRaisedAtRunTime tells walkStmt that a raise became a node.
var errRaisedAtRunTime = errors.New("raised when the graph runs")

func span(n syntax.Node) ir.Span {
	start, end := n.Span()
	return ir.Span{Start: start, End: end}
}

// errorf is a compile error at span in the code being captured.
func (c *capturer) errorf(at ir.Span, kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...), Stack: c.stackAt(at)}
}

// fail places a host error at span, unless it already has a place; nil
// stays nil.
func (c *capturer) fail(at ir.Span, err error) error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Err: err, Stack: c.stackAt(at)}
}

func (c *capturer) stackAt(at ir.Span) []Frame {
	st := slices.Clone(c.frames)
	if n := len(st); n > 0 {
		st[n-1].Span = at
	}
	return st
}

func (c *capturer) here(at ir.Span) Frame {
	return Frame{Func: c.frames[len(c.frames)-1].Func, Span: at}
}

func (c *capturer) at(at ir.Span) {
	c.frames[len(c.frames)-1].Span = at
	c.tr.Span = at
}

// inline captures a call of f with its parameters bound in env.
func (c *capturer) inline(f *Func, env map[string]Value) (Value, error) {
	if len(c.frames) >= c.opt.MaxCallDepth {
		return nil, c.errorf(c.frames[len(c.frames)-1].Span, "RuntimeError",
			"Exceed function call depth limit %d, while compiling '%s'. set_context(max_call_depth=...) raises the limit.",
			c.opt.MaxCallDepth, f.Name)
	}
	c.frames = append(c.frames, Frame{Func: f, Span: span(f.node())})
	defer func() { c.frames = c.frames[:len(c.frames)-1] }()
	s := &scope{fn: f, vars: env, where: map[string]ir.Span{}, gone: map[string]string{}}
	if f.Lambda != nil {
		for name := range env {
			s.where[name] = span(f.Lambda)
		}
		return c.expr(s, f.Lambda.Body)
	}
	for name := range env {
		s.where[name] = span(f.Def.Name)
	}
	ex, err := c.block(s, f.Def.Body, nil)
	if err != nil {
		return nil, err
	}
	if ex.kind == returned {
		return ex.value, nil
	}
	return c.h.Const(nil), nil
}

// block walks stmts. rest are the statements that follow them, up to the
// end of the function or of the loop body (innermost block first): an if
// on a Tensor that returns, breaks or continues in an arm captures them
// into both of its arms.
func (c *capturer) block(s *scope, stmts []syntax.Stmt, rest [][]syntax.Stmt) (exit, error) {
	for i, st := range stmts {
		c.at(span(st))
		ex, err := c.stmt(s, st, withRest(stmts[i+1:], rest))
		if err != nil || ex.kind != fellOff {
			return ex, err
		}
	}
	return exit{}, nil
}

func withRest(next []syntax.Stmt, rest [][]syntax.Stmt) [][]syntax.Stmt {
	if len(next) == 0 {
		return rest
	}
	return append([][]syntax.Stmt{next}, rest...)
}

// sequence walks the blocks of a continuation in order.
func (c *capturer) sequence(s *scope, rest [][]syntax.Stmt) (exit, error) {
	for i, b := range rest {
		ex, err := c.block(s, b, rest[i+1:])
		if err != nil || ex.kind != fellOff {
			return ex, err
		}
	}
	return exit{}, nil
}

func (c *capturer) stmt(s *scope, st syntax.Stmt, rest [][]syntax.Stmt) (exit, error) {
	ex, err := c.walkStmt(s, st, rest)
	if err != nil && c.h.ValueNeeded(err) {
		if binds, ok := interpretable(st); ok {
			return exit{}, c.runtimeFallback(s, st, binds, err)
		}
	}
	return ex, err
}

func (c *capturer) walkStmt(s *scope, st syntax.Stmt, rest [][]syntax.Stmt) (exit, error) {
	switch st := st.(type) {
	case *syntax.ExprStmt:
		_, err := c.expr(s, st.X)
		return exit{}, err
	case *syntax.AssignStmt:
		if st.Value == nil {
			return exit{}, nil
		}
		v, err := c.expr(s, st.Value)
		if err != nil {
			return exit{}, err
		}
		for _, t := range st.Targets {
			if err := c.assign(s, t, v, span(st)); err != nil {
				return exit{}, err
			}
		}
		return exit{}, nil
	case *syntax.AugAssignStmt:
		return exit{}, c.augAssign(s, st)
	case *syntax.BranchStmt:
		switch st.Token {
		case syntax.BREAK:
			return exit{kind: broke, at: span(st)}, nil
		case syntax.CONTINUE:
			return exit{kind: continued, at: span(st)}, nil
		}
		return exit{}, nil
	case *syntax.ReturnStmt:
		v := c.h.Const(nil)
		if st.Result != nil {
			var err error
			if v, err = c.expr(s, st.Result); err != nil {
				return exit{}, err
			}
		}
		return exit{kind: returned, value: v, at: span(st)}, nil
	case *syntax.IfStmt:
		return c.ifStmt(s, st, rest)
	case *syntax.WhileStmt:
		return c.whileStmt(s, st)
	case *syntax.ForStmt:
		return c.forStmt(s, st, rest)
	case *syntax.RaiseStmt:
		if err := c.raise(s, st); err != errRaisedAtRunTime {
			return exit{}, err
		}
		return exit{kind: raised, at: span(st)}, nil
	case *syntax.AssertStmt:
		return exit{}, c.assert(s, st)
	case *syntax.DefStmt:
		// A nested def is made on the host, closing over the values its
		// free variables have now; calls of it are then inlined.
		return exit{}, c.exec(s, st, []string{st.Name.Name})
	}
	name := statementName(st)
	if c.opt.Level == Strict {
		return exit{}, c.errorf(span(st), "RuntimeError", "Unsupported statement '%s'.", name)
	}
	return exit{}, c.exec(s, st, boundNames(st))
}

// statementName is a statement's name in Python's ast, as MindSpore's
// "Unsupported statement" error names it.
func statementName(st syntax.Stmt) string {
	switch st.(type) {
	case *syntax.TryStmt:
		return "Try"
	case *syntax.WithStmt:
		return "With"
	case *syntax.DelStmt:
		return "Delete"
	case *syntax.ImportStmt:
		return "Import"
	case *syntax.FromImportStmt:
		return "ImportFrom"
	case *syntax.GlobalStmt:
		return "Global"
	case *syntax.ClassStmt:
		return "ClassDef"
	}
	return fmt.Sprintf("%T", st)
}

// exec runs a statement capture does not walk on the host, with the
// scope's variables, and binds what it assigns (JIT Fallback at compile
// time).
func (c *capturer) exec(s *scope, st syntax.Stmt, binds []string) error {
	vals, err := c.h.Exec(s.fn, st, s.vars, binds)
	if err != nil {
		return c.fail(span(st), err)
	}
	for i, name := range binds {
		if vals[i] != nil {
			s.set(name, vals[i], span(st))
		}
	}
	return nil
}

// boundNames are the names a statement binds in its function's scope.
func boundNames(st syntax.Stmt) []string {
	var names []string
	seen := map[string]bool{}
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.DefStmt, *syntax.ClassStmt, *syntax.Lambda, *syntax.Comprehension:
			if n != st {
				if d, ok := n.(*syntax.DefStmt); ok {
					add(&names, seen, d.Name)
				}
				if k, ok := n.(*syntax.ClassStmt); ok {
					add(&names, seen, k.Name)
				}
				return false
			}
		case *syntax.Ident:
			add(&names, seen, n)
		}
		return true
	})
	return names
}

// add appends a local variable's name once.
func add(names *[]string, seen map[string]bool, id *syntax.Ident) {
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || (b.Scope != resolve.Local && b.Scope != resolve.Cell) || seen[id.Name] {
		return
	}
	seen[id.Name] = true
	*names = append(*names, id.Name)
}

func (c *capturer) raise(s *scope, st *syntax.RaiseStmt) error {
	if st.Exc == nil {
		return c.errorf(span(st), "RuntimeError", "A bare 'raise' has no exception to re-raise while compiling.")
	}
	if c.tr.cur != c.tr.top {
		// Whether it runs is known only when the graph runs: the
		// statement becomes a node that raises on the host then, as
		// MindSpore's graph mode raises under a variable condition.
		if err := c.fallbackAllowed(s, st, c.errorf(span(st), "RuntimeError",
			"'raise' under a Tensor condition needs JIT Fallback, which jit_syntax_level=STRICT turns off")); err != nil {
			return err
		}
		if _, err := c.h.Interpret(s.fn, st, s.vars, nil); err != nil {
			return c.fail(span(st), err)
		}
		return errRaisedAtRunTime
	}
	x, err := c.expr(s, st.Exc)
	if err != nil {
		return err
	}
	return c.fail(span(st), c.h.Raise(x))
}

func (c *capturer) assert(s *scope, st *syntax.AssertStmt) error {
	v, err := c.expr(s, st.Test)
	if err != nil {
		return err
	}
	if c.abstract(v) != nil {
		return c.errorf(span(st.Test), "RuntimeError",
			"'assert' on a Tensor's value is not supported in graph mode: the value exists only when the graph runs")
	}
	ok, err := c.h.Truth(v)
	if err != nil || ok {
		return c.fail(span(st.Test), err)
	}
	var msg Value = c.h.Const(nil)
	if st.Msg != nil {
		if msg, err = c.expr(s, st.Msg); err != nil {
			return err
		}
	}
	ae, err := c.h.Global(s.fn, "AssertionError")
	if err != nil {
		return c.fail(span(st), err)
	}
	args := []Value{}
	if st.Msg != nil {
		args = append(args, msg)
	}
	exc, err := c.h.Call(ae, args, nil)
	if err != nil {
		return c.fail(span(st), err)
	}
	return c.fail(span(st), c.h.Raise(exc))
}

// assign binds target to v.
func (c *capturer) assign(s *scope, target syntax.Expr, v Value, at ir.Span) error {
	switch t := target.(type) {
	case *syntax.ParenExpr:
		return c.assign(s, t.X, v, at)
	case *syntax.Ident:
		b, _ := t.Binding.(*resolve.Binding)
		if b != nil && (b.Scope == resolve.Global || b.Scope == resolve.Free) {
			return c.errorf(span(t), "RuntimeError",
				"Assigning the %s variable '%s' is not supported in graph mode.", map[resolve.Scope]string{resolve.Global: "global", resolve.Free: "nonlocal"}[b.Scope], t.Name)
		}
		s.set(t.Name, v, at)
		return nil
	case *syntax.Tuple:
		return c.unpack(s, t.Elems, v, span(t), at)
	case *syntax.List:
		return c.unpack(s, t.Elems, v, span(t), at)
	case *syntax.Attr:
		x, err := c.expr(s, t.X)
		if err != nil {
			return err
		}
		c.tr.Span = span(t)
		return c.fail(span(t), c.h.SetAttr(x, t.Name.Name, v))
	case *syntax.Index:
		x, err := c.expr(s, t.X)
		if err != nil {
			return err
		}
		k, err := c.expr(s, t.Index)
		if err != nil {
			return err
		}
		c.tr.Span = span(t)
		return c.fail(span(t), c.h.SetIndex(x, k, v))
	}
	return c.errorf(span(target), "SyntaxError", "cannot assign to this expression in graph mode")
}

// unpack assigns the elements of v to targets, one of which may be
// starred.
func (c *capturer) unpack(s *scope, targets []syntax.Expr, v Value, where, at ir.Span) error {
	elems, err := c.elements(v, where)
	if err != nil {
		return err
	}
	star := slices.IndexFunc(targets, func(t syntax.Expr) bool { _, ok := t.(*syntax.Starred); return ok })
	if star < 0 {
		if len(elems) != len(targets) {
			verb := "too many values to unpack (expected %d, got %d)"
			if len(elems) < len(targets) {
				verb = "not enough values to unpack (expected %d, got %d)"
			}
			return c.errorf(where, "ValueError", verb, len(targets), len(elems))
		}
		for i, t := range targets {
			if err := c.assign(s, t, elems[i], at); err != nil {
				return err
			}
		}
		return nil
	}
	after := len(targets) - star - 1
	if len(elems) < star+after {
		return c.errorf(where, "ValueError", "not enough values to unpack (expected at least %d, got %d)", star+after, len(elems))
	}
	for i := 0; i < star; i++ {
		if err := c.assign(s, targets[i], elems[i], at); err != nil {
			return err
		}
	}
	mid := c.h.List(slices.Clone(elems[star : len(elems)-after]))
	if err := c.assign(s, targets[star].(*syntax.Starred).X, mid, at); err != nil {
		return err
	}
	for i := 0; i < after; i++ {
		if err := c.assign(s, targets[star+1+i], elems[len(elems)-after+i], at); err != nil {
			return err
		}
	}
	return nil
}

// elements are what iterating v gives at compile time: a tuple's or
// list's elements, a Tensor's slices along its first axis, or what the
// host's iteration gives.
func (c *capturer) elements(v Value, at ir.Span) ([]Value, error) {
	if elems, _, ok := c.h.Elems(v); ok {
		return elems, nil
	}
	if t, ok := c.h.Tensor(v); ok {
		if len(t.Shape()) == 0 {
			return nil, c.errorf(at, "TypeError", "iteration over a 0-d tensor")
		}
		n := t.Shape()[0]
		if n > c.opt.MaxUnroll {
			return nil, c.errorf(at, "RuntimeError", "Unrolling a loop over %d slices of a Tensor is more than graph mode's limit of %d.", n, c.opt.MaxUnroll)
		}
		elems := make([]Value, n)
		for i := range elems {
			e, err := c.h.Index(v, c.h.Const(int64(i)))
			if err != nil {
				return nil, c.fail(at, err)
			}
			elems[i] = e
		}
		return elems, nil
	}
	elems, err := c.h.Iterate(v)
	if err != nil {
		return nil, c.fail(at, err)
	}
	return elems, nil
}

func (c *capturer) augAssign(s *scope, st *syntax.AugAssignStmt) error {
	get, set, err := c.place(s, st.Target)
	if err != nil {
		return err
	}
	x, err := get()
	if err != nil {
		return err
	}
	y, err := c.expr(s, st.Value)
	if err != nil {
		return err
	}
	c.tr.Span = span(st)
	v, err := c.h.Inplace(st.Op.AugmentedBase(), x, y)
	if err != nil {
		return c.fail(span(st), err)
	}
	return set(v, span(st))
}

// place evaluates the object and key of an augmented assignment's target
// once, and returns how to read and write it.
func (c *capturer) place(s *scope, target syntax.Expr) (get func() (Value, error), set func(Value, ir.Span) error, err error) {
	switch t := syntax.Unparen(target).(type) {
	case *syntax.Ident:
		return func() (Value, error) { return c.name(s, t) },
			func(v Value, at ir.Span) error { return c.assign(s, t, v, at) }, nil
	case *syntax.Attr:
		obj, err := c.expr(s, t.X)
		if err != nil {
			return nil, nil, err
		}
		return func() (Value, error) {
				v, err := c.h.Attr(obj, t.Name.Name)
				return v, c.fail(span(t), err)
			}, func(v Value, _ ir.Span) error {
				return c.fail(span(t), c.h.SetAttr(obj, t.Name.Name, v))
			}, nil
	case *syntax.Index:
		obj, err := c.expr(s, t.X)
		if err != nil {
			return nil, nil, err
		}
		k, err := c.expr(s, t.Index)
		if err != nil {
			return nil, nil, err
		}
		return func() (Value, error) {
				v, err := c.h.Index(obj, k)
				return v, c.fail(span(t), err)
			}, func(v Value, _ ir.Span) error {
				return c.fail(span(t), c.h.SetIndex(obj, k, v))
			}, nil
	}
	return nil, nil, c.errorf(span(target), "SyntaxError", "illegal expression for augmented assignment")
}

// ifStmt captures an if: on a constant condition, the arm it selects; on a
// Tensor, both arms as the subgraphs of an If node.
func (c *capturer) ifStmt(s *scope, st *syntax.IfStmt, rest [][]syntax.Stmt) (exit, error) {
	cond, err := c.condExpr(s, st.Cond)
	if err != nil {
		return exit{}, err
	}
	if t := c.abstract(cond); t != nil {
		if terminates(st.True) || terminates(st.False) {
			return c.ifRest(s, st, t, rest)
		}
		return c.ifJoin(s, st, t)
	}
	ok, err := c.h.Truth(cond)
	if err != nil {
		return exit{}, c.fail(span(st.Cond), err)
	}
	if ok {
		return c.block(s, st.True, rest)
	}
	return c.block(s, st.False, rest)
}

// terminates reports whether stmts can return, or break or continue their
// loop.
func terminates(stmts []syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ReturnStmt:
				found = true
			case *syntax.BranchStmt:
				found = found || n.Token != syntax.PASS
			case *syntax.WhileStmt, *syntax.ForStmt:
				found = found || returns(n)
				return false
			case *syntax.DefStmt, *syntax.ClassStmt, syntax.Expr:
				return false
			}
			return !found
		})
	}
	return found
}

// returns reports whether a statement contains a return.
func returns(st syntax.Node) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ReturnStmt:
			found = true
		case *syntax.DefStmt, *syntax.ClassStmt, syntax.Expr:
			return false
		}
		return !found
	})
	return found
}

// breaks reports whether a loop body breaks out of its loop.
func breaks(body []syntax.Stmt) bool {
	found := false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.BranchStmt:
				found = found || n.Token == syntax.BREAK
			case *syntax.WhileStmt, *syntax.ForStmt, *syntax.DefStmt, *syntax.ClassStmt, syntax.Expr:
				return false
			}
			return !found
		})
	}
	return found
}

// assigned lists the local variables stmts assign, in order of first
// assignment.
func assigned(stmts []syntax.Stmt) []string {
	var names []string
	seen := map[string]bool{}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.AssignStmt:
				for _, t := range n.Targets {
					targetNames(t, &names, seen)
				}
			case *syntax.AugAssignStmt:
				targetNames(n.Target, &names, seen)
			case *syntax.ForStmt:
				targetNames(n.Vars, &names, seen)
			case *syntax.DefStmt:
				add(&names, seen, n.Name)
				return false
			case *syntax.ClassStmt:
				add(&names, seen, n.Name)
				return false
			case syntax.Expr:
				return false
			default:
				if _, ok := n.(syntax.Stmt); ok && !isCompound(n) {
					for _, name := range boundNames(n.(syntax.Stmt)) {
						if !seen[name] {
							seen[name] = true
							names = append(names, name)
						}
					}
					return false
				}
			}
			return true
		})
	}
	return names
}

func isCompound(n syntax.Node) bool {
	switch n.(type) {
	case *syntax.IfStmt, *syntax.WhileStmt, *syntax.ForStmt, *syntax.ExprStmt, *syntax.ReturnStmt,
		*syntax.BranchStmt, *syntax.RaiseStmt, *syntax.AssertStmt:
		return true
	}
	return false
}

func targetNames(t syntax.Expr, names *[]string, seen map[string]bool) {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		add(names, seen, t)
	case *syntax.Tuple:
		for _, e := range t.Elems {
			targetNames(e, names, seen)
		}
	case *syntax.List:
		for _, e := range t.Elems {
			targetNames(e, names, seen)
		}
	case *syntax.Starred:
		targetNames(t.X, names, seen)
	}
}

// abstract is the abstract tensor v is, or nil.
func (c *capturer) abstract(v Value) *tensor.Tensor {
	if t, ok := c.h.Tensor(v); ok && t.Abstract() {
		return t
	}
	return nil
}

// condition is a Tensor condition as a one-element Bool tensor of the
// current graph.
func (c *capturer) condition(t *tensor.Tensor, at ir.Span) (*tensor.Tensor, error) {
	if t.Size() != 1 {
		return nil, c.errorf(at, "ValueError",
			"The truth value of a Tensor of shape %v is ambiguous: a condition in graph mode must have one element.", t.Shape())
	}
	if t.DType() == tensor.Bool {
		return t, nil
	}
	c.tr.Span = at
	out, err := c.tr.Apply(ops.Cast, ops.Attrs{"dtype": tensor.Bool}, t)
	if err != nil {
		return nil, c.fail(at, err)
	}
	return out[0].(*tensor.Tensor), nil
}

// interpretable reports whether a statement that needed a Tensor's value
// can run on the host each time the graph runs instead, and which of its
// variables it then gives the graph: an expression statement (print of a
// Tensor's value), or an assignment to names.
func interpretable(st syntax.Stmt) ([]string, bool) {
	switch st := st.(type) {
	case *syntax.ExprStmt:
		return []string{}, true
	case *syntax.AssignStmt:
		for _, t := range st.Targets {
			if !namesOnly(t) {
				return nil, false
			}
		}
		return assigned([]syntax.Stmt{st}), true
	case *syntax.AugAssignStmt:
		if _, ok := syntax.Unparen(st.Target).(*syntax.Ident); ok {
			return assigned([]syntax.Stmt{st}), true
		}
	}
	return nil, false
}

func namesOnly(t syntax.Expr) bool {
	switch t := syntax.Unparen(t).(type) {
	case *syntax.Ident:
		return true
	case *syntax.Tuple:
		return !slices.ContainsFunc(t.Elems, func(e syntax.Expr) bool { return !namesOnly(e) })
	case *syntax.List:
		return !slices.ContainsFunc(t.Elems, func(e syntax.Expr) bool { return !namesOnly(e) })
	}
	return false
}

// condExpr evaluates the condition of an if or while; one that needs a
// Tensor's value (int(x.sum()) > 2) is computed on the host when the
// graph runs, and the branch is on its result.
func (c *capturer) condExpr(s *scope, x syntax.Expr) (Value, error) {
	v, err := c.expr(s, x)
	if err != nil && c.h.ValueNeeded(err) {
		if err := c.fallbackAllowed(s, x, err); err != nil {
			return nil, err
		}
		vals, err := c.h.Interpret(s.fn, x, s.vars, nil)
		if err != nil {
			return nil, c.fail(span(x), err)
		}
		return vals[0], nil
	}
	return v, err
}

// runtimeFallback makes a statement that needs a Tensor's value a node
// that runs it on the host each time the graph runs.
func (c *capturer) runtimeFallback(s *scope, st syntax.Stmt, binds []string, cause error) error {
	if err := c.fallbackAllowed(s, st, cause); err != nil {
		return err
	}
	vals, err := c.h.Interpret(s.fn, st, s.vars, binds)
	if err != nil {
		return c.fail(span(st), err)
	}
	for i, name := range binds {
		s.set(name, vals[i], span(st))
	}
	return nil
}

// fallbackAllowed is nil under LAX; otherwise the error for code that
// needs a Tensor's value: under COMPATIBLE, MindSpore's error for a
// compile-time fallback with a variable input.
func (c *capturer) fallbackAllowed(s *scope, n syntax.Node, cause error) error {
	switch c.opt.Level {
	case Lax:
		return nil
	case Strict:
		return cause
	}
	name := ""
	syntax.Walk(n, func(x syntax.Node) bool {
		if id, ok := x.(*syntax.Ident); ok && name == "" {
			if v, ok := s.vars[id.Name]; ok && c.holdsVariable(v) {
				name = id.Name
			}
		}
		return name == ""
	})
	if name == "" {
		return cause
	}
	start, end := n.Span()
	return c.errorf(ir.Span{Start: start, End: end}, "ValueError",
		"When using JIT Fallback to handle script '%s', the inputs should be constant, but found variable '%s' to be nonconstant.",
		c.h.Source(s.fn, n), name)
}

// holdsVariable reports whether v is or holds a value of the graph.
func (c *capturer) holdsVariable(v Value) bool {
	if c.abstract(v) != nil {
		return true
	}
	if elems, _, ok := c.h.Elems(v); ok {
		return slices.ContainsFunc(elems, c.holdsVariable)
	}
	return false
}
