package interp

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"msrepl/autodiff"
	"msrepl/devices"
	"msrepl/graphmode/bundle"
	"msrepl/graphmode/cache"
	"msrepl/graphmode/capture"
	"msrepl/graphmode/compilecache"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/passes"
	"msrepl/graphmode/shape"
	"msrepl/lang/compile"
	"msrepl/ops"
	"msrepl/tensor"
)

// Graph mode's entry into the interpreter: @jit and GRAPH_MODE compile a
// function into a graph per specialization (its Tensors' dtypes and
// shapes, its other arguments' values), optimize it, cache it behind
// guards and run it through the session's builder. The ast capture
// (graphmode/capture, with jitHost as its Host) walks the function's
// statements with abstract Tensors for its Tensor arguments: control flow
// on Tensors becomes If and While nodes, and the library's operators emit
// the rest of the graph under the capture's Tracer.

// jitFunction is a function @jit compiles.
type jitFunction struct {
	fn   Value
	name string
	// self is the Cell whose method this compiles, or nil; bound holds
	// the per-Cell compilations of a method decorated in a class.
	self  *Instance
	bound map[*Instance]*jitFunction
	opts  jitOptions
	sig   *parsedSignature
	cache *cache.Function
	// last is the graph the last call ran, for %ir.
	last   *compiledGraph
	warned bool
	// traceWarned are the lines a trace recording has warned about.
	traceWarned map[string]bool
	// segments are the graph segments of a bytecode function's last call,
	// and segmentCache its compiled segments by structure (bytecode.go).
	segments     []bcSegment
	segmentCache map[string]*compiledGraph
	// lastEntry is the cache entry a bytecode function's last call ran or
	// made, when the call was cached whole.
	lastEntry *cache.Entry
	// What cache_info and %cache report beyond the cache's counts: loads
	// are compiles the compile cache on disk served, and notKept says why
	// the last graph was not saved there.
	compiles, fallbacks, loads int
	notKept                    string
	// splits counts the instructions bytecode capture ran in the VM.
	splits      int
	compileTime time.Duration
	peakBytes   int64
}

// compiledGraph is a cache entry's graph and the Parameters its weights
// read when it runs.
type compiledGraph struct {
	g       *ir.FuncGraph
	weights map[string]*Tensor
	src     string // the source of the cell the function came from
	// template is the traced result, whose Tensors the graph's outputs
	// replace, in order.
	template Value
	// updates are the weights the graph updates; its last outputs are
	// their new data, one each.
	updates []string
	// args are the call's arguments as capture saw them (Tensors
	// abstract), for %ir --grad.
	args []Value
	// stages are the graph's MindIR after capture and after each pass,
	// for %ir --pass, and the graph as that stage left it, for %viz.
	stages []irStage
	// outputNames name a gradient graph's outputs (∇x), for %viz.
	outputNames []string
	// example is the last run's inputs and outputs, kept when the session
	// records examples (msrepl export), for msrepl run --check.
	example *bundle.Example
	// scope holds the symbols of a graph compiled for many sizes, and
	// dims the parameters' dims each run binds them from (dynamic.go).
	// automatic is set when jit(dynamic=1) chose the symbols: sizes they
	// do not admit compile another graph instead of failing.
	scope     *shape.Scope
	dims      []boundDim
	automatic bool
	// fromDisk is the compile cache file the graph was loaded from, which
	// keeps the optimized graph but not the stages before it.
	fromDisk string
	// fusion groups the graph's elementwise nodes into blockwise steps
	// (passes.Fuse), worked out when it is compiled or loaded.
	fusion *ir.Fusion
}

// fused returns the graph's fused groups, working them out the first
// time (a graph loaded from the compile cache was never optimized here).
func (c *compiledGraph) fused() (*ir.Fusion, error) {
	if c.fusion == nil {
		f, err := passes.Fuse(c.g)
		if err != nil {
			return nil, Errorf(SystemErrorClass, "internal error: fusing the graph of '%s': %v", c.g.Name, err)
		}
		c.fusion = f
	}
	return c.fusion, nil
}

type irStage struct {
	name, text string
	graph      *ir.FuncGraph
}

// optimize runs the passes over a captured graph and verifies it. Each
// stage's MindIR is kept for %ir --pass and, with
// set_context(save_graphs=True), written to save_graphs_path as
// <NN>_<stage>_<name>.ir, as MindSpore writes one file per phase.
func (th *Thread) optimize(c *compiledGraph, name string) error {
	rt := th.ms()
	save := false
	if v, ok := rt.options.GetStr("save_graphs"); ok {
		save, _ = th.Truth(v)
	}
	dir := "."
	if v, ok := rt.options.GetStr("save_graphs_path"); ok {
		if p, isStr := v.(Str); isStr && p != "" {
			dir = string(p)
		}
	}
	var saveErr error
	// Printing is most of a compile's time: a pass that changed nothing
	// reuses the text before it.
	dump := func(stage string, g *ir.FuncGraph, changed bool) {
		var text string
		var snapshot *ir.FuncGraph
		if n := len(c.stages); changed || n == 0 {
			var b strings.Builder
			ir.Print(&b, g, func(_ string, line int) (string, bool) { return sourceLine(c.src, int32(line)) })
			text, snapshot = b.String(), ir.Copy(g)
		} else {
			text, snapshot = c.stages[n-1].text, c.stages[n-1].graph
		}
		c.stages = append(c.stages, irStage{stage, text, snapshot})
		if save && saveErr == nil {
			path := filepath.Join(dir, fmt.Sprintf("%02d_%s_%s.ir", len(c.stages)-1, stage, name))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				saveErr = err
			} else if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				saveErr = err
			}
		}
	}
	dump("capture", c.g, true)
	p := passes.Default(&ops.Eager{Ctx: rt.ctx})
	p.Dump = dump
	if err := p.Run(c.g); err != nil {
		return Errorf(RuntimeErrorClass, "compiling '%s': %v", name, err)
	}
	if err := ir.Verify(c.g); err != nil {
		return Errorf(SystemErrorClass, "internal error: the graph of '%s' is not valid: %v", name, err)
	}
	if _, err := c.fused(); err != nil {
		return err
	}
	if saveErr != nil {
		return osError(saveErr, dir)
	}
	return nil
}

func (j *jitFunction) Type() *Class { return FunctionClass }

func (j *jitFunction) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<function %s at %#x>", j.name, identity(j)), nil
}

// Call runs the function, or, when it is a Cell's method (@jit on
// construct) called with the Cell first, the method of that Cell, which
// is compiled and cached for each Cell.
func (j *jitFunction) Call(th *Thread, args []Value, kwnames []string) (Value, error) {
	if len(args) > len(kwnames) && j.self == nil {
		if cell, ok := args[0].(*Instance); ok && cell.class.IsSubclass(NNCellClass) {
			if j.bound == nil {
				j.bound = map[*Instance]*jitFunction{}
			}
			b, ok := j.bound[cell]
			if !ok {
				name := cell.class.Name + "_" + j.name
				b = &jitFunction{fn: &BoundMethod{Self: cell, Fn: j.fn}, name: name, cache: cache.NewFunction(name), self: cell, opts: j.opts}
				j.bound[cell] = b
			}
			if sig, ok := th.ms().cellInputs[cell]; ok {
				b.opts.signature = sig
			}
			return th.callJit(b, args[1:], kwnames)
		}
	}
	return th.callJit(j, args, kwnames)
}

// msJit is mindspore.jit, as a decorator with or without arguments.
func msJit(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fn, mode, level, dynamic, fullgraph, signature Value = None, Str(defaultCaptureMode), Str("O0"), MakeInt(0), False, None
	if err := UnpackArgs("jit", args, kwnames, "function?", &fn, "*capture_mode?", &mode, "*jit_level?", &level,
		"*dynamic?", &dynamic, "*fullgraph?", &fullgraph, "*input_signature?", &signature); err != nil {
		return nil, err
	}
	m, ok := mode.(Str)
	if !ok || (m != "ast" && m != "bytecode" && m != "trace") {
		r, _ := th.Repr(mode)
		return nil, ValueErrorf("For 'jit', the 'capture_mode' must be one of 'ast', 'bytecode' and 'trace', but got %s.", r)
	}
	opts := jitOptions{mode: string(m), signature: signature}
	switch d := dynamic.(type) {
	case Int:
		if d != 0 && d != 1 {
			return nil, ValueErrorf("For 'jit', the 'dynamic' must be 0 or 1, but got %d.", int(d))
		}
		opts.dynamic = d == 1
	case Bool:
		opts.dynamic = bool(d)
	default:
		return nil, TypeErrorf("For 'jit', the 'dynamic' must be an int, but got %s.", TypeName(dynamic))
	}
	fg, ok := fullgraph.(Bool)
	if !ok {
		return nil, TypeErrorf("For 'jit', the 'fullgraph' must be a bool, but got %s.", TypeName(fullgraph))
	}
	opts.fullgraph = bool(fg)
	if fn == None {
		return &Builtin{Name: "jit", Doc: "Compiles the decorated function.", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var f Value
			if err := UnpackArgs("jit", args, kwnames, "function", &f); err != nil {
				return nil, err
			}
			return newJitFunction(f, opts)
		}}, nil
	}
	return newJitFunction(fn, opts)
}

// defaultCaptureMode is jit's capture_mode when none is given: "ast", as
// in MindSpore. The differential tests run the corpus under the others.
var defaultCaptureMode = "ast"

// jitDisabled reports MS_JIT=0, which turns graph compilation off, as in
// MindSpore: @jit functions, Cells in GRAPH_MODE and %%graph cells run
// as they are, in PyNative mode.
func jitDisabled() bool { return os.Getenv("MS_JIT") == "0" }

func newJitFunction(fn Value, opts jitOptions) (Value, error) {
	if !isCallable(fn) {
		return nil, TypeErrorf("For 'jit', the decorated object must be callable, but got %s.", TypeName(fn))
	}
	if jitDisabled() {
		return fn, nil
	}
	name := "function"
	if f, ok := fn.(*Function); ok {
		name = f.Name
	}
	return &jitFunction{fn: fn, name: name, cache: cache.NewFunction(name), opts: opts}, nil
}

// positionalArgs turns a call of a plain function into the positional
// call it means, keywords bound and defaults filled in, so that f(a, b),
// f(a, y=b) and f(y=b, x=a) share a cache entry; false when the function
// takes *args, **kwargs or keyword-only parameters, or the call does not
// bind.
func positionalArgs(fn Value, args []Value, kwnames []string) ([]Value, bool) {
	f, ok := fn.(*Function)
	if !ok {
		return nil, false
	}
	fc := f.code.fc
	if fc.HasVarargs || fc.HasKwargs || fc.NumKwOnly > 0 {
		return nil, false
	}
	npos := len(args) - len(kwnames)
	if len(kwnames) == 0 && npos == fc.NumParams {
		return args, true
	}
	if npos > fc.NumParams {
		return nil, false
	}
	out := make([]Value, fc.NumParams)
	copy(out, args[:npos])
	for k, name := range kwnames {
		idx := -1
		for i := fc.NumPosOnly; i < fc.NumParams; i++ {
			if fc.Locals[i] == name {
				idx = i
				break
			}
		}
		if idx < 0 || out[idx] != nil {
			return nil, false
		}
		out[idx] = args[npos+k]
	}
	firstDefault := fc.NumParams - len(f.Defaults)
	for i, v := range out {
		if v != nil {
			continue
		}
		if i < firstDefault {
			return nil, false
		}
		out[i] = f.Defaults[i-firstDefault]
	}
	return out, true
}

// callJit runs a call of a jit function: from its cache, compiling on a
// miss, or eagerly once the cache has given up.
func (th *Thread) callJit(j *jitFunction, args []Value, kwnames []string) (Value, error) {
	rt := th.ms()
	// A jit function called while another is captured is part of that
	// graph. Keyword arguments are bound to their parameters' places,
	// which the cache's key describes; a call whose keywords cannot be
	// (to **kwargs, or in error) runs eagerly, where Python's rules
	// apply.
	if tr, capturing := rt.tracer(); capturing {
		return th.captureCall(tr, j.fn, args, kwnames)
	}
	if j.opts.mode == "bytecode" {
		return th.callBytecode(j, args, kwnames)
	}
	if pos, ok := positionalArgs(j.fn, args, kwnames); ok {
		args = pos
	} else if len(kwnames) > 0 {
		return th.Call(j.fn, args, kwnames)
	}
	key, err := jitKey(j.fn, j.name, args)
	if err != nil {
		return nil, err
	}
	specs, err := th.signatureSpecs(j, args)
	if err != nil {
		return nil, err
	}
	entry, _ := j.cache.Lookup(key)
	for first := true; ; first = false {
		compiled := entry == nil
		if compiled {
			if j.cache.Full() {
				if !j.warned {
					j.warned = true
					fmt.Fprintf(th.stderr, "UserWarning: %s\n", j.cache.GaveUp())
				}
				j.fallbacks++
				return th.Call(j.fn, args, nil)
			}
			if specs == nil && j.opts.dynamic && first {
				specs = generalize(j.cache.Entries, key)
			}
			var result Value
			if entry, result, err = th.compileEntry(j, args, key, specs); err != nil {
				return nil, err
			}
			if result != nil {
				// A trace's recording was the call.
				j.last = entry.Compiled.(*compiledGraph)
				return result, nil
			}
		}
		c := entry.Compiled.(*compiledGraph)
		in, err := th.graphInputs(args)
		if err != nil {
			return nil, err
		}
		sizes, err := c.bind(in)
		if err != nil {
			if c.automatic && first {
				// Sizes the symbols jit(dynamic=1) chose do not admit
				// (0 or 1) get a graph of their own.
				if compiled {
					j.cache.Reasons = append(j.cache.Reasons, err.Error())
				} else {
					j.cache.Refuse(entry, err.Error())
				}
				entry, specs = nil, nil
				continue
			}
			return nil, ValueErrorf("For '%s', %v.", j.name, err)
		}
		if compiled {
			var size func(int) int
			if sizes != nil {
				size = sizes.Dim
			}
			f, err := c.fused()
			if err != nil {
				return nil, err
			}
			j.peakBytes = max(j.peakBytes, ir.PeakBytes(c.g, f, size))
		}
		j.last = c
		return th.runCompiled(c, in, sizes)
	}
}

// jitKey is a call's arguments as the cache keys them. The key's names only
// word the reasons of later misses, so they are looked up on a miss, not
// on every call.
func jitKey(fn Value, name string, args []Value) ([]cache.Arg, error) {
	key := make([]cache.Arg, len(args))
	for i, a := range args {
		abs, err := jitArgAbstract(a)
		if err != nil {
			return nil, Errorf(TypeErrorClass, "For 'jit', argument '%s' of '%s': %v", paramNames(fn, len(args))[i], name, err)
		}
		key[i].Abs = abs
	}
	return key, nil
}

// compileEntry compiles j for args into a new cache entry: with the
// dynamic dims specs gives as symbols, keyed by them. A trace records the
// call, whose result it returns.
func (th *Thread) compileEntry(j *jitFunction, args []Value, key []cache.Arg, specs [][]dimSpec) (*cache.Entry, Value, error) {
	rt := th.ms()
	names := paramNames(j.fn, len(args))
	var scope *shape.Scope
	compileArgs := args
	if specs != nil && j.opts.mode != "trace" {
		scope = shape.NewScope()
		compileArgs = symbolicArgs(scope, args, specs, names)
		var err error
		if key, err = jitKey(j.fn, j.name, compileArgs); err != nil {
			return nil, nil, err
		}
	}
	for i := range key {
		key[i].Name = names[i]
	}
	start := time.Now()
	var store *compilecache.Store
	var fp *fingerprinter
	dk := ""
	if scope == nil && j.opts.mode != "trace" {
		if store = th.compileStore(); store != nil {
			// One fingerprinter serves the key and the load: no user
			// code runs between them, so what it has hashed holds.
			fp = newFingerprinter(th)
			dk = diskKey(fp, j, key)
		}
	}
	var variants []diskVariant
	if dk != "" {
		var entry *cache.Entry
		var err error
		entry, variants, err = th.loadCompiled(store, fp, j, dk, key, args)
		if entry != nil {
			j.loads++
			j.compileTime += time.Since(start)
			j.cache.Add(entry)
			return entry, nil, nil
		}
		// A recompile for a reason the session gave (a guard failed)
		// finds the entry stale for that reason: it is saved over
		// without a warning.
		var stale *compilecache.StaleError
		if errors.As(err, &stale) && j.compiles+j.loads == 0 {
			fmt.Fprintf(th.stderr, "UserWarning: the compile cache's entry for '%s' is stale: %s; compiling it anew (%s)\n", diskName(j), stale.Why, stale.Path)
		} else if err != nil && stale == nil {
			fmt.Fprintf(th.stderr, "UserWarning: the compile cache's entry for '%s' could not be read: %v; compiling it anew\n", diskName(j), err)
		}
	}
	reads := &captureReads{seen: map[any]bool{}}
	rt.captureReads = reads
	var c *compiledGraph
	var result Value
	var err error
	if j.opts.mode == "trace" {
		c, result, err = th.compileTrace(j, args, names)
	} else {
		c, err = th.compileJit(j.fn, j.name, compileArgs, names, scope)
	}
	rt.captureReads = nil
	if err != nil {
		j.compileTime += time.Since(start)
		return nil, nil, err
	}
	if scope != nil {
		c.scope, c.automatic = scope, j.opts.signature == nil || j.opts.signature == None
		c.planDims()
	}
	hostReads := th.hostReads(j.fn, j.self, reads)
	entry := &cache.Entry{Args: key, Compiled: c, Guards: guardsOf(hostReads)}
	// The compile ends with the entry whole, guards included, as a load
	// from the compile cache does.
	j.compileTime += time.Since(start)
	j.compiles++
	j.cache.Add(entry)
	if dk != "" {
		j.notKept = ""
		var notKept errNotKept
		if err := th.saveCompiled(store, j, dk, c, hostReads, variants); errors.As(err, &notKept) {
			j.notKept = string(notKept)
		} else if err != nil {
			fmt.Fprintf(th.stderr, "UserWarning: the compile cache could not save '%s': %v\n", diskName(j), osError(err, store.Dir()))
		}
	}
	return entry, result, nil
}

// hostReads are what capture folded into the graph from the host: the
// globals the function's code and the code it inlined read, the closure
// variables, and the attributes of self and of the other objects (Cells)
// it used.
func (th *Thread) hostReads(fn Value, self *Instance, reads *captureReads) []hostRead {
	var rs []hostRead
	f, _ := fn.(*Function)
	if b, ok := fn.(*BoundMethod); ok {
		f, _ = b.Fn.(*Function)
	}
	var fnGlobals *Globals
	if f != nil {
		fnGlobals = f.code.link.globals
	}
	seen := map[string]bool{}
	global := func(g *Globals, name string) {
		root := ""
		if g == fnGlobals {
			root = "g:" + name
		}
		rs = append(rs, hostRead{what: "global '" + name + "'", root: root, globals: g, name: name})
	}
	if f != nil {
		g := th.session.globals
		for _, n := range globalsRead(f.code.fc) {
			if _, ok := g.Get(n); ok && !seen[n] {
				seen[n] = true
				global(g, n)
			}
		}
	}
	for _, r := range reads.frees {
		root := ""
		if f != nil && closureCell(f, r.name) == r.cell {
			root = "f:" + r.name
		}
		rs = append(rs, hostRead{what: "closure variable '" + r.name + "'", root: root, cell: r.cell})
	}
	for _, r := range reads.globals {
		if r.g == th.session.globals && seen[r.name] {
			continue
		}
		seen[r.name] = true
		global(r.g, r.name)
	}
	attrs := func(obj *Instance, prefix string) {
		for k := range obj.Dict().All() {
			name, _ := k.(Str)
			rs = append(rs, hostRead{what: "attribute '" + prefix + string(name) + "'", obj: obj, attr: string(name)})
		}
	}
	if self != nil {
		attrs(self, "self.")
	}
	for _, obj := range reads.instances {
		if obj != self && obj.Dict() != nil {
			attrs(obj, obj.class.Name+".")
		}
	}
	return rs
}

// guardsOf guards host reads: a value by identity, a number or string by
// value, and the contents capture folded (hostContents).
func guardsOf(reads []hostRead) []cache.Guard {
	checks := make([]readCheck, len(reads))
	for i, r := range reads {
		v, _ := r.get()
		checks[i] = newReadCheck(r, v)
	}
	return guardsFor(checks)
}

// guardsFor makes guards of checks, which they point into.
func guardsFor(checks []readCheck) []cache.Guard {
	guards := make([]cache.Guard, len(checks))
	for i := range checks {
		guards[i] = cache.Guard{What: checks[i].read.what, Check: &checks[i]}
	}
	return guards
}

// newReadCheck guards r, which reads v now (nil when its name is not
// bound).
func newReadCheck(r hostRead, v Value) readCheck {
	return readCheck{read: r, ok0: v != nil, c0: contentsOf(v, contentsDepth)}
}

// readCheck is a guard of a host read: what it read when the graph was
// made.
type readCheck struct {
	read hostRead
	ok0  bool
	c0   hostContents
}

func (c *readCheck) Holds() bool {
	v, ok := c.read.get()
	return ok == c.ok0 && c.c0.holds(v)
}

// globalsRead lists the global names a function's code loads, its nested
// functions' included.
func globalsRead(fc *compile.Funcode) []string {
	var names []string
	for _, in := range fc.Code {
		if in.Op() == compile.LOAD_GLOBAL {
			names = append(names, fc.Prog.Globals[in.Arg()])
		}
	}
	for _, sub := range fc.Funcs {
		names = append(names, globalsRead(sub)...)
	}
	return names
}

// hostContents is what a guard remembers of a host value: the value, the
// data of a Tensor the graph folded, and the contents of lists, tuples and
// dicts, nested up to contentsDepth. Capture folds all of them into the
// graph, and item assignment and in-place mutation keep the identity of
// the object they change.
type hostContents struct {
	v       Value
	data    *tensor.Tensor // a folded Tensor's data; Parameters are weights, read when the graph runs
	items   []hostContents // a list's or tuple's elements; a dict's keys and values, alternating
	shallow bool           // past contentsDepth: compared by identity only
}

const contentsDepth = 4

func contentsOf(v Value, depth int) hostContents {
	c := hostContents{v: v, shallow: depth == 0}
	var elems []Value
	switch v := v.(type) {
	case *Tensor:
		if v.param == nil {
			c.data = v.t
		}
		return c
	case *List:
		elems = v.elems
	case Tuple:
		elems = v
	case *Dict:
		for _, e := range v.entries {
			if e.key != nil {
				elems = append(elems, e.key, e.value)
			}
		}
	default:
		return c
	}
	if !c.shallow {
		c.items = make([]hostContents, len(elems))
		for i, e := range elems {
			c.items[i] = contentsOf(e, depth-1)
		}
	}
	return c
}

// holds reports whether v is still the value c remembers.
func (c hostContents) holds(v Value) bool {
	if !sameHostValue(v, c.v) {
		return false
	}
	if x, ok := v.(*Tensor); ok {
		return c.data == nil || x.t == c.data
	}
	if c.shallow {
		return true
	}
	switch v := v.(type) {
	case *List:
		return sameItems(c.items, v.elems)
	case Tuple:
		return sameItems(c.items, v)
	case *Dict:
		i := 0
		for _, e := range v.entries {
			if e.key == nil {
				continue
			}
			if i+1 >= len(c.items) || !c.items[i].holds(e.key) || !c.items[i+1].holds(e.value) {
				return false
			}
			i += 2
		}
		return i == len(c.items)
	}
	return true
}

func sameItems(items []hostContents, elems []Value) bool {
	if len(items) != len(elems) {
		return false
	}
	for i, e := range elems {
		if !items[i].holds(e) {
			return false
		}
	}
	return true
}

// sameHostValue is the guards' equality: identity for objects, equal
// values for numbers, strings and tuples of them.
func sameHostValue(a, b Value) bool {
	if ta, ok := a.(Tuple); ok {
		tb, ok := b.(Tuple)
		if !ok || len(ta) != len(tb) {
			return false
		}
		for i := range ta {
			if !sameHostValue(ta[i], tb[i]) {
				return false
			}
		}
		return true
	}
	if a == nil || b == nil || !reflect.TypeOf(a).Comparable() || !reflect.TypeOf(b).Comparable() {
		return a == nil && b == nil
	}
	return a == b
}

// jitArgAbstract is an argument as the cache keys it: a Tensor by dtype and
// shape, a number, string, bool or None by value.
func jitArgAbstract(v Value) (ir.Abstract, error) {
	switch v := v.(type) {
	case *Mutable:
		if v.dynamicLen {
			return nil, dynamicLenUnsupported()
		}
		// The graph takes the numbers as inputs: the key keeps their
		// types, not their values.
		return jitArgAbstract(graphLeaves(v.v, true, func(leaf Value) Value {
			if _, ok := leaf.(*Tensor); ok {
				return leaf
			}
			return variableMark{leaf.Type()}
		}))
	case variableMark:
		return ir.ScalarAbs{Kind: map[*Class]ir.ScalarKind{BoolClass: ir.Bool, IntClass: ir.Int64, FloatClass: ir.Float64}[v.class]}, nil
	case *Tensor:
		return ir.TensorAbs{Meta: v.t.Meta()}, nil
	case Bool:
		return ir.ScalarAbs{Kind: ir.Bool, Value: bool(v)}, nil
	case Int:
		return ir.ScalarAbs{Kind: ir.Int64, Value: int64(v)}, nil
	case Float:
		return ir.ScalarAbs{Kind: ir.Float64, Value: float64(v)}, nil
	case Str:
		return ir.ScalarAbs{Kind: ir.String, Value: string(v)}, nil
	case NoneType:
		return ir.NoneAbs{}, nil
	case Tuple:
		elems := make([]ir.Abstract, len(v))
		for i, e := range v {
			a, err := jitArgAbstract(e)
			if err != nil {
				return nil, err
			}
			elems[i] = a
		}
		return ir.TupleAbs{Elems: elems}, nil
	case *List:
		t, err := jitArgAbstract(Tuple(v.elems))
		if err != nil {
			return nil, err
		}
		return ir.ListAbs{Elems: t.(ir.TupleAbs).Elems}, nil
	case *Dict:
		var d ir.DictAbs
		for _, kv := range v.Items() {
			k, ok := kv[0].(Str)
			if !ok {
				return nil, fmt.Errorf("dict arguments need string keys, not %s", TypeName(kv[0]))
			}
			a, err := jitArgAbstract(kv[1])
			if err != nil {
				return nil, err
			}
			d.Keys, d.Values = append(d.Keys, string(k)), append(d.Values, a)
		}
		return d, nil
	}
	return nil, fmt.Errorf("arguments of type %s are not supported in graph mode yet", TypeName(v))
}

// paramNames are the names of a function's first n parameters, for the
// cache's reasons and the graph's parameters.
func paramNames(fn Value, n int) []string {
	names := make([]string, n)
	var fc *compile.Funcode
	skip := 0
	switch f := fn.(type) {
	case *Function:
		fc = f.code.fc
	case *BoundMethod:
		if g, ok := f.Fn.(*Function); ok {
			fc, skip = g.code.fc, 1
		}
	}
	// A built-in Cell's construct is Go code: its inputs are named by its
	// definition ("x").
	var inputs []primParam
	if b, ok := fn.(*Builtin); ok && fc == nil {
		if self, ok := b.Self.(*Instance); ok {
			for _, c := range self.class.MRO {
				if d, ok := cellDefs[c]; ok {
					inputs = d.inputs
					break
				}
			}
		}
	}
	for i := range names {
		names[i] = fmt.Sprintf("arg%d", i)
		if fc != nil && i+skip < fc.NumParams && i+skip < len(fc.Locals) {
			names[i] = fc.Locals[i+skip]
		}
		if i < len(inputs) && !strings.HasPrefix(inputs[i].name, "*") {
			names[i] = inputs[i].name
		}
	}
	return names
}

// compileJit captures fn on args into an optimized graph. Every Parameter
// the code reaches, wherever it found it, becomes a weight, read when the
// graph runs.
func (th *Thread) compileJit(fn Value, name string, args []Value, names []string, scope *shape.Scope) (*compiledGraph, error) {
	c, tr := th.newCapture(fn, name, args)
	tr.Shapes = scope
	tr.Eval = &ops.Eager{Ctx: th.ms().ctx}
	traced := make([]Value, len(args))
	for i, a := range args {
		k := 0
		traced[i] = graphLeaves(a, false, func(x Value) Value {
			name := names[i]
			switch plain(a).(type) {
			case *Tensor, Int, Float, Bool:
			default:
				name = fmt.Sprintf("%s_%d", names[i], k)
			}
			k++
			return NewTensor(tr.Input(name, graphInputMeta(x)))
		})
	}
	out, err := th.withBuilder(tr, func() (Value, error) { return th.captureCall(tr, fn, traced, nil) })
	if err != nil {
		return nil, err
	}
	if err := resultDims(out); err != nil {
		return nil, err
	}
	return c, th.finishCapture(c, tr, name, out)
}

// newCapture starts the graph of fn called on args, and its Tracer.
func (th *Thread) newCapture(fn Value, name string, args []Value) (*compiledGraph, *capture.Tracer) {
	g := ir.NewGraph(name, ir.Span{})
	tr := capture.NewTracer(g)
	c := &compiledGraph{g: g, weights: map[string]*Tensor{}}
	for _, a := range args {
		c.args = append(c.args, graphLeaves(a, false, func(x Value) Value { return NewTensor(tensor.NewAbstract(graphInputMeta(x))) }))
	}
	if f, ok := fn.(*Function); ok {
		c.src = f.code.fc.Prog.Src
		g.Span = ir.Span{Start: f.code.fc.Pos}
	}
	tr.Weight = th.weightResolver(c)
	return c, tr
}

// finishCapture makes the graph compute out's Tensors, keeps the rest of
// out, which is constant, as the template the Tensors are put back into,
// and optimizes the graph.
func (th *Thread) finishCapture(c *compiledGraph, tr *capture.Tracer, name string, out Value) error {
	var results []*tensor.Tensor
	c.template = mapTensors(out, func(x *Tensor) Value {
		results = append(results, x.t)
		return x
	})
	if err := c.output(tr, results); err != nil {
		return Errorf(RuntimeErrorClass, "The result of '%s' %v", name, err)
	}
	return th.optimize(c, name)
}

// output makes the graph return results and then the new data of each
// Parameter it updates, which runGraph gives the Parameters.
func (c *compiledGraph) output(tr *capture.Tracer, results []*tensor.Tensor) error {
	for _, w := range tr.Updated() {
		for name, p := range c.weights {
			if p.t == w {
				c.updates = append(c.updates, name)
				results = append(results, w)
			}
		}
	}
	return tr.Output(results...)
}

// weightResolver makes the Parameters a capture meets weights of c, named
// by the Parameter's name, made unique when two Parameters share one.
func (th *Thread) weightResolver(c *compiledGraph) func(*tensor.Tensor) (string, bool) {
	return func(v *tensor.Tensor) (string, bool) {
		p, ok := th.paramOf(v)
		if !ok {
			return "", false
		}
		name := p.param.name
		for k := 2; ; k++ {
			if other, taken := c.weights[name]; !taken || other == p {
				break
			}
			name = fmt.Sprintf("%s_%d", p.param.name, k)
		}
		c.weights[name] = p
		return name, true
	}
}

// runCompiled runs a compiled graph on a call's graph inputs and puts its
// results into the result's template.
func (th *Thread) runCompiled(c *compiledGraph, in []exec.Value, sizes *shape.Sizes) (Value, error) {
	results, err := th.runGraph(c, in, sizes)
	if err != nil {
		return nil, err
	}
	k := 0
	return mapTensors(c.template, func(*Tensor) Value {
		k++
		return results[k-1]
	}), nil
}

// graphInputs are the values a graph takes for args: their Tensors, and
// the numbers mutable() made inputs as 0-d Tensors.
func (th *Thread) graphInputs(args []Value) ([]exec.Value, error) {
	var in []exec.Value
	var err error
	for _, a := range args {
		graphLeaves(a, false, func(x Value) Value {
			if t, ok := x.(*Tensor); ok {
				in = append(in, t.t)
				return x
			}
			t, e := th.variableScalar(x)
			err = cmp.Or(err, e)
			in = append(in, t)
			return x
		})
	}
	return in, err
}

// runGraph runs a compiled graph on its inputs in, through the session's
// builder (so that a grad around the call tapes it), and returns its
// outputs. sizes are its symbols' sizes, for a graph compiled for many.
func (th *Thread) runGraph(c *compiledGraph, in []exec.Value, sizes *shape.Sizes) ([]Value, error) {
	rt := th.ms()
	rt.lastGraph = c
	rt.ctx.Context, rt.stdout = th.ctx, th.stdout
	weights := map[*tensor.Tensor]bool{}
	r := &exec.Runner{B: rt.builder, Context: th.ctx, Weight: func(w *ir.Node) (*tensor.Tensor, error) {
		p, ok := c.weights[w.Name]
		if !ok {
			return nil, Errorf(SystemErrorClass, "internal error: no Parameter for weight %s", w.Name)
		}
		weights[p.t] = true
		return p.t, nil
	}}
	if sizes != nil {
		r.Dims = sizes.Dim
	}
	// Fused steps have no gradient: a grad around the call tapes the
	// graph node by node.
	if _, eager := rt.builder.(*ops.Eager); eager {
		f, err := c.fused()
		if err != nil {
			return nil, err
		}
		r.Fusion, r.Release = f, true
	}
	out, err := r.Run(c.g, in)
	if err != nil {
		return nil, opsError(err)
	}
	outs := []exec.Value{out}
	if t, ok := out.(exec.Tuple); ok && c.g.Output.Kind == ir.MakeTuple {
		outs = t
	}
	results := len(outs) - len(c.updates)
	for i, name := range c.updates {
		p := c.weights[name]
		t := outs[results+i].(*tensor.Tensor)
		if t != p.t {
			if err := th.setParamData(p, t); err != nil {
				return nil, err
			}
		}
		weights[t] = true
	}
	outs = outs[:results]
	if th.session.RecordExamples && sizes == nil {
		c.example = copyExample(in, outs)
	}
	values := make([]Value, len(outs))
	for i, o := range outs {
		t := o.(*tensor.Tensor)
		// A result that is a Parameter's storage would change with the
		// Parameter's next in-place update: it is returned as a copy, as
		// what PyNative computed would be.
		if weights[t] {
			cp, err := rt.builder.Apply(ops.Identity, nil, t)
			if err != nil {
				return nil, opsError(err)
			}
			t = cp[0].(*tensor.Tensor)
		}
		values[i] = NewTensor(t)
	}
	return values, nil
}

// jitValueUnknown is the error for reading a Tensor's value while a graph
// is captured: the value exists only when the graph runs.
func jitValueUnknown(what string) error {
	e := Errorf(RuntimeErrorClass, "%s needs the value of a Tensor, which exists only when the graph runs. "+
		"Graph mode captures 'if' and 'while' on Tensors, but not a Tensor's value turned into a Python value; "+
		"compute it outside the jit function, or run this code in PYNATIVE_MODE", what)
	e.valueNeeded = true
	return e
}

// runIR is %ir [NAME] [--pass P] [--grad]: the MindIR of the graph a jit
// function (or a Cell in GRAPH_MODE) last ran, of the session's last graph
// without NAME (a %%graph cell's too), or of that graph as pass P (or
// "capture") left it; --grad compiles and shows the gradient graph.
func runIR(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	const usage = "%%ir [NAME] [--pass P] [--grad]"
	fields := strings.Fields(m.Args)
	var name, pass string
	grad := false
	for i := 0; i < len(fields); i++ {
		switch {
		case fields[i] == "--pass" && i+1 < len(fields):
			pass = fields[i+1]
			i++
		case fields[i] == "--grad":
			grad = true
		case name == "" && !strings.HasPrefix(fields[i], "-"):
			name = fields[i]
		default:
			return nil, Errorf(UsageErrorClass, usage+": unexpected %s", fields[i])
		}
	}
	c, j, err := th.irTarget("ir", name)
	if err != nil {
		return nil, err
	}
	if grad {
		if j == nil {
			return nil, Errorf(UsageErrorClass, "%%ir --grad needs the name of a jit function, as in %%ir f --grad")
		}
		if c, err = th.gradGraph(j, c); err != nil {
			return nil, err
		}
	}
	if pass == "" {
		var out strings.Builder
		src := c.src
		fusion, err := c.fused()
		if err != nil {
			return nil, err
		}
		ir.PrintFused(&out, c.g, func(_ string, line int) (string, bool) { return sourceLine(src, int32(line)) }, fusion)
		out.WriteString(c.symbolicNote())
		fmt.Fprint(th.stdout, out.String())
		return None, nil
	}
	var names []string
	text := ""
	for _, st := range c.stages {
		if st.name == pass {
			text = st.text
		}
		if !slices.Contains(names, st.name) {
			names = append(names, st.name)
		}
	}
	if text == "" {
		return nil, noPass("ir", pass, names, c)
	}
	fmt.Fprint(th.stdout, text)
	return None, nil
}

// noPass is the error for a --pass that the graph has no stage of.
func noPass(magic, pass string, stages []string, c *compiledGraph) error {
	if c.fromDisk != "" {
		return Errorf(UsageErrorClass, "%%%s: the graph was loaded from the compile cache (%s), which keeps the optimized graph only; %%%s without --pass shows it", magic, c.fromDisk, magic)
	}
	return Errorf(UsageErrorClass, "%%%s: no pass '%s'; the stages are %s", magic, pass, strings.Join(stages, ", "))
}

// irTarget is the graph %ir and %viz show: NAME's last, or the
// session's last.
func (th *Thread) irTarget(magic, name string) (*compiledGraph, *jitFunction, error) {
	if name == "" {
		if c := th.ms().lastGraph; c != nil {
			return c, nil, nil
		}
		return nil, nil, Errorf(UsageErrorClass, "%%%s: no graph has run yet; call a jit function or run a %%%%graph cell first", magic)
	}
	v, ok := th.session.globals.Get(name)
	if !ok {
		return nil, nil, Errorf(NameErrorClass, "name '%s' is not defined", name)
	}
	j, ok := th.jitOf(v)
	if !ok {
		return nil, nil, Errorf(UsageErrorClass, "%%%s: '%s' is not a jit function or a Cell run in GRAPH_MODE", magic, name)
	}
	if j.last == nil {
		return nil, nil, Errorf(UsageErrorClass, "%%%s: '%s' has not been compiled yet; call it first", magic, name)
	}
	return j.last, j, nil
}

// gradGraph compiles the gradient of j, as c was compiled, with respect
// to its Tensor arguments and the Parameters it reads: ms.grad's graph,
// whose backward nodes name their forward nodes.
func (th *Thread) gradGraph(j *jitFunction, c *compiledGraph) (*compiledGraph, error) {
	spec := &gradSpec{api: "grad"}
	for i, a := range c.args {
		if _, ok := a.(*Tensor); ok {
			spec.positions = append(spec.positions, i)
		}
	}
	names := slices.Sorted(maps.Keys(c.weights))
	for _, n := range names {
		if p := c.weights[n]; p.param.requiresGrad {
			spec.weights = append(spec.weights, p)
		}
	}
	spec.hasWeights = len(spec.weights) > 0
	if len(spec.positions) == 0 && !spec.hasWeights {
		return nil, Errorf(UsageErrorClass, "%%ir --grad: '%s' has no Tensor argument or Parameter to differentiate", j.name)
	}
	if len(spec.positions) == 0 {
		spec.positions = nil
	}
	params := paramNames(j.fn, len(c.args))
	gc, err := th.compileJit(gradFunction(spec, j.fn), "∇"+j.name, c.args, params, c.scope)
	if err != nil {
		return nil, err
	}
	gc.src, gc.g.Span = c.src, c.g.Span
	var inputs, weights []string
	for _, i := range spec.positions {
		inputs = append(inputs, "∇"+params[i])
	}
	for _, n := range names {
		if p := c.weights[n]; p.param.requiresGrad {
			weights = append(weights, "∇"+n)
		}
	}
	switch {
	case len(inputs) > 0 && len(weights) > 0:
		gc.outputNames = []string{"(" + strings.Join(inputs, ", ") + ")", "(" + strings.Join(weights, ", ") + ")"}
	default:
		gc.outputNames = append(inputs, weights...)
	}
	return gc, nil
}

// jitOf finds the compiled function behind a value: a jit function, or a
// Cell compiled in GRAPH_MODE.
func (th *Thread) jitOf(v Value) (*jitFunction, bool) {
	switch v := v.(type) {
	case *jitFunction:
		return v, true
	case *BoundMethod:
		// A Cell's @jit construct, read from the Cell: its compilations
		// for that Cell.
		if j, ok := v.Fn.(*jitFunction); ok {
			if cell, ok := v.Self.(*Instance); ok {
				b, ok := j.bound[cell]
				return b, ok
			}
		}
	case *Instance:
		if rt := th.session.msrt; rt != nil {
			j, ok := rt.cellGraphs[v]
			return j, ok
		}
	}
	return nil, false
}

// msCacheInfo is mindspore.cache_info(fn_or_cell): the script-side view of
// %cache.
func msCacheInfo(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fn Value
	if err := UnpackArgs("cache_info", args, kwnames, "fn_or_cell", &fn); err != nil {
		return nil, err
	}
	j, ok := th.jitOf(fn)
	if !ok {
		return nil, TypeErrorf("For 'cache_info', the argument must be a jit function or a Cell run in GRAPH_MODE, but got %s.", TypeName(fn))
	}
	d := NewDict(8)
	reasons := make([]Value, len(j.cache.Reasons))
	for i, r := range j.cache.Reasons {
		reasons[i] = Str(r)
	}
	for _, kv := range []struct {
		k string
		v Value
	}{
		{"entries", MakeInt(int64(len(j.cache.Entries)))}, {"segments", MakeInt(int64(len(j.segmentCache)))}, {"compiles", MakeInt(int64(j.compiles))},
		{"hits", MakeInt(int64(j.cache.Hits))}, {"misses", MakeInt(int64(j.cache.Misses))},
		{"fallbacks", MakeInt(int64(j.fallbacks))}, {"splits", MakeInt(int64(j.splits))}, {"compile_ms", Float(float64(j.compileTime.Microseconds()) / 1000)},
		{"peak_bytes", MakeInt(j.peakBytes)}, {"reasons", NewList(reasons)},
		{"disk_loads", MakeInt(int64(j.loads))}, {"disk_not_kept", Str(j.notKept)},
	} {
		d.SetStr(kv.k, kv.v)
	}
	return d, nil
}

// runCache is %cache [NAME] [--clear]: each compiled function's entries,
// counts and recompile reasons, or, with --clear, an emptied cache.
func runCache(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	var names []string
	clearIt := false
	for _, f := range strings.Fields(m.Args) {
		if f == "--clear" {
			clearIt = true
		} else {
			names = append(names, f)
		}
	}
	if len(names) == 0 {
		for _, n := range s.globals.Names() {
			if v, _ := s.globals.Get(n); v != nil {
				if _, ok := th.jitOf(v); ok {
					names = append(names, n)
				}
			}
		}
	}
	if len(names) == 0 {
		fmt.Fprintln(th.stdout, "No compiled functions.")
		return None, nil
	}
	for _, n := range names {
		v, ok := s.globals.Get(n)
		if !ok {
			return nil, Errorf(NameErrorClass, "name '%s' is not defined", n)
		}
		j, ok := th.jitOf(v)
		if !ok {
			return nil, Errorf(UsageErrorClass, "%%cache: '%s' is not a jit function or a Cell run in GRAPH_MODE", n)
		}
		if clearIt {
			j.cache = cache.NewFunction(j.cache.Name)
			j.last, j.warned = nil, false
			fmt.Fprintf(th.stdout, "%s: cache cleared\n", n)
			continue
		}
		c := j.cache
		loads := ""
		if j.loads > 0 {
			loads = fmt.Sprintf(", %d loaded from the compile cache", j.loads)
		}
		fmt.Fprintf(th.stdout, "%s: %d entr%s, %d compile%s%s (%.1f ms), %d hits, %d misses, %d fallbacks, peak %s\n",
			n, len(c.Entries), map[bool]string{true: "y", false: "ies"}[len(c.Entries) == 1], j.compiles,
			map[bool]string{true: "", false: "s"}[j.compiles == 1], loads, float64(j.compileTime.Microseconds())/1000,
			c.Hits, c.Misses, j.fallbacks, devices.FormatBytes(j.peakBytes))
		for i, e := range c.Entries {
			sig := make([]string, len(e.Args))
			for k, a := range e.Args {
				sig[k] = a.Name + ": " + a.Abs.String()
			}
			fmt.Fprintf(th.stdout, "  [%d] (%s), %d guards, %d hits\n", i, strings.Join(sig, ", "), len(e.Guards), e.Hits)
		}
		for _, r := range c.Reasons {
			fmt.Fprintf(th.stdout, "  recompiled: %s\n", r)
		}
		if j.notKept != "" {
			fmt.Fprintf(th.stdout, "  not kept in the compile cache: %s\n", j.notKept)
		}
	}
	return None, nil
}

// graphCell is a %%graph cell's compiled graphs, kept per source text.
type graphCell struct {
	cache *cache.Function
	last  *compiledGraph
}

// cellGraph is what a compiled %%graph cell needs besides its graph: the
// global names its inputs come from and its outputs go to.
type cellGraph struct {
	*compiledGraph
	inputs  []string
	outputs []string // assigned names whose values the graph computes
	// consts are the assigned names whose values were constant, and
	// result the cell's value as a template.
	consts map[string]Value
	result Value
}

// runGraphCell is %%graph: the cell compiled as one static graph. The
// session Tensors it reads are its inputs, the names it assigns its
// outputs, and the other globals it reads guarded constants; running
// the cell again reuses the graph.
func runGraphCell(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	code, at := magicBody(m)
	prog, err := compileAt(code, at)
	if err != nil {
		return nil, err
	}
	if jitDisabled() {
		return th.runModule(prog, s.globals, s.builtins)
	}
	rt := th.ms()
	if rt.graphCells == nil {
		rt.graphCells = map[string]*graphCell{}
	}
	gc, ok := rt.graphCells[code]
	if !ok {
		gc = &graphCell{cache: cache.NewFunction("graph_cell")}
		rt.graphCells[code] = gc
	}
	read, written := cellNames(prog.Toplevel)
	var key []cache.Arg
	var inputs []string
	for _, n := range read {
		if v, ok := s.globals.Get(n); ok {
			if x, isTensor := v.(*Tensor); isTensor {
				key = append(key, cache.Arg{Name: n, Abs: ir.TensorAbs{Meta: x.t.Meta()}})
				inputs = append(inputs, n)
			}
		}
	}
	entry, _ := gc.cache.Lookup(key)
	if entry == nil {
		c, err := th.compileGraphCell(prog, inputs, written)
		if err != nil {
			return nil, err
		}
		var guards []cache.Guard
		g := s.globals
		for _, n := range read {
			if v, ok := g.Get(n); ok {
				if _, isTensor := v.(*Tensor); !isTensor {
					watched := v
					guards = append(guards, cache.Guard{What: "global '" + n + "'", Check: cache.CheckFunc(func() bool {
						now, ok := g.Get(n)
						return ok && sameHostValue(now, watched)
					})})
				}
			}
		}
		entry = &cache.Entry{Args: key, Guards: guards, Compiled: c}
		if !gc.cache.Add(entry) {
			return th.runModule(prog, s.globals, s.builtins)
		}
	}
	c := entry.Compiled.(*cellGraph)
	gc.last = c.compiledGraph
	args := make([]Value, len(c.inputs))
	for i, n := range c.inputs {
		args[i], _ = s.globals.Get(n)
	}
	in, err := th.graphInputs(args)
	if err != nil {
		return nil, err
	}
	values, err := th.runGraph(c.compiledGraph, in, nil)
	if err != nil {
		return nil, err
	}
	for i, n := range c.outputs {
		s.globals.Set(n, values[i])
	}
	for n, v := range c.consts {
		s.globals.Set(n, v)
	}
	if c.result == nil {
		return None, nil
	}
	k := len(c.outputs)
	return mapTensors(c.result, func(*Tensor) Value {
		k++
		return values[k-1]
	}), nil
}

// cellNames are the globals a cell's code reads before it assigns them
// (its inputs, when they are Tensors) and the ones it assigns, each once,
// in order. The top level is read in order; nested functions' reads count
// as reads.
func cellNames(fc *compile.Funcode) (read, written []string) {
	seenR, seenW := map[string]bool{}, map[string]bool{}
	for _, in := range fc.Code {
		switch in.Op() {
		case compile.LOAD_GLOBAL:
			if n := fc.Prog.Globals[in.Arg()]; !seenR[n] && !seenW[n] {
				seenR[n] = true
				read = append(read, n)
			}
		case compile.STORE_GLOBAL:
			if n := fc.Prog.Globals[in.Arg()]; !seenW[n] {
				seenW[n] = true
				written = append(written, n)
			}
		}
	}
	for _, sub := range fc.Funcs {
		for _, n := range globalsRead(sub) {
			if !seenR[n] {
				seenR[n] = true
				read = append(read, n)
			}
		}
	}
	return read, written
}

// compileGraphCell captures a cell's code with the named globals as its
// Tensor inputs, and makes the Tensors it assigns (and its value's) the
// graph's outputs. The session's globals are as they were afterwards.
func (th *Thread) compileGraphCell(prog *compile.Program, inputs, written []string) (*cellGraph, error) {
	rt := th.ms()
	s := th.session
	g := ir.NewGraph("graph_cell", ir.Span{Start: prog.Toplevel.Pos})
	tr := capture.NewTracer(g)
	tr.Eval = &ops.Eager{Ctx: rt.ctx}
	c := &cellGraph{compiledGraph: &compiledGraph{g: g, weights: map[string]*Tensor{}, src: prog.Src},
		inputs: inputs, consts: map[string]Value{}}
	tr.Weight = th.weightResolver(c.compiledGraph)
	// The session's globals are swapped for the capture, and put back.
	saved := map[string]Value{}
	for _, n := range append(append([]string(nil), inputs...), written...) {
		if v, ok := s.globals.Get(n); ok {
			saved[n] = v
		}
	}
	defer func() {
		for _, n := range written {
			s.globals.Delete(n)
		}
		for n, v := range saved {
			s.globals.Set(n, v)
		}
	}()
	for _, n := range inputs {
		v, _ := s.globals.Get(n)
		s.globals.Set(n, NewTensor(tr.Input(n, v.(*Tensor).t.Meta())))
	}
	result, err := th.withBuilder(tr, func() (Value, error) { return th.runModule(prog, s.globals, s.builtins) })
	if err != nil {
		return nil, err
	}
	var outs []*tensor.Tensor
	for _, n := range written {
		v, _ := s.globals.Get(n)
		if x, ok := v.(*Tensor); ok && x.t.Abstract() {
			c.outputs = append(c.outputs, n)
			outs = append(outs, x.t)
		} else {
			c.consts[n] = v
		}
	}
	if result != nil && result != None {
		c.result = mapTensors(result, func(x *Tensor) Value {
			outs = append(outs, x.t)
			return x
		})
	}
	if err := c.output(tr, outs); err != nil {
		return nil, Errorf(RuntimeErrorClass, "The cell's result %v", err)
	}
	if err := th.optimize(c.compiledGraph, "graph_cell"); err != nil {
		return nil, err
	}
	return c, nil
}

// callCellGraph is a Cell's call in GRAPH_MODE from PyNative code: its
// construct compiled and cached per Cell, as @jit compiles a function.
func (th *Thread) callCellGraph(self *Instance, construct Value, args []Value) (Value, error) {
	rt := th.ms()
	if rt.cellGraphs == nil {
		rt.cellGraphs = map[*Instance]*jitFunction{}
	}
	j, ok := rt.cellGraphs[self]
	if !ok {
		name := self.class.Name + "_construct"
		j = &jitFunction{name: name, cache: cache.NewFunction(name), self: self}
		rt.cellGraphs[self] = j
	}
	j.fn = construct
	j.opts.signature = nil
	if sig, ok := rt.cellInputs[self]; ok {
		j.opts.signature = sig
	}
	return th.callJit(j, args, nil)
}

// printInGraph is print while a graph is captured with Tensors among its
// arguments: the text of the other arguments is fixed now, and a Print
// node writes the whole line, Tensors included, each time the graph runs.
// It reports whether it did.
func (th *Thread) printInGraph(args []Value, sep, end string) (bool, error) {
	rt := th.session.msrt
	if rt == nil {
		return false, nil
	}
	tr, capturing := rt.tracer()
	if !capturing {
		return false, nil
	}
	var tensors []*tensor.Tensor
	parts := []string{""}
	for i, a := range args {
		if i > 0 {
			parts[len(parts)-1] += sep
		}
		if x, ok := a.(*Tensor); ok && x.t.Abstract() {
			tensors = append(tensors, x.t)
			parts = append(parts, "")
			continue
		}
		s, err := th.Str(a)
		if err != nil {
			return false, err
		}
		parts[len(parts)-1] += s
	}
	if len(tensors) == 0 {
		return false, nil
	}
	parts[len(parts)-1] += end
	in := make([]ops.Value, len(tensors))
	for i, t := range tensors {
		in[i] = t
	}
	if _, err := tr.Apply(ops.Print, ops.Attrs{"parts": parts}, in...); err != nil {
		return true, opsError(err)
	}
	return true, nil
}

// tracer is the capture's Tracer when a graph is being captured from
// abstract values (capture modes ast and bytecode): the session's
// builder, or the builder under the tapes of gradients taken inside the
// graph. A trace recording runs on concrete values, as PyNative code
// does, and is not such a capture (recorder).
func (rt *msRuntime) tracer() (*capture.Tracer, bool) {
	t, ok := rt.innerTracer()
	return t, ok && t.Trace == nil
}

// recorder is the Tracer of the trace recording under way.
func (rt *msRuntime) recorder() (*capture.Tracer, bool) {
	t, ok := rt.innerTracer()
	return t, ok && t.Trace != nil
}

func (rt *msRuntime) innerTracer() (*capture.Tracer, bool) {
	b := rt.builder
	for {
		switch t := b.(type) {
		case *capture.Tracer:
			return t, true
		case *autodiff.Tape:
			b = t.Inner()
		default:
			return nil, false
		}
	}
}

// msJitClass is mindspore.jit_class. The ast capture compiles the methods
// of any Python object a graph calls, so the decorator only checks its
// argument and marks the class, as MindSpore's __ms_class__ does.
func msJitClass(th *Thread, args []Value, kwnames []string) (Value, error) {
	var cls Value
	if err := UnpackArgs("jit_class", args, kwnames, "cls", &cls); err != nil {
		return nil, err
	}
	c, ok := cls.(*Class)
	if !ok {
		r, _ := th.Repr(cls)
		return nil, TypeErrorf("Decorator jit_class can only be used for class type, but got %s.", r)
	}
	if c.IsSubclass(NNCellClass) {
		return nil, TypeErrorf("Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: %s.", c.Name)
	}
	if err := th.SetAttr(c, "__ms_class__", True); err != nil {
		return nil, err
	}
	return c, nil
}
