package interp

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"msrepl/autodiff"
	"msrepl/graphmode/capture"
	"msrepl/lang"
	"msrepl/lang/compile"
	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// jitHost is the interpreter as the ast capture's Host: the capture walks
// a function's statements, and everything else (names, operators, the
// library) runs here, with the capture's Tracer as the session's builder
// so that Tensor work becomes graph nodes.
type jitHost struct {
	th *Thread
	// reads are the host values the capture folded, which the cache
	// entry guards.
	reads *captureReads
}

// captureReads are the globals and objects a capture read: the graph
// holds what they were, so a change must recompile.
type captureReads struct {
	globals   []globalRead
	frees     []freeRead
	instances []*Instance
	seen      map[any]bool
}

type globalRead struct {
	g    *Globals
	name string
}

func (r *captureReads) global(g *Globals, name string) {
	if k := (globalRead{g, name}); !r.seen[k] {
		r.seen[k] = true
		r.globals = append(r.globals, k)
	}
}

// freeRead is a closure variable a capture read, by its cell.
type freeRead struct {
	cell *Cell
	name string
}

func (r *captureReads) free(cell *Cell, name string) {
	if !r.seen[cell] {
		r.seen[cell] = true
		r.frees = append(r.frees, freeRead{cell, name})
	}
}

// cells reads v and, when it is a Cell run on the host (a library Cell
// such as SequentialCell, whose construct capture does not walk), every
// Cell it holds: their attributes went into the graph unseen, so they
// are guarded as if read.
func (r *captureReads) cells(v Value) {
	r.instance(v)
	inst, ok := v.(*Instance)
	if !ok || !inst.class.IsSubclass(NNCellClass) || r.seen[heldCells{inst}] {
		return
	}
	r.seen[heldCells{inst}] = true
	for _, kv := range inst.Dict().Items() {
		r.cells(kv[1])
	}
}

// heldCells marks a Cell whose Cells have been read.
type heldCells struct{ cell *Instance }

func (r *captureReads) instance(v Value) {
	if inst, ok := v.(*Instance); ok && !r.seen[inst] {
		r.seen[inst] = true
		r.instances = append(r.instances, inst)
	}
}

var _ capture.Host = (*jitHost)(nil)

func hostFunction(f *capture.Func) *Function { return f.Ref.(*Function) }

func (h *jitHost) Global(f *capture.Func, name string) (capture.Value, error) {
	g := hostFunction(f).code.link.globals
	if v, ok := g.Get(name); ok {
		h.reads.global(g, name)
		return v, nil
	}
	if v, ok := h.th.session.builtins.Get(name); ok {
		return v, nil
	}
	return nil, h.th.nameError(name)
}

func (h *jitHost) Free(f *capture.Func, name string) (capture.Value, error) {
	fn := hostFunction(f)
	for i, n := range fn.code.fc.FreeVars {
		if n == name && i < len(fn.Closure) {
			h.reads.free(fn.Closure[i], name)
			if v := fn.Closure[i].V; v != nil {
				return v, nil
			}
			break
		}
	}
	return nil, Errorf(NameErrorClass, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", name)
}

func (h *jitHost) Literal(x syntax.Expr) (capture.Value, error) {
	switch x := x.(type) {
	case *syntax.Literal:
		return constValue(x.Value), nil
	case *syntax.Const:
		switch x.Kind {
		case syntax.ConstTrue:
			return True, nil
		case syntax.ConstFalse:
			return False, nil
		case syntax.ConstEllipsis:
			return Ellipsis, nil
		}
		return None, nil
	}
	return nil, SystemErrorf("internal error: %T is not a literal", x)
}

func (h *jitHost) Const(v any) capture.Value { return constValue(v) }

func (h *jitHost) Binary(op syntax.Token, x, y capture.Value) (capture.Value, error) {
	return h.th.Binary(op, val(x), val(y))
}

func (h *jitHost) Inplace(op syntax.Token, x, y capture.Value) (capture.Value, error) {
	return h.th.Inplace(op, val(x), val(y))
}

func (h *jitHost) Unary(op syntax.Token, x capture.Value) (capture.Value, error) {
	return h.th.Unary(op, val(x))
}

func (h *jitHost) Compare(op syntax.Token, x, y capture.Value) (capture.Value, error) {
	return h.th.CompareOp(op, val(x), val(y))
}

func (h *jitHost) Attr(x capture.Value, name string) (capture.Value, error) {
	h.reads.instance(val(x))
	return h.th.GetAttr(val(x), name)
}

func (h *jitHost) SetAttr(x capture.Value, name string, v capture.Value) error {
	return h.th.SetAttr(val(x), name, val(v))
}

func (h *jitHost) Index(x, key capture.Value) (capture.Value, error) {
	return h.th.GetItem(val(x), val(key))
}

func (h *jitHost) SetIndex(x, key, v capture.Value) error {
	return h.th.SetItem(val(x), val(key), val(v))
}

func (h *jitHost) Slice(lo, hi, step capture.Value) capture.Value {
	return &Slice{Start: val(lo), Stop: val(hi), Step: val(step)}
}

func (h *jitHost) Tuple(elems []capture.Value) capture.Value { return Tuple(vals(elems)) }

func (h *jitHost) List(elems []capture.Value) capture.Value { return NewList(vals(elems)) }

func (h *jitHost) Dict(keys, values []capture.Value) (capture.Value, error) {
	d := NewDict(len(keys))
	for i, k := range keys {
		if err := d.SetItem(h.th, val(k), val(values[i])); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func (h *jitHost) Elems(v capture.Value) ([]capture.Value, bool, bool) {
	switch v := v.(type) {
	case Tuple:
		return anys(v), false, true
	case *List:
		return anys(v.elems), true, true
	}
	return nil, false, false
}

func (h *jitHost) Iterate(v capture.Value) ([]capture.Value, error) {
	elems, err := h.th.iterateAll(val(v))
	return anys(elems), err
}

func (h *jitHost) Truth(v capture.Value) (bool, error) { return h.th.Truth(val(v)) }

func (h *jitHost) Call(fn capture.Value, args []capture.Value, kwnames []string) (capture.Value, error) {
	h.reads.cells(val(fn))
	return h.th.Call(val(fn), vals(args), kwnames)
}

// Inline binds a call of a Python function, method, Cell or callable
// object, which capture walks; builtins, classes, generators and the
// library's Cells run on the host.
func (h *jitHost) Inline(fn capture.Value, args []capture.Value, kwnames []string) (*capture.Func, map[string]capture.Value, error) {
	var self Value
	switch f := fn.(type) {
	case *jitFunction:
		if f.self != nil {
			self = f.self
		}
		fn = f.fn
	case *Instance:
		h.reads.instance(f)
		name := "__call__"
		if f.class.IsSubclass(NNCellClass) {
			name = "construct"
			if _, ok := f.class.Lookup("bprop"); ok {
				return nil, nil, nil
			}
		}
		m, ok := f.class.Lookup(name)
		if !ok {
			return nil, nil, nil
		}
		fn, self = m, f
	}
	if b, ok := fn.(*BoundMethod); ok {
		fn, self = b.Fn, b.Self
	}
	f, ok := fn.(*Function)
	if !ok || f.code.fc.IsGenerator {
		return nil, nil, nil
	}
	cf := &capture.Func{Name: f.Name, Ref: f}
	switch n := f.code.fc.Node.(type) {
	case *syntax.DefStmt:
		cf.Def = n
	case *syntax.Lambda:
		cf.Lambda = n
	default:
		return nil, nil, nil
	}
	fc := f.code.fc
	fr := h.th.newFrame(f.code, false)
	defer h.th.releaseFrame(fr)
	if err := h.th.bindArgs(fr, f, self, vals(args), kwnames); err != nil {
		return nil, nil, err
	}
	n := fc.NumParams + fc.NumKwOnly
	if fc.HasVarargs {
		n++
	}
	if fc.HasKwargs {
		n++
	}
	env := make(map[string]capture.Value, n)
	for i := 0; i < n; i++ {
		env[fc.Locals[i]] = fr.slots[i]
	}
	return cf, env, nil
}

func (h *jitHost) Tensor(v capture.Value) (*tensor.Tensor, bool) {
	if x, ok := v.(*Tensor); ok {
		return x.t, true
	}
	return nil, false
}

func (h *jitHost) Wrap(t *tensor.Tensor) capture.Value { return NewTensor(t) }

func (h *jitHost) Number(v capture.Value) (any, bool) {
	switch v := v.(type) {
	case Bool:
		return bool(v), true
	case Int:
		return int64(v), true
	case Float:
		return float64(v), true
	}
	return nil, false
}

func (h *jitHost) Apply(p *ops.Primitive, attrs ops.Attrs, args ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	return h.th.apply(p, attrs, args...)
}

func (h *jitHost) ScalarTensor(v capture.Value, dt tensor.DType) (*tensor.Tensor, error) {
	n, _ := h.Number(v)
	switch n := n.(type) {
	case bool:
		i := int64(0)
		if n {
			i = 1
		}
		return h.th.scalarTensor(dt, float64(i), i)
	case int64:
		return h.th.scalarTensor(dt, float64(n), n)
	case float64:
		return h.th.scalarTensor(dt, n, int64(n))
	}
	return nil, TypeErrorf("a %s cannot be a graph value", TypeName(val(v)))
}

func (h *jitHost) Keywords(v capture.Value) ([]string, []capture.Value, error) {
	d, ok := v.(*Dict)
	if !ok {
		return nil, nil, TypeErrorf("argument after ** must be a mapping, not %s", TypeName(val(v)))
	}
	var names []string
	var values []capture.Value
	for _, kv := range d.Items() {
		k, ok := kv[0].(Str)
		if !ok {
			return nil, nil, TypeErrorf("keywords must be strings")
		}
		names, values = append(names, string(k)), append(values, kv[1])
	}
	return names, values, nil
}

func (h *jitHost) Same(a, b capture.Value) bool {
	return identical(val(a), val(b)) || sameHostValue(val(a), val(b))
}

func (h *jitHost) TypeName(v capture.Value) string { return TypeName(val(v)) }

func (h *jitHost) Raise(x capture.Value) error {
	exc, err := h.th.makeRaisable(val(x))
	if err != nil {
		return err
	}
	return exc
}

// Exec runs code the capture does not walk (JIT Fallback at compile
// time): its source becomes a function of the local variables it uses,
// compiled so that its lines keep their numbers and columns in the user's
// file, and called now, with the Tracer still the builder, so that the
// Tensor work it does is part of the graph.
func (h *jitHost) Exec(f *capture.Func, n syntax.Node, env map[string]capture.Value, binds []string) ([]capture.Value, error) {
	fn := hostFunction(f)
	sn, err := h.th.session.fallbackSnippet(fn, n, binds, h.bound(f, env))
	if err != nil {
		return nil, err
	}
	args := make([]Value, len(sn.params))
	for i, p := range sn.params {
		v, ok := env[p]
		if !ok {
			if v, err = h.Free(f, p); err != nil {
				return nil, err
			}
		}
		args[i] = val(v)
	}
	out, err := h.th.Call(sn.fn, args, nil)
	if err != nil {
		return nil, err
	}
	if binds == nil {
		return []capture.Value{out}, nil
	}
	return anys(out.(Tuple)), nil
}

// A snippetKey is a snippet's code, what it returns (the names it binds,
// or "=" for an expression's value) and the variables it takes: those of
// its names that have values where it runs; the others are its own.
type snippetKey struct {
	n             syntax.Node
	binds, params string
}

// A fallbackSnippet is code the capture runs on the host, compiled once.
type fallbackSnippet struct {
	fn     *Function
	params []string
}

// fallbackSnippet compiles the source of n, a statement or an expression of
// fn, as a function of the variables of fn it uses; a statement's
// function returns the values of binds.
func (s *Session) fallbackSnippet(fn *Function, n syntax.Node, binds []string, has func(string) bool) (*fallbackSnippet, error) {
	fc := fn.code.fc
	// The snippet's parameters are the variables of fn it uses: its
	// identifiers bound in fn's own scope, not in a lambda or
	// comprehension of its own, that have values where it runs.
	// A nested def, lambda or comprehension of the snippet reads them as
	// free variables of its own.
	own := map[*resolve.Binding]bool{}
	ownNames := map[string]bool{}
	if def, ok := fc.Node.(*syntax.DefStmt); ok {
		if scope, ok := def.Function.(*resolve.Function); ok {
			for _, b := range append(slices.Clone(scope.Locals), scope.FreeVars...) {
				own[b], ownNames[b.Name] = true, true
			}
		}
	}
	seen := map[string]bool{}
	var params []string
	syntax.Walk(n, func(x syntax.Node) bool {
		if id, ok := x.(*syntax.Ident); ok && !seen[id.Name] {
			b, ok := id.Binding.(*resolve.Binding)
			if ok && (own[b] || b.Scope == resolve.Free && ownNames[id.Name]) && has(id.Name) {
				seen[id.Name] = true
				params = append(params, id.Name)
			}
		}
		return true
	})
	sort.Strings(params)
	key := snippetKey{n, strings.Join(binds, ","), strings.Join(params, ",")}
	if binds == nil {
		key.binds = "="
	}
	if sn, ok := s.snippets[key]; ok {
		return sn, nil
	}
	src := snippetSource(fc.Prog.Src, fn.Name, n, params, binds)
	prog, err := lang.Compile(fc.Prog.Filename, src)
	if err != nil {
		return nil, Errorf(SystemErrorClass, "internal error: JIT Fallback could not compile its code: %v", err)
	}
	top := link(prog, fn.code.link.globals, s.builtins)
	sn := &fallbackSnippet{fn: s.th.makeFunction(top.funcs[0], nil, None, None), params: params}
	if s.snippets == nil {
		s.snippets = map[snippetKey]*fallbackSnippet{}
	}
	s.snippets[key] = sn
	return sn, nil
}

// snippetSource is the source of a function named name, taking params,
// whose body is n's source where it stands in src: on the same lines and
// columns, so that errors and the IR point into the user's file. A
// statement's function returns binds; an expression's, its value.
func snippetSource(src, name string, n syntax.Node, params, binds []string) string {
	start, end := n.Span()
	lines := strings.Split(src, "\n")
	first, last := int(start.Line)-1, int(end.Line)-1
	if last >= len(lines) {
		last = len(lines) - 1
	}
	body := make([]string, 0, last-first+1)
	for i := first; i <= last; i++ {
		line := lines[i]
		// Columns are 1-based, and the end is exclusive.
		if i == last {
			line = line[:min(int(end.Col)-1, len(line))]
		}
		if i == first {
			col := min(int(start.Col)-1, len(line))
			line = strings.Repeat(" ", col) + line[col:]
		}
		body = append(body, line)
	}
	header := fmt.Sprintf("def %s(%s):", name, strings.Join(params, ", "))
	var b strings.Builder
	pad := max(first-1, 0)
	b.WriteString(strings.Repeat("\n", pad))
	if _, isExpr := n.(syntax.Expr); isExpr {
		b.WriteString(header + " return (\n")
		b.WriteString(strings.Join(body, "\n"))
		b.WriteString("\n)\n")
		return b.String()
	}
	b.WriteString(header + "\n")
	b.WriteString(strings.Join(body, "\n"))
	b.WriteString("\n")
	indent := strings.Repeat(" ", max(int(start.Col)-1, 1))
	b.WriteString(indent + "return (" + strings.Join(binds, ", "))
	if len(binds) == 1 {
		b.WriteString(",")
	}
	b.WriteString(")\n")
	return b.String()
}

// val is a capture value as the interpreter's.
func val(x capture.Value) Value {
	if x == nil {
		return nil
	}
	return x.(Value)
}

func vals(xs []capture.Value) []Value {
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = val(x)
	}
	return out
}

func anys(xs []Value) []capture.Value {
	out := make([]capture.Value, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// captureCall captures a call of fn on args, abstract Tensors among them,
// into the graph tr builds: the ast capture walks a Python function,
// method or Cell; anything else runs as it is, its Tensor work traced.
func (th *Thread) captureCall(tr *capture.Tracer, fn Value, args []Value, kwnames []string) (Value, error) {
	rt := th.ms()
	if rt.captureReads == nil {
		rt.captureReads = &captureReads{seen: map[any]bool{}}
	}
	h := &jitHost{th: th, reads: rt.captureReads}
	f, env, err := h.Inline(fn, anys(args), kwnames)
	if err != nil {
		return nil, err
	}
	if f == nil {
		return th.Call(fn, args, kwnames)
	}
	opt := capture.Options{}
	if v, ok := rt.options.GetStr("jit_syntax_level"); ok {
		opt.Level = map[Value]capture.SyntaxLevel{MakeInt(jitStrict): capture.Strict, MakeInt(jitCompatible): capture.Compatible}[v]
	}
	if v, ok := rt.options.GetStr("max_call_depth"); ok {
		if n, ok := v.(Int); ok {
			opt.MaxCallDepth = int(n)
		}
	}
	// Under the tape of a gradient taken inside the graph, Tensor work is
	// recorded op by op, which an If's or While's subgraphs are not.
	_, opt.Differentiated = rt.builder.(*autodiff.Tape)
	v, err := capture.Function(h, tr, f, env, opt)
	if err != nil {
		return nil, compileError(err)
	}
	return val(v), nil
}

// compileError is a capture error as the exception the user sees: the
// Host's own exception, or one of the class capture names, with a
// traceback entry for each function capture was inside (the user's
// lines, underlined) and the places its message refers to.
func compileError(err error) error {
	ce, ok := err.(*capture.Error)
	if !ok {
		return err
	}
	var exc *Exception
	if ce.Err != nil {
		exc = asException(opsError(ce.Err))
	} else {
		exc = Errorf(exceptionClassNamed(ce.Kind), "%s", ce.Msg)
	}
	for i := len(ce.Stack) - 1; i >= 0; i-- {
		if e, ok := captureEntry(ce.Stack[i]); ok {
			exc.Traceback = append(exc.Traceback, e)
		}
	}
	if len(ce.Notes) > 0 && len(exc.Args) == 1 {
		if msg, ok := exc.Args[0].(Str); ok {
			var b strings.Builder
			b.WriteString(string(msg))
			for _, n := range ce.Notes {
				e, ok := captureEntry(n.At)
				if !ok {
					continue
				}
				lines := frameLines(e)
				fmt.Fprintf(&b, "\n%s:%s", n.What, strings.TrimPrefix(lines[0], " "))
				for _, l := range lines[1:] {
					b.WriteString("\n" + l)
				}
			}
			exc.Args = Tuple{Str(b.String())}
		}
	}
	return exc
}

// captureEntry is the traceback entry of a place capture was.
func captureEntry(f capture.Frame) (TraceEntry, bool) {
	fn, ok := f.Func.Ref.(*Function)
	if !ok || !f.Span.Start.IsValid() {
		return TraceEntry{}, false
	}
	s, e := f.Span.Start, f.Span.End
	if !e.IsValid() {
		e = s
	}
	return TraceEntry{Code: fn.code.fc, PC: -1, At: &compile.Span{Line: s.Line, Col: s.Col, EndLine: e.Line, EndCol: e.Col}}, true
}

// exceptionClassNamed is the builtin exception class of a name capture
// uses.
func exceptionClassNamed(name string) *Class {
	for _, c := range []*Class{TypeErrorClass, ValueErrorClass, RuntimeErrorClass, NameErrorClass,
		UnboundLocalErrorClass, SyntaxErrorClass, SystemErrorClass, IndexErrorClass} {
		if c.Name == name {
			return c
		}
	}
	return RuntimeErrorClass
}

func (h *jitHost) ValueNeeded(err error) bool {
	var e *Exception
	if errors.As(err, &e) {
		return e.valueNeeded
	}
	return false
}

func (h *jitHost) Source(f *capture.Func, n syntax.Node) string {
	start, end := n.Span()
	src := hostFunction(f).code.fc.Prog.Src
	lines := strings.Split(src, "\n")
	if start.Line < 1 || int(end.Line) > len(lines) {
		return ""
	}
	var b strings.Builder
	for i := start.Line; i <= end.Line; i++ {
		line := lines[i-1]
		if i == end.Line {
			line = line[:min(int(end.Col)-1, len(line))]
		}
		if i == start.Line {
			line = line[min(int(start.Col)-1, len(line)):]
		}
		if i > start.Line {
			b.WriteString("\n")
		}
		b.WriteString(line)
	}
	return b.String()
}

// typingRE is a "# @jit.typing: () -> tensor_type[float32]" comment, which
// gives the dtype of a JIT Fallback's result.
var typingRE = regexp.MustCompile(`#\s*@jit\.typing:\s*\(\)\s*->\s*tensor_type\[(\w+)\]`)

// fallbackDType is the dtype of the values a JIT Fallback at run time
// gives: the one a "# @jit.typing:" comment on its line or the line above
// names, else Float64, as MindSpore types its Any values.
func fallbackDType(src string, line int32) (tensor.DType, error) {
	lines := strings.Split(src, "\n")
	for _, l := range []int32{line, line - 1} {
		if l < 1 || int(l) > len(lines) {
			continue
		}
		if m := typingRE.FindStringSubmatch(lines[l-1]); m != nil {
			dt, ok := tensor.DTypeByName(m[1])
			if !ok {
				return 0, Errorf(TypeErrorClass, "The '# @jit.typing:' comment names the unknown dtype '%s'.", m[1])
			}
			return dt, nil
		}
	}
	return tensor.Float64, nil
}

func (h *jitHost) Tape() *autodiff.Tape {
	tape, _ := h.th.ms().builder.(*autodiff.Tape)
	return tape
}

func (h *jitHost) Untaped(f func() error) error {
	b := h.th.ms().builder
	if tape, ok := b.(*autodiff.Tape); ok {
		b = tape.Inner()
	}
	_, err := h.th.withBuilder(b, func() (Value, error) { return nil, f() })
	return err
}

// Interpret adds a PyExecute node: the source of n runs on the host each
// time the graph runs, with the Tensors the graph computes for the
// variables it reads, and gives the graph the numbers it computes.
func (h *jitHost) Interpret(f *capture.Func, n syntax.Node, env map[string]capture.Value, binds []string) ([]capture.Value, error) {
	th := h.th
	fn := hostFunction(f)
	_, isExpr := n.(syntax.Expr)
	if isExpr {
		binds = nil
	}
	sn, err := th.session.fallbackSnippet(fn, n, binds, h.bound(f, env))
	if err != nil {
		return nil, err
	}
	tr, ok := th.ms().tracer()
	if !ok {
		return nil, SystemErrorf("internal error: JIT Fallback outside a capture")
	}
	args := make([]Value, len(sn.params))
	var inputs []ops.Value
	var varying []int
	for i, p := range sn.params {
		v, ok := env[p]
		if !ok {
			if v, err = h.Free(f, p); err != nil {
				return nil, err
			}
		}
		if x, isTensor := v.(*Tensor); isTensor && x.t.Abstract() {
			varying = append(varying, i)
			inputs = append(inputs, x.t)
		}
		args[i] = val(v)
	}
	start, _ := n.Span()
	dt, err := fallbackDType(fn.code.fc.Prog.Src, start.Line)
	if err != nil {
		return nil, err
	}
	nout := len(binds)
	if isExpr {
		nout = 1
	}
	metas := make([]tensor.Meta, nout)
	for i := range metas {
		metas[i] = tensor.Meta{DType: dt, Shape: tensor.Shape{}}
	}
	names := binds
	if isExpr {
		names = []string{h.Source(f, n)}
	}
	prim := &ops.Primitive{
		Name:     "PyExecute",
		Stateful: true,
		Escapes:  true,
		Infer:    func(ops.Attrs, []tensor.Meta) ([]tensor.Meta, error) { return metas, nil },
		Eval: func(_ *ops.Ctx, _ ops.Attrs, in []*tensor.Tensor, _ []tensor.Meta) ([]*tensor.Tensor, error) {
			call := slices.Clone(args)
			for k, i := range varying {
				call[i] = NewTensor(in[k])
			}
			res, err := th.Call(sn.fn, call, nil)
			if err != nil {
				return nil, err
			}
			got := []Value{res}
			if !isExpr {
				got = res.(Tuple)
			}
			out := make([]*tensor.Tensor, len(got))
			for i, v := range got {
				if out[i], err = th.fallbackNumber(v, dt, names[i]); err != nil {
					return nil, err
				}
			}
			return out, nil
		},
		Bprop: func(g *ops.Grad) []ops.Value { return make([]ops.Value, len(g.In)) },
	}
	outs, err := tr.Apply(prim, ops.Attrs{"script": h.Source(f, n)}, inputs...)
	if err != nil {
		return nil, err
	}
	vals := make([]capture.Value, len(outs))
	for i, o := range outs {
		vals[i] = NewTensor(o.(*tensor.Tensor))
	}
	return vals, nil
}

// fallbackNumber is a value a JIT Fallback computed when the graph ran, as
// the 0-d Tensor of dtype dt the graph was compiled for.
func (th *Thread) fallbackNumber(v Value, dt tensor.DType, name string) (*tensor.Tensor, error) {
	conv := "float"
	switch {
	case dt == tensor.Bool:
		conv = "bool"
	case !dt.IsFloat():
		conv = "int"
	}
	f, _ := th.session.builtins.Get(conv)
	n, err := th.Call(f, []Value{v}, nil)
	if err != nil {
		return nil, Errorf(TypeErrorClass, "JIT Fallback: '%s' is a %s when the graph runs; graph mode takes numbers "+
			"(and one-element Tensors) from code it runs on the host, so compute this outside the jit function.", name, TypeName(v))
	}
	switch n := n.(type) {
	case Float:
		return th.scalarTensor(dt, float64(n), int64(n))
	case Int:
		return th.scalarTensor(dt, float64(n), int64(n))
	case Bool:
		i := int64(0)
		if n {
			i = 1
		}
		return th.scalarTensor(dt, float64(i), i)
	}
	return nil, Errorf(TypeErrorClass, "JIT Fallback: '%s' is not a number when the graph runs.", name)
}

// bound reports whether a variable of f has a value: in env, or in f's
// closure.
func (h *jitHost) bound(f *capture.Func, env map[string]capture.Value) func(string) bool {
	return func(name string) bool {
		if _, ok := env[name]; ok {
			return true
		}
		_, err := h.Free(f, name)
		return err == nil
	}
}
