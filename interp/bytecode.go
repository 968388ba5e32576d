package interp

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"msrepl/autodiff"
	"msrepl/graphmode/cache"
	"msrepl/graphmode/capture"
	"msrepl/graphmode/ir"
	"msrepl/lang/compile"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// capture_mode="bytecode": the VM runs the function's own bytecode with
// the capture's Tracer as the builder, so that its Tensor work becomes a
// graph while Python values stay concrete. The VM pauses the function's
// frame (frame.trapped) at an instruction the graph cannot hold: one that
// needs a Tensor's value as a Python value, that prints, or that starts a
// try or with statement. The graph so far is then a segment: compiled
// once per structure, run on the call's tensors, and its results realize
// the abstract tensors the code holds, wherever it stored them. The
// paused instruction (or the whole try statement) runs in the VM on
// concrete values, and capture resumes after it. A call is so a chain of
// graph segments and eager steps. The segments' graphs are cached by their
// structure (ir.Key: shapes and dtypes included). A call that changed
// nothing and split only at conditions on Tensors is cached whole, behind
// guards (bcNode, below); any other call runs its Python code again, on
// abstract Tensors, so its effects happen in order every call, as in
// PyNative.

type bcMode uint8

const (
	bcCapture bcMode = iota // emitting a segment; pause at what it cannot hold
	bcStep                  // running the paused instruction on concrete values
	bcRegion                // running a try or with statement on concrete values
)

// bcRun is the state of a bytecode capture: its mode, and the paused
// frames, innermost first, each but the innermost paused at the call of
// the one before it. pending is the chain a pause builds as it leaves the
// frames, up to the one runChain ran.
type bcRun struct {
	mode    bcMode
	chain   []*frame
	pending []*frame
	// reads are the host values the captured code read, and impure says
	// what it changed beyond its frames' locals, if anything (observe).
	reads   *captureReads
	impure  string
	stepped bool
	region  compile.Region
	brk     *bcBreak
}

// A bcBreak is where and why a capture split the function.
type bcBreak struct {
	Reason string
	Pos    syntax.Position
	// statement is set when the split is a try or with statement, which
	// runs as a whole.
	statement bool
	src       string // the source Pos is in
}

// errPaused is what run returns for a frame the capture paused.
var errPaused = errors.New("interp: frame paused by bytecode capture")

// pauseBefore is checked before each instruction of a trapped frame.
func (th *Thread) pauseBefore(fr *frame, pc, sp int) bool {
	b := th.bc
	if b == nil {
		return false
	}
	switch b.mode {
	case bcCapture:
		fr.bcPC, fr.bcSP = pc, sp
		b.observe(fr, pc, sp)
		for _, r := range fr.code.fc.Regions {
			if int(r.Start) == pc {
				b.region = r
				pos := fr.code.fc.Position(pc)
				pos.Line, pos.Col = r.Line, 1
				b.brk = &bcBreak{Reason: "a " + r.Kind + " statement runs in the VM", Pos: pos, statement: true, src: fr.code.fc.Prog.Src}
				b.pending = []*frame{fr}
				return true
			}
		}
		return false
	case bcStep:
		if fr != b.chain[0] {
			return false
		}
		if !b.stepped {
			b.stepped = true
			return false
		}
	default:
		if fr != b.chain[0] || (pc >= int(b.region.Start) && pc < int(b.region.End)) {
			return false
		}
	}
	b.pending = []*frame{fr}
	return true
}

// pauseAtFailure decides, when an instruction of a trapped frame failed
// while capturing, to pause before it: it runs again on concrete values,
// where a Tensor's value is known and the program's own errors are raised
// as PyNative raises them. A frame whose call of a Python function paused
// the callee pauses at the call, and is resumed with the callee's result;
// a call through Go code (a builtin calling back) cannot be resumed, and
// runs again as a whole.
func (b *bcRun) pauseAtFailure(fr *frame, err error) bool {
	if b.mode != bcCapture {
		return false
	}
	if err == errPaused {
		if directCall(fr) {
			b.pending = append(b.pending, fr)
		} else {
			b.pending = []*frame{fr}
		}
		return true
	}
	b.brk = &bcBreak{Reason: breakReason(err), Pos: fr.code.fc.Position(fr.bcPC), src: fr.code.fc.Prog.Src}
	b.pending = []*frame{fr}
	return true
}

// directCall reports whether fr's paused instruction calls a Python
// function itself, so that the callee's frame is the one that paused.
func directCall(fr *frame) bool {
	fn, ok := calleeAt(fr)
	if !ok {
		return false
	}
	switch f := fn.(type) {
	case *Function:
		return true
	case *BoundMethod:
		_, ok := f.Fn.(*Function)
		return ok
	}
	return false
}

// calleeAt is the function the call instruction fr is paused at calls.
func calleeAt(fr *frame) (Value, bool) {
	ins := fr.code.fc.Code[fr.bcPC]
	n, sp := int(ins.Arg()), fr.bcSP
	switch ins.Op() {
	case compile.CALL:
		return fr.stack[sp-n-1], true
	case compile.CALL_METHOD:
		if fr.stack[sp-n-1] == nil {
			return fr.stack[sp-n-2], true
		}
		if f, ok := fr.stack[sp-n-2].(*Function); ok {
			return f, true
		}
	case compile.CALL_KW:
		return fr.stack[sp-n-2], true
	}
	return nil, false
}

// completeCall finishes the call instruction fr is paused at with the
// callee's result v, as the instruction would have, and moves past it.
func completeCall(fr *frame, v Value) {
	ins := fr.code.fc.Code[fr.pc]
	n, sp := int(ins.Arg()), fr.sp
	var at int
	switch ins.Op() {
	case compile.CALL:
		at = sp - n - 1
	case compile.CALL_METHOD:
		at = sp - n - 2
	case compile.CALL_KW:
		at = sp - n - 2
	}
	fr.stack[at] = v
	clear(fr.stack[at+1 : sp])
	fr.sp, fr.pc = at+1, fr.pc+1
}

// breakReason words why an instruction could not be captured.
func breakReason(err error) string {
	var exc *Exception
	if errors.As(err, &exc) {
		if exc.graphBreak != "" {
			return exc.graphBreak
		}
		msg := exc.message(nil)
		if i := strings.Index(msg, ". Graph mode captures"); i > 0 {
			msg = msg[:i]
		}
		return msg
	}
	return err.Error()
}

// captureArtifact reports whether err is the capture's own, not the
// program's: code that needed a Tensor's value, or a graph break.
func captureArtifact(err error) bool {
	if err == errPaused {
		return true
	}
	var exc *Exception
	return errors.As(err, &exc) && (exc.valueNeeded || exc.graphBreak != "")
}

// graphBreak is the error that splits a bytecode capture at I/O.
func graphBreak(reason string) *Exception {
	e := Errorf(RuntimeErrorClass, "%s cannot be part of a graph", reason)
	e.graphBreak = reason
	return e
}

// bytecodeCapturing reports whether a bytecode capture is emitting a
// segment: print and other I/O then split the function.
func (th *Thread) bytecodeCapturing() bool { return th.bc != nil && th.bc.mode == bcCapture }

// bcSegment is one graph segment of a call, as explain reports it.
type bcSegment struct {
	ops int
	brk *bcBreak // what ended it; nil for the return
}

// callBytecode runs a call of a bytecode jit function.
func (th *Thread) callBytecode(j *jitFunction, args []Value, kwnames []string) (Value, error) {
	f, ok := j.fn.(*Function)
	self := Value(nil)
	if b, isMethod := j.fn.(*BoundMethod); isMethod {
		f, ok = b.Fn.(*Function)
		self = b.Self
	}
	if !ok || f.code.fc.IsGenerator || th.bc != nil {
		// Go callables have no bytecode, and a bytecode capture inside
		// another runs as the code it is part of.
		return th.Call(j.fn, args, kwnames)
	}
	var key []cache.Arg
	var entry *cache.Entry
	// Calls whose arguments hold mutable() values, or the same Tensor
	// twice, which the key does not tell apart, run the capturing way.
	if len(kwnames) == 0 && !hasMutable(args) && !aliased(args) {
		// Arguments a key cannot describe (a numpy array) are fine for
		// the capture, which uses them as they are; such calls are
		// not cached.
		key, _ = jitKey(j.fn, j.name, args)
		if key != nil {
			entry, _ = j.cache.Lookup(key)
		}
		if entry != nil {
			j.lastEntry = entry
			v, done, err := th.replay(j, entry.Compiled.(*bcNode), args)
			if done {
				return v, err
			}
		}
	}
	j.lastEntry = nil
	rec := newRecord(args)
	rec.ok = rec.ok && key != nil
	run := &bcRun{mode: bcCapture, reads: &captureReads{seen: map[any]bool{}}}
	saved := th.bc
	th.bc = run
	defer func() { th.bc = saved }()
	top, err := th.prepareFrame(f, self, args, kwnames, true)
	if err != nil {
		return nil, err
	}
	run.chain = []*frame{top}
	j.segments = j.segments[:0]
	for {
		v, seg, err := th.captureSegment(j, f)
		if seg != nil {
			rec.segment(seg)
		}
		if err != errPaused {
			if err == nil && rec.ok && run.impure == "" {
				rec.final(v)
				th.cacheCall(j, key, entry, rec, run)
			}
			return v, err
		}
		rec.split(run)
		if j.opts.fullgraph {
			e := Errorf(RuntimeErrorClass, "'%s' cannot be captured as one graph (fullgraph=True): %s", j.name, run.brk.Reason)
			for _, fr := range run.chain {
				e.Traceback = append(e.Traceback, TraceEntry{Code: fr.code.fc, PC: fr.pc})
			}
			return nil, e
		}
		// The paused instruction, or statement, runs on concrete values.
		run.mode, run.stepped = bcStep, false
		if run.brk.statement {
			run.mode = bcRegion
		}
		j.splits++
		v, err = th.runChain(run)
		if err != errPaused {
			return v, err
		}
	}
}

// cacheCall stores the tree of a call that can be cached: a new entry, or
// the new path joined to the entry whose replay met an outcome it had not
// seen, whose guards then watch what this call read too.
func (th *Thread) cacheCall(j *jitFunction, key []cache.Arg, entry *cache.Entry, rec *bcRecord, run *bcRun) {
	if !rec.ok {
		return
	}
	guards := guardsOf(th.hostReads(j.fn, j.self, run.reads))
	if entry != nil {
		rec.tree(entry.Compiled.(*bcNode))
		entry.Guards = append(entry.Guards, guards...)
		j.lastEntry = entry
		return
	}
	if j.cache.Full() {
		return
	}
	names := paramNames(j.fn, len(key))
	for i := range key {
		key[i].Name = names[i]
	}
	entry = &cache.Entry{Args: key, Compiled: rec.tree(nil), Guards: guards}
	if j.cache.Add(entry) {
		j.lastEntry = entry
	}
}

// runChain runs the innermost paused frame, and, as each frame returns,
// the frame paused at its call, until one pauses again (errPaused) or the
// outermost returns.
func (th *Thread) runChain(run *bcRun) (Value, error) {
	for {
		fr := run.chain[0]
		th.depth++
		v, err := th.run(fr)
		th.depth--
		if err == errPaused {
			run.chain = append(run.pending, run.chain[1:]...)
			run.pending = nil
		}
		if err != nil {
			if err != errPaused {
				// The program's error leaves the paused callers too.
				if exc, ok := err.(*Exception); ok {
					for _, caller := range run.chain[1:] {
						exc.Traceback = append(exc.Traceback, TraceEntry{Code: caller.code.fc, PC: caller.pc})
					}
				}
			}
			return nil, err
		}
		if len(run.chain) == 1 {
			return v, nil
		}
		run.chain = run.chain[1:]
		completeCall(run.chain[0], v)
	}
}

// bcCapturedSegment is what a segment's capture made: its graph, the
// tensors it took and the abstract tensors it gave values.
type bcCapturedSegment struct {
	c               *compiledGraph
	inputs, created []*tensor.Tensor
}

// captureSegment captures the chain's frames into one graph segment
// until they pause (errPaused) or the outermost returns, and runs the
// segment.
func (th *Thread) captureSegment(j *jitFunction, f *Function) (Value, *bcCapturedSegment, error) {
	run := th.bc
	run.mode, run.brk = bcCapture, nil
	tr := capture.NewTracer(ir.NewGraph(j.name, ir.Span{Start: f.code.fc.Pos}))
	tr.SetAutoInput()
	tr.Where = func() ir.Span { return ir.Span{Start: th.sourcePos()} }
	c := &compiledGraph{weights: map[string]*Tensor{}, src: f.code.fc.Prog.Src}
	tr.Weight = th.weightResolver(c)
	// The frames' Tensors are the segment's inputs. Work on other
	// concrete tensors only (host numpy, constants the code makes) runs
	// at once, as it would in PyNative: the code runs again each call.
	tr.Eval = &ops.Eager{Ctx: th.ms().ctx}
	for _, fr := range run.chain {
		registerTensors(tr, fr)
	}
	v, err := th.withBuilder(tr, func() (Value, error) { return th.runChain(run) })
	if err != nil && err != errPaused {
		return nil, nil, err
	}
	compiled, serr := th.runSegment(j, tr, c, run.brk)
	if serr != nil {
		return nil, nil, serr
	}
	return v, &bcCapturedSegment{c: compiled, inputs: tr.Inputs, created: tr.Created}, err
}

// registerTensors makes the Tensors a frame holds inputs of tr's graph:
// in its slots (cells' contents included) and on its stack, and inside
// the tuples, lists and dicts there.
func registerTensors(tr *capture.Tracer, fr *frame) {
	var walk func(v Value, name string, depth int)
	walk = func(v Value, name string, depth int) {
		if depth > contentsDepth {
			return
		}
		switch v := v.(type) {
		case *Tensor:
			if !v.t.Abstract() && v.param == nil {
				tr.Register(v.t, name)
			}
		case *Cell:
			walk(v.V, name, depth)
		case *Mutable:
			walk(v.v, name, depth)
		case Tuple:
			for i, e := range v {
				walk(e, elemName(name, i), depth+1)
			}
		case *List:
			for i, e := range v.elems {
				walk(e, elemName(name, i), depth+1)
			}
		case *Dict:
			for i, kv := range v.Items() {
				walk(kv[1], elemName(name, i), depth+1)
			}
		}
	}
	fc := fr.code.fc
	for i, v := range fr.slots {
		name := ""
		if i < len(fc.Locals) {
			name = fc.Locals[i]
		}
		walk(v, name, 0)
	}
	for _, v := range fr.stack[:fr.sp] {
		walk(v, "", 0)
	}
}

// elemName names an element of a container named name: "xs_1".
func elemName(name string, i int) string {
	if name == "" {
		return ""
	}
	return fmt.Sprintf("%s_%d", name, i)
}

// runSegment compiles (or finds) the graph of a segment whose code has
// run on abstract Tensors, runs it on the call's tensors, and realizes the
// abstract tensors with its results.
func (th *Thread) runSegment(j *jitFunction, tr *capture.Tracer, c *compiledGraph, brk *bcBreak) (*compiledGraph, error) {
	created := tr.Created
	j.segments = append(j.segments, bcSegment{ops: len(tr.G.Nodes), brk: brk})
	if len(created) == 0 && len(tr.Updated()) == 0 {
		return nil, nil
	}
	if err := c.output(tr, created); err != nil {
		return nil, Errorf(SystemErrorClass, "internal error: a segment of '%s': %v", j.name, err)
	}
	key := ir.Key(tr.G)
	compiled, ok := j.segmentCache[key]
	if !ok {
		start := time.Now()
		c.g = tr.G
		if err := th.optimize(c, j.name); err != nil {
			return nil, err
		}
		compiled = c
		if j.segmentCache == nil {
			j.segmentCache = map[string]*compiledGraph{}
		}
		if len(j.segmentCache) < segmentCacheLimit {
			j.segmentCache[key] = c
		}
		j.compiles++
		j.compileTime += time.Since(start)
	} else {
		j.cache.Hits++
		// The weights are the Parameters this call read, by name.
		for name, p := range c.weights {
			compiled.weights[name] = p
		}
	}
	j.last = compiled
	in := make([]Value, len(tr.Inputs))
	for i, t := range tr.Inputs {
		in[i] = NewTensor(t)
	}
	graphIn, err := th.graphInputs(in)
	if err != nil {
		return nil, err
	}
	outs, err := th.runGraph(compiled, graphIn, nil)
	if err != nil {
		return nil, err
	}
	tape, _ := th.ms().builder.(*autodiff.Tape)
	for i, v := range created {
		out := outs[i].(*Tensor).t
		if err := v.Realize(out); err != nil {
			return nil, Errorf(SystemErrorClass, "internal error: %v", err)
		}
		// Under a gradient's tape the realized tensor is the graph's
		// result, so that the gradient flows through the segment.
		if tape != nil {
			tape.Alias(v, out)
		}
	}
	return compiled, nil
}

// segmentCacheLimit bounds the graphs a bytecode function keeps; past it,
// a new structure is compiled for the call and not kept.
const segmentCacheLimit = 64

// A call whose code changed nothing beyond its frames' locals, whose
// splits were all conditional jumps on Tensors, and whose result holds only
// Tensors and constants, is cached behind guards, as an ast graph is: the
// call's arguments (keyed as jit keys them) and the host values its code
// read (globals, closure variables, the attributes of the objects it
// used). The entry is a tree of the call's segments: each segment's graph
// and where its inputs come from, and, where it split, the condition and
// the segment each of its outcomes leads to. A later call that satisfies
// the guards runs the graphs down the tree without the Python code. An
// outcome the tree has not seen yet runs the call again the capturing way,
// which is safe because the call changes nothing, and the new path joins
// the tree. The capture watches the trapped frames' instructions for what
// makes a call so (observe).

// A bcNode is a segment of a cached call.
type bcNode struct {
	c      *compiledGraph // nil when the segment computed nothing
	inputs []bcSource
	// cond is the condition the segment split at, and next the segments
	// its outcomes (false, true) lead to; a final segment has no cond
	// and gives the result: template, its Tensors standing for refs.
	cond     *bcSource
	next     [2]*bcNode
	template Value
	refs     map[*Tensor]bcSource
}

// A bcSource is where a value of a replayed call comes from: output out
// of the segment at depth seg of the path, a leaf of the arguments (its
// index in graphLeaves order), or a fixed Tensor the code made from
// guarded values.
type bcSource struct {
	seg, out, arg int // -1 when not that kind
	fixed         *Tensor
}

// bcRecord follows a capturing call for the tree: where each tensor it
// met comes from, and the path of segments so far.
type bcRecord struct {
	sources map[*tensor.Tensor]bcSource
	path    []*bcNode
	// outcomes are the conditions' outcomes along the path.
	outcomes []bool
	// ok is cleared when the call cannot be cached.
	ok bool
}

func newRecord(args []Value) *bcRecord {
	r := &bcRecord{sources: map[*tensor.Tensor]bcSource{}, ok: !hasMutable(args) && !aliased(args)}
	k := 0
	for _, a := range args {
		graphLeaves(a, false, func(x Value) Value {
			if t, ok := x.(*Tensor); ok {
				r.sources[t.t] = bcSource{seg: -1, out: -1, arg: k}
			}
			k++
			return x
		})
	}
	return r
}

func (r *bcRecord) source(t *tensor.Tensor) bcSource {
	if s, ok := r.sources[t]; ok {
		return s
	}
	return bcSource{seg: -1, out: -1, arg: -1, fixed: NewTensor(t)}
}

// segment records a captured segment on the path.
func (r *bcRecord) segment(seg *bcCapturedSegment) {
	if seg.c != nil && (len(seg.c.updates) > 0 || statefulGraph(seg.c.g)) {
		// Running such a segment again, when a replay meets a new
		// outcome, would update or draw twice.
		r.ok = false
	}
	n := &bcNode{c: seg.c}
	for _, t := range seg.inputs {
		n.inputs = append(n.inputs, r.source(t))
	}
	depth := len(r.path)
	for i, t := range seg.created {
		r.sources[t] = bcSource{seg: depth, out: i, arg: -1}
	}
	r.path = append(r.path, n)
}

// split records where the last segment split: a conditional jump on a
// Tensor, whose outcome this call takes; any other split makes the call
// one that cannot be cached.
func (r *bcRecord) split(run *bcRun) {
	fr := run.chain[0]
	op := fr.code.fc.Code[fr.pc].Op()
	if run.brk.statement || (op != compile.POP_JUMP_IF_FALSE && op != compile.POP_JUMP_IF_TRUE &&
		op != compile.JUMP_IF_FALSE_OR_POP && op != compile.JUMP_IF_TRUE_OR_POP) {
		r.ok = false
		return
	}
	x, isTensor := fr.stack[fr.sp-1].(*Tensor)
	if !isTensor || x.t.Size() != 1 {
		r.ok = false
		return
	}
	src := r.source(x.t)
	r.path[len(r.path)-1].cond = &src
	r.outcomes = append(r.outcomes, x.t.Float(0) != 0)
}

// final records the result of the last segment.
func (r *bcRecord) final(out Value) {
	if !plainResult(out) {
		r.ok = false
		return
	}
	n := r.path[len(r.path)-1]
	n.refs = map[*Tensor]bcSource{}
	n.template = mapTensors(out, func(x *Tensor) Value {
		src := r.source(x.t)
		if x.param != nil {
			src = bcSource{seg: -1, out: -1, arg: -1, fixed: x}
		}
		ref := NewTensor(tensor.NewAbstract(x.t.Meta()))
		n.refs[ref] = src
		return ref
	})
}

// tree joins the recorded path to the tree rooted at root (nil for a new
// one) and returns the root.
func (r *bcRecord) tree(root *bcNode) *bcNode {
	if root == nil {
		root = r.path[0]
	}
	n := root
	for i, o := range r.outcomes {
		k := map[bool]int{false: 0, true: 1}[o]
		if n.next[k] == nil {
			n.next[k] = r.path[i+1]
		}
		n = n.next[k]
	}
	return root
}

// statefulGraph reports whether g applies a stateful primitive.
func statefulGraph(g *ir.FuncGraph) bool {
	for _, sub := range append([]*ir.FuncGraph{g}, g.Subgraphs()...) {
		for _, n := range sub.Nodes {
			if n.Kind == ir.Apply && n.Prim.Stateful {
				return true
			}
		}
	}
	return false
}

// effectfulMethods are the builtin methods that change their receiver.
var effectfulMethods = map[string]bool{
	"append": true, "extend": true, "insert": true, "pop": true, "remove": true, "clear": true,
	"sort": true, "reverse": true, "update": true, "setdefault": true, "popitem": true, "add": true,
	"discard": true, "set_data": true, "assign_value": true, "__setitem__": true, "__delitem__": true,
}

// effectfulBuiltins are the builtin functions that change state.
var effectfulBuiltins = map[string]bool{
	"next": true, "setattr": true, "delattr": true, "exec": true, "eval": true, "input": true, "open": true,
	"set_seed": true, "set_context": true, "seed": true, "shuffle": true,
}

// observe watches, while a segment is captured, an instruction about to
// run in a trapped frame: the host values it reads, for the guards, and
// whether it changes anything beyond the frame's locals.
func (b *bcRun) observe(fr *frame, pc, sp int) {
	fc := fr.code.fc
	ins := fc.Code[pc]
	arg := int(ins.Arg())
	effect := ""
	switch op := ins.Op(); op {
	case compile.LOAD_GLOBAL:
		b.reads.global(fr.code.link.globals, fc.Prog.Globals[arg])
	case compile.LOAD_DEREF:
		if arg >= len(fc.Locals) {
			b.reads.free(fr.slots[arg].(*Cell), fc.FreeVars[arg-len(fc.Locals)])
		}
	case compile.LOAD_ATTR, compile.LOAD_METHOD:
		b.reads.instance(fr.stack[sp-1])
	case compile.STORE_ATTR, compile.DELETE_ATTR, compile.STORE_SUBSCR, compile.DELETE_SUBSCR,
		compile.STORE_GLOBAL, compile.DELETE_GLOBAL, compile.STORE_DEREF, compile.DELETE_DEREF:
		effect = op.String()
	case compile.INPLACE:
		switch fr.stack[sp-2].(type) {
		case *List, *Dict, *Set:
			effect = "an in-place operator on a container"
		}
	case compile.CALL_METHOD:
		if f, ok := fr.stack[sp-arg-2].(*Builtin); ok && fr.stack[sp-arg-1] != nil && changesState(f) {
			effect = "a call of " + f.Name
		}
	case compile.CALL, compile.CALL_KW:
		n := arg
		if op == compile.CALL_KW {
			n++
		}
		// A called object (a Cell) is used with its attributes.
		b.reads.instance(fr.stack[sp-n-1])
		if f, ok := fr.stack[sp-n-1].(*Builtin); ok && changesState(f) {
			effect = "a call of " + f.Name
		}
	case compile.CALL_EX:
		effect = "a call with *args or **kwargs"
	}
	if effect != "" && b.impure == "" {
		b.impure = effect
	}
}

// changesState reports whether a builtin changes state: a method that
// changes its receiver, a setter, or a function that changes the world.
func changesState(f *Builtin) bool {
	if f.Owner != nil || f.Self != nil {
		return effectfulMethods[f.Name] || strings.HasPrefix(f.Name, "set_") || strings.HasPrefix(f.Name, "update_") ||
			strings.HasPrefix(f.Name, "register") || strings.HasPrefix(f.Name, "insert_")
	}
	return effectfulBuiltins[f.Name]
}

// plainResult reports whether a result holds only Tensors and constants
// (numbers, strings, None), in tuples, lists and dicts, which a replay
// can build again.
func plainResult(v Value) bool {
	switch v := v.(type) {
	case *Tensor, Int, Float, Bool, Str, NoneType:
		return true
	case Tuple:
		for _, e := range v {
			if !plainResult(e) {
				return false
			}
		}
		return true
	case *List:
		return plainResult(Tuple(v.elems))
	case *Dict:
		for _, kv := range v.Items() {
			if !plainResult(kv[0]) || !plainResult(kv[1]) {
				return false
			}
		}
		return true
	}
	return false
}

// replay runs a cached call down its tree. It reports false, having
// changed nothing, when the call takes an outcome the tree has not seen.
func (th *Thread) replay(j *jitFunction, root *bcNode, args []Value) (Value, bool, error) {
	var leaves []Value
	for _, a := range args {
		graphLeaves(a, false, func(x Value) Value {
			leaves = append(leaves, x)
			return x
		})
	}
	var outs [][]Value
	source := func(s bcSource) Value {
		switch {
		case s.seg >= 0:
			return outs[s.seg][s.out]
		case s.arg >= 0:
			return leaves[s.arg]
		}
		return s.fixed
	}
	j.segments = j.segments[:0]
	for n := root; ; {
		var o []Value
		if n.c != nil {
			in := make([]Value, len(n.inputs))
			for i, s := range n.inputs {
				in[i] = source(s)
			}
			graphIn, err := th.graphInputs(in)
			if err != nil {
				return nil, true, err
			}
			if o, err = th.runGraph(n.c, graphIn, nil); err != nil {
				return nil, true, err
			}
			j.last = n.c
		}
		outs = append(outs, o)
		seg := bcSegment{}
		if n.c != nil {
			seg.ops = len(n.c.g.Nodes)
		}
		if n.cond == nil {
			j.segments = append(j.segments, seg)
			return mapTensors(n.template, func(x *Tensor) Value { return source(n.refs[x]) }), true, nil
		}
		seg.brk = &bcBreak{Reason: "a conditional jump on a Tensor (replayed)"}
		j.segments = append(j.segments, seg)
		cond := source(*n.cond).(*Tensor).t
		n = n.next[map[bool]int{false: 0, true: 1}[cond.Float(0) != 0]]
		if n == nil {
			return nil, false, nil
		}
	}
}

// aliased reports whether args hold the same Tensor twice.
func aliased(args []Value) bool {
	var seen []*tensor.Tensor
	found := false
	for _, a := range args {
		graphLeaves(a, false, func(x Value) Value {
			if t, ok := x.(*Tensor); ok {
				found = found || slices.Contains(seen, t.t)
				seen = append(seen, t.t)
			}
			return x
		})
	}
	return found
}

// hasMutable reports whether args hold a mutable() value, whose numbers
// a replay would not see: bytecode capture uses them as the numbers they
// are.
func hasMutable(args []Value) bool {
	found := false
	for _, a := range args {
		mapLeaves(a, false, true, func(x Value) Value {
			if _, ok := x.(*Tensor); !ok {
				found = true
			}
			return x
		})
	}
	return found
}
