package interp

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
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

// A hostRead is a host value capture folded into a graph: what names it,
// how to read it now, and where a later session finds it: a root ("self",
// "g:NAME", "f:NAME"), an attribute attr of the object obj, or the
// closure cell of a function the fingerprinter met on the way.
type hostRead struct {
	what string
	get  func() (Value, bool)
	root string
	obj  *Instance
	attr string
	cell *Cell
}

// diskRead is a hostRead as the compile cache keeps it.
type diskRead struct {
	What  string
	Path  hostPath
	Print string
}

// diskWeight is where a later session finds the Parameter a weight reads.
type diskWeight struct {
	Name, Param string
	Path        hostPath
}

// diskPlan is what an entry keeps beside its graph, in the bundle's
// annex. It is read on every load, so it is binary (planCodec), not JSON.
type diskPlan struct {
	Reads    []diskRead
	Weights  []diskWeight
	Updates  []string
	Template *diskValue
}

// diskValue is a graph's result as the caller sees it: Tensors in a
// structure of tuples, lists and dicts, with constants.
type diskValue struct {
	Kind  string
	Value string
	Items []diskValue
	Keys  []string
}

// planFormat is the version of the plan's encoding; a plan of another is
// stale.
const planFormat = 1

// encode lays the plan out: strings and counts as uvarints.
func (p *diskPlan) encode() []byte {
	w := &planWriter{b: []byte{planFormat}}
	w.uint(len(p.Reads))
	for _, r := range p.Reads {
		w.str(r.What)
		w.strs(r.Path)
		w.str(r.Print)
	}
	w.uint(len(p.Weights))
	for _, x := range p.Weights {
		w.str(x.Name)
		w.str(x.Param)
		w.strs(x.Path)
	}
	w.strs(p.Updates)
	w.value(p.Template)
	return w.b
}

type planWriter struct{ b []byte }

func (w *planWriter) uint(n int) { w.b = binary.AppendUvarint(w.b, uint64(n)) }

func (w *planWriter) str(s string) {
	w.uint(len(s))
	w.b = append(w.b, s...)
}

func (w *planWriter) strs(ss []string) {
	w.uint(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *planWriter) value(v *diskValue) {
	w.str(v.Kind)
	w.str(v.Value)
	w.strs(v.Keys)
	w.uint(len(v.Items))
	for i := range v.Items {
		w.value(&v.Items[i])
	}
}

// decodePlan reads a plan, or reports it cannot.
func decodePlan(b []byte) (diskPlan, bool) {
	var p diskPlan
	if len(b) == 0 || b[0] != planFormat {
		return p, false
	}
	r := &planReader{b: b[1:]}
	p.Reads = make([]diskRead, r.count())
	for i := range p.Reads {
		p.Reads[i] = diskRead{What: r.str(), Path: r.strs(), Print: r.str()}
	}
	p.Weights = make([]diskWeight, r.count())
	for i := range p.Weights {
		p.Weights[i] = diskWeight{Name: r.str(), Param: r.str(), Path: r.strs()}
	}
	p.Updates = r.strs()
	p.Template = r.value(0)
	return p, !r.bad && len(r.b) == 0
}

type planReader struct {
	b   []byte
	bad bool
}

// count reads a length, which cannot exceed the bytes left.
func (r *planReader) count() int {
	n, k := binary.Uvarint(r.b)
	if k <= 0 || n > uint64(len(r.b)-k) {
		r.bad = true
		r.b = nil
		return 0
	}
	r.b = r.b[k:]
	return int(n)
}

func (r *planReader) str() string {
	n := r.count()
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *planReader) strs() []string {
	ss := make([]string, r.count())
	for i := range ss {
		ss[i] = r.str()
	}
	return ss
}

// planDepth bounds a template's nesting, as a crafted file could nest it
// without end.
const planDepth = 64

func (r *planReader) value(depth int) *diskValue {
	if depth > planDepth {
		r.bad = true
		return &diskValue{}
	}
	v := &diskValue{Kind: r.str(), Value: r.str(), Keys: r.strs()}
	if n := r.count(); n > 0 {
		v.Items = make([]diskValue, n)
		for i := range v.Items {
			v.Items[i] = *r.value(depth + 1)
		}
	}
	return v
}

// diskKey is a jit function's call as the cache names its file, or ""
// when some part cannot be compared across sessions.
func (th *Thread) diskKey(j *jitFunction, key []cache.Arg) string {
	fn, self := jitSource(j)
	if fn == nil {
		return ""
	}
	var b strings.Builder
	fp := newFingerprinter(th)
	print, ok := fp.of(fn, nil)
	if !ok {
		return ""
	}
	fmt.Fprintf(&b, "jit %q %s\n", j.name, print)
	if self != nil {
		if print, ok = fp.of(self.class, nil); !ok {
			return ""
		}
		fmt.Fprintf(&b, "self %s\n", print)
	}
	for _, a := range key {
		fmt.Fprintf(&b, "arg %#v\n", a.Abs)
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

// diskVariant is one of the graphs a cache file keeps for a key.
type diskVariant struct {
	entry *bundle.Entry
	plan  diskPlan
}

// loadCompiled returns the cache entry the store keeps for key whose host
// values are today's, with its guards, and the file's variants, which a
// compile then saves beside its own. Without one, the error says why the
// newest variant is stale.
func (th *Thread) loadCompiled(store *compilecache.Store, j *jitFunction, dk string, args []cache.Arg, callArgs []Value) (*cache.Entry, []diskVariant, error) {
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
		entry, stale := th.bindVariant(variants[i], fn, self, args, callArgs)
		if stale == "" {
			entry.Compiled.(*compiledGraph).fromDisk = path
			return entry, variants, nil
		}
		why = cmp.Or(why, stale)
	}
	return nil, variants, &compilecache.StaleError{Path: path, Why: why}
}

// bindVariant makes a cache entry of a variant whose host values are
// today's, bound to this session's Parameters, or says why it cannot.
func (th *Thread) bindVariant(v diskVariant, fn *Function, self *Instance, args []cache.Arg, callArgs []Value) (*cache.Entry, string) {
	fp := newFingerprinter(th)
	reads := make([]hostRead, len(v.plan.Reads))
	for i, d := range v.plan.Reads {
		r, ok := readAt(d.What, d.Path, fn, self)
		if !ok {
			return nil, d.What + " is gone"
		}
		if hostPrint(fp, r, nil) != d.Print {
			return nil, d.What + " changed"
		}
		reads[i] = r
	}
	g := v.entry.Graph
	c := &compiledGraph{g: g, weights: map[string]*Tensor{}, src: fn.code.fc.Prog.Src, updates: v.plan.Updates}
	for _, w := range v.plan.Weights {
		found, _ := resolveHostPath(w.Path, fn, self)
		p, ok := found.(*Tensor)
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
	return &cache.Entry{Args: args, Compiled: c, Guards: guardsOf(reads)}, ""
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
	// A read found through another (an attribute of an object a global
	// holds) waits until that one has been fingerprinted.
	for done, progress := 0, true; done < len(reads) && progress; {
		progress = false
		for i, r := range reads {
			if plan.Reads[i].Path != nil {
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
			print := hostPrint(fp, r, path)
			if fp.unknown != "" {
				return errNotKept(describeUnknown(r.what, fp.unknown))
			}
			plan.Reads[i] = diskRead{What: r.what, Path: path, Print: print}
			done++
			progress = true
		}
	}
	for i, d := range plan.Reads {
		if d.Path == nil {
			return errNotKept(reads[i].what + " is not reachable from the function's globals, closure or Cell")
		}
	}
	for name, p := range c.weights {
		path, ok := fp.paths[p]
		if !ok {
			return errNotKept(fmt.Sprintf("the cache cannot find Parameter '%s' again", p.param.name))
		}
		plan.Weights = append(plan.Weights, diskWeight{Name: name, Param: p.param.name, Path: path})
	}
	slices.SortFunc(plan.Weights, func(a, b diskWeight) int { return strings.Compare(a.Name, b.Name) })
	tmpl, ok := diskValueOf(c.template)
	if !ok {
		return errNotKept("its result holds " + TypeName(c.template) + " values the cache cannot keep")
	}
	plan.Template = tmpl
	annex := plan.encode()
	var kept []*bundle.Entry
	for _, v := range variants {
		if !slices.EqualFunc(v.plan.Reads, plan.Reads, func(a, b diskRead) bool {
			return a.What == b.What && a.Print == b.Print && slices.Equal(a.Path, b.Path)
		}) {
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

// errNotKept is why a graph is not kept on disk: not a failure, but
// worth a look in %cache.
type errNotKept string

func (e errNotKept) Error() string { return string(e) }

// hostPrint is the fingerprint of what r reads now: "absent" for a name
// that is not bound.
func hostPrint(fp *fingerprinter, r hostRead, path hostPath) string {
	v, ok := r.get()
	if !ok {
		return "absent"
	}
	print, _ := fp.of(v, path)
	return print
}

// readAt is the hostRead a later session makes of a kept read: for an
// attribute or a closure variable, the object or function is found once,
// and the guard then reads its dict or cell, as the guard capture made
// does.
func readAt(what string, path hostPath, fn *Function, self *Instance) (hostRead, bool) {
	if len(path) == 1 {
		root := path[0]
		switch {
		case root == "self":
			return hostRead{}, false
		case strings.HasPrefix(root, "g:"):
			g, name := fn.code.link.globals, root[2:]
			return hostRead{what: what, root: root, get: func() (Value, bool) { return g.Get(name) }}, true
		case strings.HasPrefix(root, "f:"):
			c := closureCell(fn, root[2:])
			if c == nil {
				return hostRead{}, false
			}
			return hostRead{what: what, root: root, get: func() (Value, bool) { return c.V, c.V != nil }}, true
		}
		return hostRead{}, false
	}
	v, ok := resolveHostPath(path[:len(path)-1], fn, self)
	if !ok {
		return hostRead{}, false
	}
	last := path[len(path)-1]
	if attr, isAttr := strings.CutPrefix(last, "a:"); isAttr {
		obj, isInstance := v.(*Instance)
		if !isInstance {
			return hostRead{}, false
		}
		d := obj.Dict()
		return hostRead{what: what, obj: obj, attr: attr, get: func() (Value, bool) { return d.GetStr(attr) }}, true
	}
	if free, isFree := strings.CutPrefix(last, "free:"); isFree {
		f, isFunction := v.(*Function)
		if !isFunction {
			return hostRead{}, false
		}
		if c := closureCell(f, free); c != nil {
			return hostRead{what: what, cell: c, get: func() (Value, bool) { return c.V, c.V != nil }}, true
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
