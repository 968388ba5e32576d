package interp

import (
	"fmt"
	"strings"

	"msrepl/graphmode/cache"
	"msrepl/graphmode/ir"
	"msrepl/lang/compile"
	"msrepl/lang/syntax"
)

// ms.explain(fn, *args) and %explain CALL: what compiling a call gives, as
// TorchDynamo's explain reports it: the graphs and the splits between
// them with their reasons and lines, the JIT Fallbacks left in the
// graphs, the ops of each graph, and the guards the compiled code stands
// behind.

// ExplainOutput is ms.explain's result: its fields as attributes, its
// report as its str.
type ExplainOutput struct {
	graphs, ops int
	breaks      []explainItem
	fallbacks   []explainItem
	perGraph    []int
	guards      []string
	out         Value
}

type explainItem struct{ reason, where string }

// ExplainOutputClass is the type of ms.explain's result.
var ExplainOutputClass = newMSClass("ExplainOutput", "mindspore.common.api", ObjectClass, nil)

func (e *ExplainOutput) Type() *Class { return ExplainOutputClass }

func (e *ExplainOutput) Str(th *Thread) (string, error) { return e.report(), nil }

func (e *ExplainOutput) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("ExplainOutput(graph_count=%d, graph_break_count=%d, op_count=%d)", e.graphs, len(e.breaks), e.ops), nil
}

func (e *ExplainOutput) AttrNames() []string {
	return []string{"graph_count", "graph_break_count", "break_reasons", "fallbacks", "op_count", "ops_per_graph", "guards", "out"}
}

func (e *ExplainOutput) Attr(th *Thread, name string) (Value, bool, error) {
	items := func(list []explainItem) Value {
		out := make([]Value, len(list))
		for i, it := range list {
			d := NewDict(2)
			d.SetStr("reason", Str(it.reason))
			d.SetStr("where", Str(it.where))
			out[i] = d
		}
		return NewList(out)
	}
	switch name {
	case "graph_count":
		return MakeInt(int64(e.graphs)), true, nil
	case "graph_break_count":
		return MakeInt(int64(len(e.breaks))), true, nil
	case "break_reasons":
		return items(e.breaks), true, nil
	case "fallbacks":
		return items(e.fallbacks), true, nil
	case "op_count":
		return MakeInt(int64(e.ops)), true, nil
	case "ops_per_graph":
		out := make([]Value, len(e.perGraph))
		for i, n := range e.perGraph {
			out[i] = MakeInt(int64(n))
		}
		return NewList(out), true, nil
	case "guards":
		out := make([]Value, len(e.guards))
		for i, g := range e.guards {
			out[i] = Str(g)
		}
		return NewList(out), true, nil
	case "out":
		return e.out, true, nil
	}
	return nil, false, nil
}

func (e *ExplainOutput) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Graph Count: %d\nGraph Break Count: %d\nOp Count: %d\n", e.graphs, len(e.breaks), e.ops)
	list := func(title, item string, items []explainItem) {
		if len(items) == 0 {
			return
		}
		b.WriteString(title + ":\n")
		for i, it := range items {
			fmt.Fprintf(&b, "  %s %d:\n    Reason: %s\n    At: %s\n", item, i+1, it.reason, it.where)
		}
	}
	list("Break Reasons", "Break Reason", e.breaks)
	list("JIT Fallbacks", "Fallback", e.fallbacks)
	b.WriteString("Ops per Graph:\n")
	for i, n := range e.perGraph {
		fmt.Fprintf(&b, "  Graph %d: %d ops\n", i+1, n)
	}
	b.WriteString("Guards:\n")
	for _, g := range e.guards {
		b.WriteString("  " + g + "\n")
	}
	return b.String()
}

// msExplain is mindspore.explain(fn, *args, **kwargs): it calls fn on the
// arguments, compiled (a plain function or a Cell with
// capture_mode="bytecode", a jit function as it is), and explains what
// the call compiled into.
func msExplain(th *Thread, args []Value, kwnames []string) (Value, error) {
	if len(args)-len(kwnames) < 1 {
		return nil, TypeErrorf("explain() missing 1 required positional argument: 'fn'")
	}
	return th.explain(args[0], args[1:], kwnames)
}

func (th *Thread) explain(fn Value, args []Value, kwnames []string) (Value, error) {
	j, ok := th.jitOf(fn)
	if !ok {
		target := fn
		if cell, isCell := fn.(*Instance); isCell && cell.class.IsSubclass(NNCellClass) {
			construct, err := th.GetAttr(cell, "construct")
			if err != nil {
				return nil, err
			}
			target = construct
		}
		if !isCallable(target) {
			return nil, TypeErrorf("For 'explain', the 'fn' must be a function, a jit function or a Cell, but got %s.", TypeName(fn))
		}
		w, err := newJitFunction(target, jitOptions{mode: "bytecode"})
		if err != nil {
			return nil, err
		}
		if j, ok = w.(*jitFunction); !ok {
			// MS_JIT=0: nothing compiles.
			out, err := th.Call(w, args, kwnames)
			return &ExplainOutput{out: out}, err
		}
		fn = j
	}
	compiles := j.compiles
	out, err := th.Call(fn, args, kwnames)
	if err != nil {
		return nil, err
	}
	e := &ExplainOutput{out: out}
	if j.opts.mode == "bytecode" {
		for _, s := range j.segments {
			if s.ops > 0 {
				e.graphs++
				e.ops += s.ops
				e.perGraph = append(e.perGraph, s.ops)
			}
			if s.brk != nil {
				e.breaks = append(e.breaks, explainItem{s.brk.Reason, posString(s.brk.Pos, s.brk.src)})
			}
		}
		if j.lastEntry != nil {
			e.guards = entryGuards(j.lastEntry)
		} else {
			e.guards = append(e.guards, fmt.Sprintf("none: the Python code between the graphs runs on every call; "+
				"the %d compiled graphs are found by their structure (shapes and dtypes included)", len(j.segmentCache)))
		}
		return e, nil
	}
	if j.last == nil {
		e.guards = append(e.guards, "none: the call ran eagerly (the cache gave up, or the call had keyword arguments)")
		return e, nil
	}
	g := j.last.g
	for _, sub := range append([]*ir.FuncGraph{g}, g.Subgraphs()...) {
		for _, n := range sub.Nodes {
			if n.Kind != ir.Apply {
				continue
			}
			e.ops++
			if n.Prim.Name == "PyExecute" {
				e.fallbacks = append(e.fallbacks, explainItem{"the code needs a Tensor's value on the host (JIT Fallback, run when the graph runs)", posString(n.Span.Start, j.last.src)})
			}
		}
	}
	e.graphs = 1
	e.perGraph = []int{e.ops}
	if j.compiles > compiles {
		e.guards = append(e.guards, "(compiled by this call)")
	}
	for _, entry := range j.cache.Entries {
		if entry.Compiled == j.last {
			e.guards = append(e.guards, entryGuards(entry)...)
		}
	}
	return e, nil
}

// entryGuards words what a cache entry stands behind.
func entryGuards(entry *cache.Entry) []string {
	var out []string
	for _, a := range entry.Args {
		out = append(out, fmt.Sprintf("argument '%s' is %s", a.Name, a.Abs))
	}
	for _, gd := range entry.Guards {
		out = append(out, gd.What+" is unchanged")
	}
	return out
}

// posString is a position in src with its line: "t.py, line 7: if x > 0:".
func posString(p syntax.Position, src string) string {
	file := "<unknown>"
	if p.File != nil {
		file = *p.File
	}
	s := fmt.Sprintf("%s, line %d", file, p.Line)
	if line, ok := sourceLine(src, p.Line); ok {
		s += ": " + strings.TrimSpace(line)
	}
	return s
}

// runExplain is %explain CALL: ms.explain of the call, printed.
func runExplain(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	const usage = "%explain needs a call, as in %explain f(x, y)"
	code, at := magicBody(m)
	x, err := syntax.ParseExpr(at.Filename(), code)
	if err != nil {
		return nil, Errorf(UsageErrorClass, "%s: %v", usage, err)
	}
	call, ok := x.(*syntax.Call)
	if !ok {
		return nil, Errorf(UsageErrorClass, "%s", usage)
	}
	// The callee and the arguments are evaluated as the call would
	// evaluate them; the arguments through a lambda that returns them.
	fnStart, fnEnd := call.Fn.Span()
	callee := code[fnStart.Col-1 : fnEnd.Col-1]
	argsText := code[call.Lparen.Col : call.Rparen.Col-2]
	fn, err := th.evalAt(s, callee, at)
	if err != nil {
		return nil, err
	}
	packed, err := th.evalAt(s, "(lambda *a, **k: (a, k))("+argsText+")", at)
	if err != nil {
		return nil, err
	}
	pair := packed.(Tuple)
	args := []Value(pair[0].(Tuple))
	var kwnames []string
	for _, kv := range pair[1].(*Dict).Items() {
		args = append(args, kv[1])
		kwnames = append(kwnames, string(kv[0].(Str)))
	}
	out, err := th.explain(fn, args, kwnames)
	if err != nil {
		return nil, err
	}
	fmt.Fprint(th.stdout, out.(*ExplainOutput).report())
	return None, nil
}

// evalAt evaluates the expression code of a magic's line.
func (th *Thread) evalAt(s *Session, code string, at syntax.Position) (Value, error) {
	prog, err := compileAt(code, at)
	if err != nil {
		return nil, err
	}
	return th.runModule(prog, s.globals, s.builtins)
}
