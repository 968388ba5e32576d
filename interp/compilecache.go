package interp

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"msrepl/graphmode/bundle"
	"msrepl/graphmode/cache"
	"msrepl/graphmode/compilecache"
	"msrepl/graphmode/ir"
	"msrepl/tensor"
)

// The compile cache on disk keeps a jit function's optimized graphs
// between sessions, as MindSpore's enable_compile_cache does. An entry's
// file is named by the function's key: its name, its source and where it
// stands, the fingerprint of its defaults and closure, its Cell's class,
// and the arguments' abstract values. Inside, the entry keeps what capture
// read from the host (globals, closure variables, attributes), each by
// where a later session finds it and its fingerprint, and the path to each
// Parameter the graph reads. A later session that finds the file checks
// the build that wrote it and every fingerprint; when they hold it binds
// the Parameters and runs the graph without capturing or optimizing.
// Anything else is stale: a warning says why, and the function compiles
// and saves over it.
//
// Only graphs compiled whole from source (capture mode "ast"), with
// static shapes, are kept: a trace depends on the values it ran with, a
// bytecode capture on where it split, and symbolic shapes are not yet in
// the bundle format.

// compileStore is the session's compile cache on disk, or nil while
// set_context(enable_compile_cache=...) (or MS_COMPILER_CACHE_ENABLE)
// leaves it off.
func (th *Thread) compileStore() *compilecache.Store {
	rt := th.ms()
	on, _ := rt.options.GetStr("enable_compile_cache")
	if b, ok := on.(Bool); !ok || !bool(b) {
		return nil
	}
	path := "."
	if p, ok := rt.options.GetStr("compile_cache_path"); ok {
		if s, isStr := p.(Str); isStr && s != "" {
			path = string(s)
		}
	}
	if rt.compileStore == nil || rt.compileStorePath != path {
		rt.compileStore, rt.compileStorePath = compilecache.Open(path, buildID()), path
	}
	return rt.compileStore
}

// compileCacheDefaults are set_context's defaults as the environment sets
// them: MS_COMPILER_CACHE_ENABLE=1 turns the cache on, and
// MS_COMPILER_CACHE_PATH says where it is.
func compileCacheDefaults() (Value, Value) {
	return Bool(os.Getenv("MS_COMPILER_CACHE_ENABLE") == "1"), Str(os.Getenv("MS_COMPILER_CACHE_PATH"))
}

// buildID names this build for the cache: a graph another build compiled
// may use other passes or kernels. A build from a changed work tree adds
// its executable's size and time, which change with each build.
var buildID = sync.OnceValue(func() string {
	id := "msrepl " + Version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return id
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		id += "+" + rev[:min(12, len(rev))]
	}
	if settings["vcs.modified"] == "true" {
		if exe, err := os.Executable(); err == nil {
			if st, err := os.Stat(exe); err == nil {
				id += fmt.Sprintf(".dirty-%d-%d", st.Size(), st.ModTime().UnixNano())
			}
		}
	}
	return id
})

// A hostRead is a host value capture folded into a graph: what names it;
// what it reads, a global name of globals, the attribute attr of the
// object obj, or a closure cell; and where a later session finds it: a
// root ("g:NAME", "f:NAME"), obj's attribute, or the cell of a function
// the fingerprinter met on the way.
type hostRead struct {
	what    string
	root    string
	globals *Globals
	name    string
	obj     *Instance
	attr    string
	cell    *Cell
}

// get reads the value now.
func (r *hostRead) get() (Value, bool) {
	switch {
	case r.globals != nil:
		return r.globals.Get(r.name)
	case r.obj != nil:
		return r.obj.Dict().GetStr(r.attr)
	case r.cell != nil:
		return r.cell.V, r.cell.V != nil
	}
	return nil, false
}

// diskKey is a jit function's call as the cache names its file, or ""
// when some part cannot be compared across sessions.
func diskKey(fp *fingerprinter, j *jitFunction, key []cache.Arg) string {
	fn, self := jitSource(j)
	if fn == nil {
		return ""
	}
	var b strings.Builder
	print, ok := fp.of(fn, nil)
	if !ok {
		return ""
	}
	fmt.Fprintf(&b, "jit %q %x\n", j.name, print)
	if self != nil {
		if print, ok = fp.of(self.class, nil); !ok {
			return ""
		}
		fmt.Fprintf(&b, "self %x\n", print)
	}
	for _, a := range key {
		// A tensor, the common argument, is written without fmt's
		// reflection; anything else exactly as Go sees it.
		if t, ok := a.Abs.(ir.TensorAbs); ok {
			fmt.Fprintf(&b, "arg tensor %s %s\n", t.DType, t.Shape)
		} else {
			fmt.Fprintf(&b, "arg %#v\n", a.Abs)
		}
	}
	return b.String()
}

// diskName is the name a jit function's entries go by: its function's
// qualified name (Net.construct).
func diskName(j *jitFunction) string {
	if fn, _ := jitSource(j); fn != nil {
		return fn.QualName
	}
	return j.name
}

// jitSource is the function a jit function compiles and the Cell it is a
// method of, or nil when it is not one of the language's functions.
func jitSource(j *jitFunction) (*Function, *Instance) {
	switch fn := j.fn.(type) {
	case *Function:
		return fn, j.self
	case *BoundMethod:
		f, ok := fn.Fn.(*Function)
		if !ok {
			return nil, nil
		}
		self, _ := fn.Self.(*Instance)
		return f, self
	}
	return nil, nil
}

// diskVariant is one of the graphs a cache file keeps for a key and,
// once checked, what its host reads are today.
type diskVariant struct {
	entry *bundle.Entry
	plan  diskPlan
	// values are what each step of the plan's paths reaches today.
	values []Value
	guards []cache.Guard
}

// loadCompiled returns the cache entry the store keeps for key whose host
// values are today's, with its guards, and the file's variants, which a
// compile then saves beside its own. Without one, the error says why the
// newest variant is stale.
func (th *Thread) loadCompiled(store *compilecache.Store, fp *fingerprinter, j *jitFunction, dk string, args []cache.Arg, callArgs []Value) (*cache.Entry, []diskVariant, error) {
	fn, self := jitSource(j)
	entries, err := store.Load(fn.QualName, dk, th.ms().dev)
	if len(entries) == 0 || err != nil {
		return nil, nil, err
	}
	path := store.Path(fn.QualName, dk)
	variants := make([]diskVariant, len(entries))
	for i, e := range entries {
		variants[i].entry = e
		var ok bool
		if variants[i].plan, ok = decodePlan(e.Annex); !ok {
			return nil, nil, &compilecache.StaleError{Path: path, Why: "the entry's plan does not read"}
		}
	}
	why := ""
	for i := len(variants) - 1; i >= 0; i-- {
		v := &variants[i]
		stale := v.check(fp, fn, self)
		if stale == "" {
			var entry *cache.Entry
			if entry, stale = v.bind(fn, args, callArgs); stale == "" {
				entry.Compiled.(*compiledGraph).fromDisk = path
				return entry, variants, nil
			}
		}
		why = cmp.Or(why, stale)
	}
	return nil, variants, &compilecache.StaleError{Path: path, Why: why}
}

// check finds what v's host reads reach today and guards them, or says
// why their fingerprints are not the plan's.
func (v *diskVariant) check(fp *fingerprinter, fn *Function, self *Instance) string {
	v.values = v.plan.resolve(fn, self)
	checks := make([]readCheck, len(v.plan.Reads))
	for i, d := range v.plan.Reads {
		r, ok := readAt(d.What, v.plan.Steps[d.Step], v.values, fn)
		if !ok {
			return d.What + " is gone"
		}
		now := v.values[d.Step]
		if d.Print != "" && hostPrint(fp, now, nil) != d.Print {
			return d.What + " changed"
		}
		checks[i] = newReadCheck(r, now)
	}
	v.guards = guardsFor(checks)
	return ""
}

// bind makes a cache entry of a checked variant, its graph bound to this
// session's Parameters, or says why it cannot.
func (v *diskVariant) bind(fn *Function, args []cache.Arg, callArgs []Value) (*cache.Entry, string) {
	g := v.entry.Graph
	c := &compiledGraph{g: g, weights: make(map[string]*Tensor, len(v.plan.Weights)), src: fn.code.fc.Prog.Src, updates: v.plan.Updates}
	for _, w := range v.plan.Weights {
		p, ok := v.values[w.Step].(*Tensor)
		if !ok || p.param == nil || p.param.name != w.Param {
			return nil, fmt.Sprintf("Parameter '%s' is not where it was", w.Param)
		}
		c.weights[w.Name] = p
	}
	for _, w := range g.Weights {
		p, ok := c.weights[w.Name]
		if !ok || p.t.DType() != w.Meta().DType || !slices.Equal(p.t.Shape(), w.Meta().Shape) {
			return nil, fmt.Sprintf("weight %s has no Parameter of its dtype and shape", w.Name)
		}
	}
	var outs []ir.Abstract
	if o := g.Output; o.Kind == ir.MakeTuple {
		for _, in := range o.Inputs {
			outs = append(outs, in.Abs)
		}
	} else {
		outs = []ir.Abstract{o.Abs}
	}
	tmpl, ok := v.plan.Template.value(&outs)
	if !ok || len(outs) != len(v.plan.Updates) {
		return nil, "the entry's results do not match its graph"
	}
	c.template = tmpl
	for _, a := range callArgs {
		c.args = append(c.args, graphLeaves(a, false, func(x Value) Value { return NewTensor(tensor.NewAbstract(graphInputMeta(x))) }))
	}
	return &cache.Entry{Args: args, Compiled: c, Guards: v.guards}, ""
}

// saveCompiled saves c to the store for key beside the file's other
// variants: one for the same host values is replaced, and past
// cache.DefaultLimit the oldest goes. A graph that holds what a later
// session could not check is not saved: the error, an errNotKept, says
// why, for %cache.
func (th *Thread) saveCompiled(store *compilecache.Store, j *jitFunction, dk string, c *compiledGraph, reads []hostRead, variants []diskVariant) error {
	fn, self := jitSource(j)
	fp := newFingerprinter(th)
	if self != nil {
		fp.paths[self] = hostPath{"self"}
	}
	plan := diskPlan{Reads: make([]diskRead, len(reads)), Weights: []diskWeight{}, Updates: c.updates}
	paths := make([]hostPath, len(reads))
	acyclic := make([]bool, len(reads))
	// A read under one whose fingerprint is acyclic is covered by it
	// (diskPlan.cover) and is not fingerprinted.
	covering := map[string]bool{}
	// A read found through another (an attribute of an object a global
	// holds) waits until that one has been fingerprinted.
	for done, progress := 0, true; done < len(reads) && progress; {
		progress = false
		for i, r := range reads {
			if paths[i] != nil {
				continue
			}
			path, ok := hostPath{r.root}, r.root != ""
			switch {
			case r.obj != nil:
				var at hostPath
				at, ok = fp.paths[r.obj]
				path = append(at[:len(at):len(at)], "a:"+r.attr)
			case r.cell != nil && r.root == "":
				path, ok = fp.paths[r.cell]
			}
			if !ok {
				continue
			}
			paths[i], plan.Reads[i].What = path, r.what
			done++
			progress = true
			if coveredBy(covering, path) {
				continue
			}
			now, _ := r.get()
			print := hostPrint(fp, now, path)
			if fp.unknown != "" {
				return errNotKept(describeUnknown(r.what, fp.unknown))
			}
			plan.Reads[i].Print = print
			if acyclic[i] = print != absent && !fp.cyclic; acyclic[i] {
				covering[strings.Join(path, "\x00")] = true
			}
		}
	}
	steps := map[pathStep]int{}
	for i, path := range paths {
		if path == nil {
			return errNotKept(reads[i].what + " is not reachable from the function's globals, closure or Cell")
		}
		plan.Reads[i].Step = plan.step(path, steps)
	}
	plan.cover(acyclic)
	names := slices.Sorted(maps.Keys(c.weights))
	for _, name := range names {
		p := c.weights[name]
		path, ok := fp.paths[p]
		if !ok {
			return errNotKept(fmt.Sprintf("the cache cannot find Parameter '%s' again", p.param.name))
		}
		plan.Weights = append(plan.Weights, diskWeight{Name: name, Param: p.param.name, Step: plan.step(path, steps)})
	}
	tmpl, ok := diskValueOf(c.template)
	if !ok {
		return errNotKept("its result holds " + TypeName(c.template) + " values the cache cannot keep")
	}
	plan.Template = tmpl
	annex := plan.encode()
	var kept []*bundle.Entry
	for _, v := range variants {
		if !v.plan.sameReads(&plan) {
			kept = append(kept, v.entry)
		}
	}
	kept = append(kept, &bundle.Entry{Cell: fn.code.fc.Prog.Filename, SourceHash: sourceHash(fn.code.fc.Prog.Src), Graph: c.g, Annex: annex})
	kept = kept[max(0, len(kept)-cache.DefaultLimit):]
	err := store.Save(fn.QualName, dk, kept)
	var fe *bundle.FormatError
	if errors.As(err, &fe) {
		return errNotKept(fe.Msg)
	}
	return err
}

// coveredBy reports whether a proper prefix of path is in covering, by
// its segments joined with NUL.
func coveredBy(covering map[string]bool, path hostPath) bool {
	for k := 1; k < len(path); k++ {
		if covering[strings.Join(path[:k], "\x00")] {
			return true
		}
	}
	return false
}

// errNotKept is why a graph is not kept on disk: not a failure, but
// worth a look in %cache.
type errNotKept string

func (e errNotKept) Error() string { return string(e) }

// absent is the fingerprint of a read whose name is not bound.
const absent = "absent"

// hostPrint is the fingerprint of a host read's value v, nil when its
// name is not bound; fp.cyclic then says whether it met a cycle.
func hostPrint(fp *fingerprinter, v Value, path hostPath) string {
	if v == nil {
		return absent
	}
	print, _ := fp.of(v, path)
	return print
}

// readAt is the hostRead a later session makes of a kept read at step s,
// whose earlier steps reached values: for an attribute or a closure
// variable, the object or function is found once, and the guard then
// reads its dict or cell, as the guard capture made does.
func readAt(what string, s pathStep, values []Value, fn *Function) (hostRead, bool) {
	if s.From < 0 {
		switch {
		case strings.HasPrefix(s.Seg, "g:"):
			return hostRead{what: what, root: s.Seg, globals: fn.code.link.globals, name: s.Seg[2:]}, true
		case strings.HasPrefix(s.Seg, "f:"):
			c := closureCell(fn, s.Seg[2:])
			return hostRead{what: what, root: s.Seg, cell: c}, c != nil
		}
		return hostRead{}, false
	}
	v := values[s.From]
	if attr, isAttr := strings.CutPrefix(s.Seg, "a:"); isAttr {
		obj, isInstance := v.(*Instance)
		return hostRead{what: what, obj: obj, attr: attr}, isInstance
	}
	if free, isFree := strings.CutPrefix(s.Seg, "free:"); isFree {
		if f, isFunction := v.(*Function); isFunction {
			c := closureCell(f, free)
			return hostRead{what: what, cell: c}, c != nil
		}
	}
	return hostRead{}, false
}

// diskValueOf describes a result template, or reports it cannot.
func diskValueOf(v Value) (*diskValue, bool) {
	d := &diskValue{}
	switch x := v.(type) {
	case *Tensor:
		d.Kind = "tensor"
	case NoneType:
		d.Kind = "none"
	case Bool:
		d.Kind, d.Value = "bool", strconv.FormatBool(bool(x))
	case Int:
		d.Kind, d.Value = "int", strconv.FormatInt(int64(x), 10)
	case Float:
		d.Kind, d.Value = "float", strconv.FormatFloat(float64(x), 'g', -1, 64)
	case Str:
		d.Kind, d.Value = "str", string(x)
	case Tuple, *List:
		d.Kind = "tuple"
		if _, isList := x.(*List); isList {
			d.Kind = "list"
		}
		for _, e := range seqItems(x) {
			item, ok := diskValueOf(e)
			if !ok {
				return nil, false
			}
			d.Items = append(d.Items, *item)
		}
	case *Dict:
		d.Kind = "dict"
		for _, kv := range x.Items() {
			k, isStr := kv[0].(Str)
			item, ok := diskValueOf(kv[1])
			if !isStr || !ok {
				return nil, false
			}
			d.Keys = append(d.Keys, string(k))
			d.Items = append(d.Items, *item)
		}
	default:
		return nil, false
	}
	return d, true
}

// value rebuilds a template, taking its Tensors' abstract values from
// outs in order; what is left of outs are the updated Parameters'.
func (d *diskValue) value(outs *[]ir.Abstract) (Value, bool) {
	switch d.Kind {
	case "tensor":
		if len(*outs) == 0 {
			return nil, false
		}
		a, ok := (*outs)[0].(ir.TensorAbs)
		*outs = (*outs)[1:]
		return NewTensor(tensor.NewAbstract(a.Meta)), ok
	case "none":
		return None, true
	case "bool":
		return Bool(d.Value == "true"), true
	case "int":
		n, err := strconv.ParseInt(d.Value, 10, 64)
		return MakeInt(n), err == nil
	case "float":
		f, err := strconv.ParseFloat(d.Value, 64)
		return Float(f), err == nil
	case "str":
		return Str(d.Value), true
	case "tuple", "list":
		elems := make([]Value, len(d.Items))
		for i := range d.Items {
			e, ok := d.Items[i].value(outs)
			if !ok {
				return nil, false
			}
			elems[i] = e
		}
		if d.Kind == "list" {
			return NewList(elems), true
		}
		return Tuple(elems), true
	case "dict":
		if len(d.Keys) != len(d.Items) {
			return nil, false
		}
		out := NewDict(len(d.Keys))
		for i, k := range d.Keys {
			e, ok := d.Items[i].value(outs)
			if !ok {
				return nil, false
			}
			out.SetStr(k, e)
		}
		return out, true
	}
	return nil, false
}
