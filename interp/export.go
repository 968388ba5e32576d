package interp

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"msrepl/devices"
	"msrepl/devices/cpu"
	"msrepl/graphmode/bundle"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/onnx"
	"msrepl/lang/compile"
	"msrepl/tensor"
)

// mindspore.export, mindspore.load and nn.GraphCell: compiled graphs saved
// to a bundle (graphmode/bundle) and run later without their source.

// FuncGraphClass is the class of mindspore.load's result.
var FuncGraphClass = newMSClass("FuncGraph", "mindspore", ObjectClass, nil)

// A loadedGraph is one entry of a bundle, ready to run.
type loadedGraph struct {
	entry *bundle.Entry
	path  string
}

func (g *loadedGraph) Type() *Class { return FuncGraphClass }

func (g *loadedGraph) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<FuncGraph @%s%s from %s>", g.entry.Graph.Name, signatureText(g.entry.Graph), filepath.Base(g.path)), nil
}

// signatureText is a graph's inputs as MindSpore's messages show them:
// (x: Tensor[Float32](4, 5), ...).
func signatureText(g *ir.FuncGraph) string {
	parts := make([]string, len(g.Params))
	for i, p := range g.Params {
		parts[i] = p.Name + ": " + compactAbs(p.Abs)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func compactAbs(a ir.Abstract) string {
	if t, ok := a.(ir.TensorAbs); ok {
		return fmt.Sprintf("Tensor[%v]%v", t.DType, t.Shape)
	}
	return a.String()
}

// msExport is mindspore.export(net, *inputs, file_name, file_format=
// "MINDIR"): the graph net compiles to for inputs, with its weights,
// written as a bundle, or with file_format="ONNX" as a standard ONNX
// model. A bundle is msrepl's own format, whatever its extension;
// ".mindir" is added when file_name has none, and ".onnx" when an ONNX
// file's name does not end in it, as MindSpore does.
func msExport(th *Thread, args []Value, kwnames []string) (Value, error) {
	npos := len(args) - len(kwnames)
	if npos < 1 {
		return nil, TypeErrorf("export() missing 1 required positional argument: 'net'")
	}
	var fileName, format Value = None, Str("MINDIR")
	for i, k := range kwnames {
		switch k {
		case "file_name":
			fileName = args[npos+i]
		case "file_format":
			format = args[npos+i]
		default:
			return nil, TypeErrorf("export() got an unexpected keyword argument '%s'", k)
		}
	}
	name, ok := fileName.(Str)
	if !ok {
		return nil, TypeErrorf("For 'export', the argument 'file_name' must be str, but got %s.", TypeName(fileName))
	}
	f, _ := format.(Str)
	if f != "MINDIR" && f != "ONNX" {
		return nil, ValueErrorf("For 'export', 'file_format' must be 'MINDIR' or 'ONNX', but got %s.", reprNoThread(th, format))
	}
	entry, err := th.exportEntry(args[0], args[1:npos])
	if err != nil {
		return nil, err
	}
	path := string(name)
	if f == "ONNX" {
		if !strings.HasSuffix(path, ".onnx") {
			path += ".onnx"
		}
		return None, exportONNX(entry, path)
	}
	if filepath.Ext(path) == "" {
		path += ".mindir"
	}
	b := &bundle.Bundle{Producer: "msrepl " + Version, Created: time.Now(), Entries: []*bundle.Entry{entry}}
	if err := bundle.Write(path, b); err != nil {
		return nil, bundleError(err, path)
	}
	return None, nil
}

// exportONNX writes an entry's graph and weights as an ONNX model; a
// node without an ONNX form is a ValueError that names it.
func exportONNX(e *bundle.Entry, path string) error {
	m, err := onnx.Model(e.Graph, e.Weights, Version)
	var oe *onnx.Error
	if errors.As(err, &oe) {
		return ValueErrorf("For 'export', '%s' cannot be exported to ONNX: %v", e.Name, oe)
	}
	if err != nil {
		return Errorf(RuntimeErrorClass, "For 'export', '%s' cannot be exported to ONNX: %v", e.Name, err)
	}
	if err := onnx.Write(path, m); err != nil {
		return osError(err, path)
	}
	return nil
}

// exportEntry compiles net for inputs, as graph mode would, into a
// bundle entry.
func (th *Thread) exportEntry(net Value, inputs []Value) (*bundle.Entry, error) {
	fn, name := net, ""
	switch v := net.(type) {
	case *jitFunction:
		fn, name = v.fn, v.name
	case *Function:
		name = v.Name
	case *Instance:
		if !v.class.IsSubclass(NNCellClass) {
			return nil, TypeErrorf("For 'export', the argument 'net' must be a Cell or a function, but got %s.", TypeName(net))
		}
		construct, err := th.GetAttr(v, "construct")
		if err != nil {
			return nil, err
		}
		fn, name = construct, v.class.Name
	default:
		return nil, TypeErrorf("For 'export', the argument 'net' must be a Cell or a function, but got %s.", TypeName(net))
	}
	for i, in := range inputs {
		if _, ok := in.(*Tensor); !ok {
			return nil, TypeErrorf("For 'export', the inputs must be Tensors, but input %d is %s.", i, TypeName(in))
		}
	}
	c, err := th.compileJit(fn, name, inputs, paramNames(fn, len(inputs)), nil)
	if err != nil {
		return nil, err
	}
	e, err := entryOf(name, c)
	if err != nil {
		return nil, err
	}
	if m, ok := fn.(*BoundMethod); ok {
		fn = m.Fn
	}
	if f, ok := fn.(*Function); ok {
		e.Cell = f.code.fc.Prog.Filename
		e.SourceHash = sourceHash(f.code.fc.Prog.Src)
	}
	return e, nil
}

// sourceHash is a source text's SHA-256, as bundles name it.
func sourceHash(src string) string {
	sum := sha256.Sum256([]byte(src))
	return hex.EncodeToString(sum[:])
}

// entryOf is the bundle entry of a compiled graph, which must leave its
// Parameters alone and return Tensors.
func entryOf(name string, c *compiledGraph) (*bundle.Entry, error) {
	if len(c.updates) > 0 {
		return nil, Errorf(RuntimeErrorClass, "For 'export', '%s' updates the Parameters %s when it runs; only graphs that leave their Parameters alone can be exported", name, strings.Join(c.updates, ", "))
	}
	if c.template != nil {
		outputs := 0
		template := mapTensors(c.template, func(x *Tensor) Value { outputs++; return x })
		t, isTuple := template.(Tuple)
		if _, isTensor := template.(*Tensor); !isTensor && (!isTuple || outputs != len(t)) {
			return nil, Errorf(RuntimeErrorClass, "For 'export', '%s' must return Tensors, or a tuple of them, but it returns %s", name, TypeName(c.template))
		}
	}
	e := &bundle.Entry{Name: name, Graph: c.g, Weights: map[string]*tensor.Tensor{}}
	if c.src != "" {
		e.SourceHash = sourceHash(c.src)
	}
	if s := c.g.Span.Start; s.IsValid() {
		e.Cell = *s.File
	}
	for n, p := range c.weights {
		e.Weights[n] = p.t
	}
	e.Example = c.example
	return e, nil
}

// copyExample keeps a run's input and output tensors, copied, since the
// session may change them in place later.
func copyExample(in []exec.Value, out []exec.Value) *bundle.Example {
	ex := &bundle.Example{}
	for _, list := range []struct {
		from []exec.Value
		to   *[]*tensor.Tensor
	}{{in, &ex.Inputs}, {out, &ex.Outputs}} {
		for _, v := range list.from {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil
			}
			cp, err := tensor.FromStorage(cpu.New(0), t.DType(), t.Shape(), tensor.AppendStorage(nil, t))
			if err != nil {
				return nil
			}
			*list.to = append(*list.to, cp)
		}
	}
	return ex
}

// bundleError turns a bundle's error into the Python exception for it.
func bundleError(err error, path string) error {
	var fe *bundle.FormatError
	if errors.As(err, &fe) {
		return Errorf(RuntimeErrorClass, "%s", fe.Error())
	}
	return osError(err, path)
}

// msLoad is mindspore.load(file_name, name=None): a graph of a bundle,
// the only one or the one named.
func msLoad(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fileName, name Value = nil, None
	if err := UnpackArgs("load", args, kwnames, "file_name", &fileName, "name?", &name); err != nil {
		return nil, err
	}
	path, ok := fileName.(Str)
	if !ok {
		return nil, TypeErrorf("For 'load', the argument 'file_name' must be str, but got %s.", TypeName(fileName))
	}
	b, err := bundle.Read(string(path), th.ms().ctx.Dev)
	if err != nil {
		return nil, bundleError(err, string(path))
	}
	if len(b.Entries) > 0 && b.Entries[0].Weights == nil {
		return nil, ValueErrorf("For 'load', %s is an entry of the compile cache, whose weights are the Parameters of the session that loads it, not in the file: export the model with mindspore.export or msrepl export to run it on its own", path)
	}
	var names []string
	for _, e := range b.Entries {
		names = append(names, e.Name)
	}
	switch want := name.(type) {
	case NoneType:
		if len(b.Entries) != 1 {
			return nil, ValueErrorf("For 'load', %s holds %d graphs (%s): name the one to load, as load(file_name, name=...)", path, len(b.Entries), strings.Join(names, ", "))
		}
		return &loadedGraph{entry: b.Entries[0], path: string(path)}, nil
	case Str:
		e, ok := b.Entry(string(want))
		if !ok {
			return nil, ValueErrorf("For 'load', %s has no graph named '%s'; it has %s", path, want, strings.Join(names, ", "))
		}
		return &loadedGraph{entry: e, path: string(path)}, nil
	}
	return nil, TypeErrorf("For 'load', the argument 'name' must be str, but got %s.", TypeName(name))
}

// graphCellDef is nn.GraphCell(graph, params_init=None): a Cell that runs
// a loaded graph. params_init replaces weights by name.
var graphCellDef = &cellDef{
	name: "GraphCell", module: "mindspore.nn.cell",
	doc:    "GraphCell(graph, params_init=None): runs a graph from mindspore.load; params_init maps weight names to Tensors or Parameters that replace the saved ones.",
	params: []primParam{{"graph", nil}, {"params_init", None}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		g, ok := a["graph"].(*loadedGraph)
		if !ok {
			return TypeErrorf("For 'GraphCell', the argument 'graph' must be a FuncGraph from mindspore.load, but got %s.", TypeName(a["graph"]))
		}
		weights := map[string]*tensor.Tensor{}
		for n, t := range g.entry.Weights {
			weights[n] = t
		}
		if init, ok := a["params_init"].(*Dict); ok {
			for _, kv := range init.Items() {
				n, isStr := kv[0].(Str)
				x, isTensor := kv[1].(*Tensor)
				if !isStr || !isTensor {
					return TypeErrorf("For 'GraphCell', 'params_init' must map names to Tensors, but has %s: %s", TypeName(kv[0]), TypeName(kv[1]))
				}
				old, known := weights[string(n)]
				if !known {
					return ValueErrorf("For 'GraphCell', the graph has no parameter '%s' to initialize; it has %s", n, strings.Join(slices.Sorted(maps.Keys(weights)), ", "))
				}
				if old.DType() != x.t.DType() || !slices.Equal(old.Shape(), x.t.Shape()) {
					return ValueErrorf("For 'GraphCell', parameter '%s' is %v%v in the graph, but params_init gives %v%v", n, old.DType(), old.Shape(), x.t.DType(), x.t.Shape())
				}
				weights[string(n)] = x.t
			}
		} else if a["params_init"] != None {
			return TypeErrorf("For 'GraphCell', 'params_init' must be a dict, but got %s.", TypeName(a["params_init"]))
		}
		return th.setAttrs(self, "graph", g, "_weights", &graphWeights{weights})
	},
	inputs: []primParam{{"*inputs", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		gv, err := th.GetAttr(self, "graph")
		if err != nil {
			return nil, err
		}
		wv, err := th.GetAttr(self, "_weights")
		if err != nil {
			return nil, err
		}
		g, ok := gv.(*loadedGraph)
		w, okW := wv.(*graphWeights)
		if !ok || !okW {
			return nil, TypeErrorf("GraphCell's graph was replaced by %s", TypeName(gv))
		}
		return th.runLoaded(g, w.byName, in[0].(Tuple))
	},
}

// graphWeights are a GraphCell's weights by name.
type graphWeights struct{ byName map[string]*tensor.Tensor }

func (*graphWeights) Type() *Class { return ObjectClass }

func (w *graphWeights) Repr(*Thread) (string, error) {
	return fmt.Sprintf("<%d weights>", len(w.byName)), nil
}

func init() {
	graphCellDef.register()
}

// runLoaded runs a loaded graph on inputs that must match its signature.
func (th *Thread) runLoaded(g *loadedGraph, weights map[string]*tensor.Tensor, inputs Tuple) (Value, error) {
	graph := g.entry.Graph
	fits := len(inputs) == len(graph.Params)
	got := make([]string, len(inputs))
	in := make([]exec.Value, len(inputs))
	for i, v := range inputs {
		x, ok := v.(*Tensor)
		if !ok {
			got[i] = TypeName(v)
			fits = false
			continue
		}
		got[i] = fmt.Sprintf("Tensor[%v]%v", x.t.DType(), x.t.Shape())
		in[i] = x.t
		if i < len(graph.Params) {
			want := graph.Params[i].Meta()
			fits = fits && want.DType == x.t.DType() && slices.Equal(want.Shape, x.t.Shape())
		}
	}
	if !fits {
		return nil, ValueErrorf("The input number of parameters is not Compatible. The graph @%s takes %s, but got (%s).",
			graph.Name, signatureText(graph), strings.Join(got, ", "))
	}
	rt := th.ms()
	rt.ctx.Context, rt.stdout = th.ctx, th.stdout
	r := &exec.Runner{B: rt.builder, Context: th.ctx, Weight: func(w *ir.Node) (*tensor.Tensor, error) {
		t, ok := weights[w.Name]
		if !ok {
			return nil, Errorf(SystemErrorClass, "internal error: no data for weight %s", w.Name)
		}
		return t, nil
	}}
	out, err := r.Run(graph, in)
	if err != nil {
		return nil, opsError(err)
	}
	if t, ok := out.(exec.Tuple); ok && graph.Output.Kind == ir.MakeTuple {
		vals := make(Tuple, len(t))
		for i, o := range t {
			vals[i] = NewTensor(o.(*tensor.Tensor))
		}
		return vals, nil
	}
	return NewTensor(out.(*tensor.Tensor)), nil
}

// InspectBundle writes what the bundle at path holds: who wrote it, and
// for each graph its signature, weights, primitives and MindIR.
func InspectBundle(w io.Writer, path string) error {
	b, err := bundle.Read(path, cpu.New(0))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s: %v", path, pe.Err)
		}
		return err
	}
	fmt.Fprintf(w, "%s: msrepl bundle (format %d) written by %s on %s, %d graph%s\n",
		path, b.Format, b.Producer, b.Created.Format("2006-01-02 15:04:05 MST"), len(b.Entries), plural(len(b.Entries)))
	for _, e := range b.Entries {
		fmt.Fprintf(w, "\n== %s%s\n", e.Name, signatureText(e.Graph))
		if e.Cell != "" {
			fmt.Fprintf(w, "from:    %s (source sha256 %.12s…)\n", e.Cell, e.SourceHash)
		}
		if len(e.Outputs) > 0 {
			fmt.Fprintf(w, "outputs: %s\n", strings.Join(e.Outputs, ", "))
		}
		if e.Weights == nil {
			// A compile cache entry: the session that loads it binds
			// its Parameters.
			n := 0
			for _, g := range append([]*ir.FuncGraph{e.Graph}, e.Graph.Subgraphs()...) {
				n += len(g.Weights)
			}
			fmt.Fprintf(w, "weights: %d, bound to a session's Parameters when loaded (not in the file)\n", n)
		} else {
			var bytes int
			names := slices.Sorted(maps.Keys(e.Weights))
			for _, n := range names {
				t := e.Weights[n]
				bytes += t.Size() * t.DType().ItemSize()
				fmt.Fprintf(w, "weight:  %s %v%v\n", n, t.DType(), t.Shape().ListString())
			}
			fmt.Fprintf(w, "weights: %d, %s\n", len(names), devices.FormatBytes(int64(bytes)))
		}
		count := map[string]int{}
		for _, g := range append([]*ir.FuncGraph{e.Graph}, e.Graph.Subgraphs()...) {
			for _, n := range g.Nodes {
				if n.Kind == ir.Apply {
					count[n.Prim.Name]++
				}
			}
		}
		var prims []string
		total := 0
		for _, p := range slices.Sorted(maps.Keys(count)) {
			prims = append(prims, fmt.Sprintf("%s×%d", p, count[p]))
			total += count[p]
		}
		fmt.Fprintf(w, "ops:     %d (%s)\n\n", total, strings.Join(prims, ", "))
		if err := ir.Print(w, e.Graph, nil); err != nil {
			return err
		}
	}
	return nil
}

// IsBundle reports whether the file at path is a bundle, by its first
// bytes.
func IsBundle(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(bundle.Magic))
	_, err = io.ReadFull(f, head)
	return err == nil && string(head) == bundle.Magic
}

// RunBundle runs the graph fn of the bundle at path (its only graph when
// fn is "") on the arrays of the .npy files inputs, and writes each
// output to outDir as <fn>_out<i>.npy. It returns what it wrote, with
// each output's dtype and shape.
func RunBundle(path, fn string, inputs []string, outDir string) ([]string, error) {
	s := NewSession()
	th := s.th
	args := []Value{Str(path)}
	var kw []string
	if fn != "" {
		args, kw = append(args, Str(fn)), []string{"name"}
	}
	v, err := msLoad(th, args, kw)
	if err != nil {
		return nil, s.errorText(err)
	}
	g := v.(*loadedGraph)
	in := make(Tuple, len(inputs))
	for i, p := range inputs {
		t, err := ReadNpy(p, th.ms().ctx.Dev)
		if err != nil {
			return nil, s.errorText(err)
		}
		in[i] = NewTensor(t)
	}
	out, err := th.runLoaded(g, g.entry.Weights, in)
	if err != nil {
		return nil, s.errorText(err)
	}
	outs, ok := out.(Tuple)
	if !ok {
		outs = Tuple{out}
	}
	var wrote []string
	for i, o := range outs {
		t := o.(*Tensor).t
		p := filepath.Join(outDir, fmt.Sprintf("%s_out%d.npy", fileStem(g.entry.Name), i))
		if err := WriteNpy(p, t); err != nil {
			return wrote, s.errorText(err)
		}
		wrote = append(wrote, fmt.Sprintf("%s  %v%v", p, t.DType(), t.Shape().ListString()))
	}
	return wrote, nil
}

// errorText turns an exception raised outside any cell into an error
// that reads as Python's last line: "ValueError: ...".
func (s *Session) errorText(err error) error {
	return s.th.report(asException(err))
}

// A namedGraph is a compiled graph the session can export, by the name
// it gets in the bundle.
type namedGraph struct {
	name string
	c    *compiledGraph
}

// exportable lists what the session compiled, by name: jit functions and
// GRAPH_MODE Cells by the global that holds them (a Cell held by none by
// its class), and %%graph cells as graph_cell_1, graph_cell_2, … in the
// order of their cells.
func (s *Session) exportable() []namedGraph {
	var out []namedGraph
	named := map[*compiledGraph]bool{}
	for _, n := range s.globals.Names() {
		v, _ := s.globals.Get(n)
		if j, ok := s.th.jitOf(v); ok && j.last != nil && !named[j.last] {
			named[j.last] = true
			out = append(out, namedGraph{n, j.last})
		}
	}
	rt := s.msrt
	if rt == nil {
		return out
	}
	var cells []*compiledGraph
	class := map[*compiledGraph]string{}
	for cell, j := range rt.cellGraphs {
		if j.last != nil && !named[j.last] {
			cells = append(cells, j.last)
			class[j.last] = cell.class.Name
		}
	}
	var graphCells []*compiledGraph
	for _, gc := range rt.graphCells {
		if gc.last != nil {
			graphCells = append(graphCells, gc.last)
		}
	}
	byPlace := func(a, b *compiledGraph) int {
		pa, pb := a.g.Span.Start, b.g.Span.Start
		if c := strings.Compare(a.g.Name, b.g.Name); c != 0 {
			return c
		}
		if pa.IsValid() && pb.IsValid() {
			if c := strings.Compare(*pa.File, *pb.File); c != 0 {
				return c
			}
			return int(pa.Line - pb.Line)
		}
		return 0
	}
	slices.SortStableFunc(cells, byPlace)
	slices.SortStableFunc(graphCells, byPlace)
	for _, c := range cells {
		out = append(out, namedGraph{class[c], c})
	}
	for i, c := range graphCells {
		out = append(out, namedGraph{fmt.Sprintf("graph_cell_%d", i+1), c})
	}
	// Two Cells of one class held by no global share a name; a bundle's
	// names must be unique for load(name=...) to find each.
	seen := map[string]int{}
	for i := range out {
		if seen[out[i].name]++; seen[out[i].name] > 1 {
			out[i].name = fmt.Sprintf("%s_%d", out[i].name, seen[out[i].name])
		}
	}
	return out
}

// Export writes what the session compiled (only the names in only, when
// given) to one bundle at path, and writes a table of what it saved and
// what it skipped, and why, to w.
func (s *Session) Export(path string, only []string, w io.Writer) error {
	graphs := s.exportable()
	if len(only) > 0 {
		var picked []namedGraph
		for _, n := range only {
			i := slices.IndexFunc(graphs, func(g namedGraph) bool { return g.name == n })
			if i < 0 {
				var have []string
				for _, g := range graphs {
					have = append(have, g.name)
				}
				return ValueErrorf("export: nothing named '%s' was compiled; the compiled graphs are %s", n, orNone(have))
			}
			picked = append(picked, graphs[i])
		}
		graphs = picked
	}
	b := &bundle.Bundle{Producer: "msrepl " + Version, Created: time.Now()}
	var skipped []string
	for _, g := range graphs {
		e, err := entryOf(g.name, g.c)
		if err == nil {
			_, err = bundle.Encode(&bundle.Bundle{Entries: []*bundle.Entry{e}})
		}
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s (%s)", g.name, strings.TrimPrefix(exceptionText(err), g.name+": ")))
			continue
		}
		b.Entries = append(b.Entries, e)
	}
	if len(b.Entries) == 0 {
		msg := "export: no compiled graph to save"
		if len(skipped) > 0 {
			msg += "; skipped " + strings.Join(skipped, "; ")
		}
		return Errorf(RuntimeErrorClass, "%s", msg)
	}
	if err := bundle.Write(path, b); err != nil {
		return bundleError(err, path)
	}
	fmt.Fprintf(w, "%-16s %5s %8s %10s  %s\n", "name", "ops", "weights", "bytes", "inputs")
	total := 0
	for _, e := range b.Entries {
		ops, bytes := 0, 0
		for _, g := range append([]*ir.FuncGraph{e.Graph}, e.Graph.Subgraphs()...) {
			for _, n := range g.Nodes {
				if n.Kind == ir.Apply {
					ops++
				}
			}
		}
		for _, t := range e.Weights {
			bytes += t.Size() * t.DType().ItemSize()
		}
		total += bytes
		fmt.Fprintf(w, "%-16s %5d %8d %10s  %s\n", e.Name, ops, len(e.Weights), devices.FormatBytes(int64(bytes)), signatureText(e.Graph))
	}
	fmt.Fprintf(w, "Saved %d graph%s, %s of weights, to %s.\n", len(b.Entries), plural(len(b.Entries)), devices.FormatBytes(int64(total)), path)
	for _, sk := range skipped {
		fmt.Fprintf(w, "Skipped %s.\n", sk)
	}
	return nil
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// exceptionText is an error's message without its exception name.
func exceptionText(err error) string {
	var fe *bundle.FormatError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	var e *Exception
	if errors.As(err, &e) && len(e.Args) > 0 {
		if s, ok := e.Args[0].(Str); ok {
			return string(s)
		}
	}
	return err.Error()
}

// runExport is %export FILE [--functions f,g]: Session.Export from a cell.
func runExport(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	const usage = "%%export FILE [--functions f,g]"
	fields := strings.Fields(m.Args)
	var path string
	var only []string
	for i := 0; i < len(fields); i++ {
		switch f := fields[i]; {
		case f == "--functions" && i+1 < len(fields):
			only = strings.Split(fields[i+1], ",")
			i++
		case path == "" && !strings.HasPrefix(f, "-"):
			path = f
		default:
			return nil, Errorf(UsageErrorClass, usage+": unexpected %s", f)
		}
	}
	if path == "" {
		return nil, Errorf(UsageErrorClass, usage+": name the FILE to write")
	}
	return None, s.Export(path, only, th.stdout)
}

// CheckBundle runs each graph of the bundle at path that carries an
// example (msrepl export records them) on the example's inputs in a fresh
// session, and compares what it computes with the outputs the example
// recorded, to 1e-6 relative; it writes a line per graph and fails when
// any differs or none could be checked.
func CheckBundle(path string, w io.Writer) error {
	s := NewSession()
	b, err := bundle.Read(path, s.th.ms().ctx.Dev)
	if err != nil {
		return s.errorText(bundleError(err, path))
	}
	checked, failed := 0, 0
	for _, e := range b.Entries {
		if e.Example == nil {
			fmt.Fprintf(w, "%-16s no example to check\n", e.Name)
			continue
		}
		in := make(Tuple, len(e.Example.Inputs))
		for i, t := range e.Example.Inputs {
			in[i] = NewTensor(t)
		}
		out, err := s.th.runLoaded(&loadedGraph{entry: e, path: path}, e.Weights, in)
		if err != nil {
			failed++
			fmt.Fprintf(w, "%-16s FAILED: %v\n", e.Name, s.errorText(err))
			continue
		}
		outs, ok := out.(Tuple)
		if !ok {
			outs = Tuple{out}
		}
		worst, problem := 0.0, ""
		if len(outs) != len(e.Example.Outputs) {
			problem = fmt.Sprintf("%d outputs, the example has %d", len(outs), len(e.Example.Outputs))
		}
		for k := 0; problem == "" && k < len(outs); k++ {
			got, want := outs[k].(*Tensor).t, e.Example.Outputs[k]
			if got.DType() != want.DType() || !slices.Equal(got.Shape(), want.Shape()) {
				problem = fmt.Sprintf("output %d is %v%v, the example's %v%v", k, got.DType(), got.Shape(), want.DType(), want.Shape())
				break
			}
			for i := range want.Size() {
				a, b := got.Float(i), want.Float(i)
				if math.IsNaN(a) && math.IsNaN(b) {
					continue
				}
				d := math.Abs(a - b)
				worst = max(worst, d)
				if !(d <= 1e-6*max(1, math.Abs(b))) {
					problem = fmt.Sprintf("output %d element %d is %v, the example's %v", k, i, a, b)
					break
				}
			}
		}
		checked++
		if problem != "" {
			failed++
			fmt.Fprintf(w, "%-16s FAILED: %s\n", e.Name, problem)
			continue
		}
		fmt.Fprintf(w, "%-16s %d output%s reproduced (largest difference %.3g)\n", e.Name, len(outs), plural(len(outs)), worst)
	}
	switch {
	case failed > 0:
		return fmt.Errorf("%d of %d graphs did not reproduce their examples", failed, len(b.Entries))
	case checked == 0:
		return fmt.Errorf("no graph in %s has an example to check; msrepl export records them", path)
	}
	return nil
}
