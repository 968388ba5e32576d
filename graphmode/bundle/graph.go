package bundle

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"msrepl/devices"
	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// The graph section holds tables, then for each entry its graph family:
// the entry graph and then its subgraphs, each graph's parameters,
// weights, constants and nodes in order. A node names its inputs by
// graph and position within that graph; tensor constants point into the
// data section. The tables are the source file names and, from version
// 2, the distinct abstract values, primitive names and attribute sets,
// which nodes name by number: most nodes share a few of each, which a
// reader then decodes once.

type encoder struct {
	b     []byte
	data  *[]byte // the data section, shared by every entry
	files map[string]int
	names []string // the file names, in order of first use
	where map[*ir.Node][2]int
	graph map[*ir.FuncGraph]int
	// The tables of abstract values, primitive names and attribute
	// sets, each entry as its bytes.
	abstracts, prims, attrSets table
}

// A table keeps distinct byte strings in order of first use.
type table struct {
	index   map[string]int
	entries [][]byte
}

// add returns b's place in t, adding it if it is new.
func (t *table) add(b []byte) int {
	if i, ok := t.index[string(b)]; ok {
		return i
	}
	if t.index == nil {
		t.index = map[string]int{}
	}
	i := len(t.entries)
	t.index[string(b)] = i
	t.entries = append(t.entries, b)
	return i
}

// write appends t: its length, then each entry after its length.
func (t *table) write(e *encoder) {
	e.uint(uint64(len(t.entries)))
	for _, b := range t.entries {
		e.uint(uint64(len(b)))
		e.b = append(e.b, b...)
	}
}

// tabled writes what put writes as its place in t.
func (e *encoder) tabled(t *table, put func() error) error {
	outer := e.b
	e.b = nil
	err := put()
	entry := e.b
	e.b = outer
	e.uint(uint64(t.add(entry)))
	return err
}

// abstractRef writes a node's abstract value as its place in the table.
func (e *encoder) abstractRef(a ir.Abstract, n *ir.Node) error {
	return e.tabled(&e.abstracts, func() error { return e.abstract(a, n) })
}

func (e *encoder) uint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }
func (e *encoder) int(n int64)   { e.b = binary.AppendVarint(e.b, n) }

func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.b = append(e.b, s...)
}

// family encodes g and its subgraphs.
func (e *encoder) family(g *ir.FuncGraph) error {
	graphs := append([]*ir.FuncGraph{g}, g.Subgraphs()...)
	e.where, e.graph = map[*ir.Node][2]int{}, map[*ir.FuncGraph]int{}
	for i, f := range graphs {
		e.graph[f] = i
		for j, n := range nodesOf(f) {
			e.where[n] = [2]int{i, j}
		}
	}
	e.uint(uint64(len(graphs)))
	for _, f := range graphs {
		if err := e.funcGraph(f); err != nil {
			return err
		}
	}
	return nil
}

// nodesOf lists a graph's nodes as the format numbers them.
func nodesOf(g *ir.FuncGraph) []*ir.Node {
	out := make([]*ir.Node, 0, len(g.Params)+len(g.Weights)+len(g.Consts)+len(g.Nodes))
	out = append(out, g.Params...)
	out = append(out, g.Weights...)
	out = append(out, g.Consts...)
	return append(out, g.Nodes...)
}

func (e *encoder) funcGraph(g *ir.FuncGraph) error {
	e.str(g.Name)
	e.span(g.Span)
	e.uint(uint64(len(g.Params)))
	for _, n := range g.Params {
		e.uint(uint64(n.ID))
		e.str(n.Name)
		e.span(n.Span)
		if err := e.abstractRef(n.Abs, n); err != nil {
			return err
		}
	}
	e.uint(uint64(len(g.Weights)))
	for _, n := range g.Weights {
		e.uint(uint64(n.ID))
		e.str(n.Name)
		if err := e.abstractRef(n.Abs, n); err != nil {
			return err
		}
	}
	e.uint(uint64(len(g.Consts)))
	for _, n := range g.Consts {
		e.uint(uint64(n.ID))
		e.span(n.Span)
		if err := e.value(n.Value, n); err != nil {
			return err
		}
	}
	e.uint(uint64(len(g.Nodes)))
	for _, n := range g.Nodes {
		if err := e.node(n); err != nil {
			return err
		}
	}
	if g.Output == nil {
		return formatErrorf("graph @%s has no output", g.Name)
	}
	return e.ref(g.Output)
}

func (e *encoder) ref(n *ir.Node) error {
	at, ok := e.where[n]
	if !ok {
		return formatErrorf("node %d reads a value from outside its graphs", n.ID)
	}
	e.uint(uint64(at[0]))
	e.uint(uint64(at[1]))
	return nil
}

func (e *encoder) node(n *ir.Node) error {
	e.b = append(e.b, byte(n.Kind))
	e.uint(uint64(n.ID))
	e.str(n.Name)
	e.span(n.Span)
	if err := e.abstractRef(n.Abs, n); err != nil {
		return err
	}
	switch n.Kind {
	case ir.Apply:
		// Only a registered primitive can be found again by its name; the
		// others are made by the interpreter and run host code.
		if p, ok := ops.Lookup(n.Prim.Name); !ok || p != n.Prim {
			return unexportable(n, fmt.Sprintf("it runs Python code when it runs (%s, a JIT Fallback), and a bundle holds none", n.Prim.Name))
		}
		if err := e.tabled(&e.prims, func() error { e.str(n.Prim.Name); return nil }); err != nil {
			return err
		}
		if err := e.tabled(&e.attrSets, func() error { return e.attrs(n) }); err != nil {
			return err
		}
	case ir.GetItem:
		e.uint(uint64(n.Index))
	case ir.Call, ir.If, ir.While:
		e.uint(uint64(len(n.Graphs)))
		for _, s := range n.Graphs {
			e.uint(uint64(e.graph[s]))
		}
	}
	e.uint(uint64(len(n.Inputs)))
	for _, in := range n.Inputs {
		if err := e.ref(in); err != nil {
			return err
		}
	}
	return nil
}

// unexportable explains why a node keeps its graph out of a bundle, at
// its source line.
func unexportable(n *ir.Node, why string) *FormatError {
	at := fmt.Sprintf("node %d", n.ID)
	if s := n.Span.Start; s.IsValid() {
		at += fmt.Sprintf(", %s line %d", *s.File, s.Line)
	}
	if script, ok := n.Attrs["script"].(string); ok {
		at += ": " + script
	}
	return formatErrorf("the graph cannot be exported: %s (%s)", why, at)
}

func (e *encoder) span(s ir.Span) {
	for _, p := range []syntax.Position{s.Start, s.End} {
		if !p.IsValid() {
			e.uint(0)
			continue
		}
		id, ok := e.files[*p.File]
		if !ok {
			id = len(e.names)
			e.files[*p.File] = id
			e.names = append(e.names, *p.File)
		}
		e.uint(uint64(id + 1))
		e.uint(uint64(p.Line))
		e.uint(uint64(p.Col))
	}
}

// Abstract value tags.
const (
	absTensor = 'T'
	absScalar = 'S'
	absNone   = 'N'
	absTuple  = '('
	absList   = '['
	absAny    = 'A'
)

func (e *encoder) abstract(a ir.Abstract, n *ir.Node) error {
	switch a := a.(type) {
	case ir.TensorAbs:
		e.b = append(e.b, absTensor, byte(a.DType))
		return e.shape(a.Shape, n)
	case ir.ScalarAbs:
		e.b = append(e.b, absScalar, byte(a.Kind))
		return e.value(a.Value, n)
	case ir.NoneAbs:
		e.b = append(e.b, absNone)
	case ir.TupleAbs, ir.ListAbs:
		elems, tag := []ir.Abstract(nil), byte(absTuple)
		if t, ok := a.(ir.TupleAbs); ok {
			elems = t.Elems
		} else {
			elems, tag = a.(ir.ListAbs).Elems, absList
		}
		e.b = append(e.b, tag)
		e.uint(uint64(len(elems)))
		for _, el := range elems {
			if err := e.abstract(el, n); err != nil {
				return err
			}
		}
	case ir.AnyAbs:
		e.b = append(e.b, absAny)
	default:
		return unexportable(n, fmt.Sprintf("its value is a %s, which a bundle cannot hold", a))
	}
	return nil
}

func (e *encoder) shape(s tensor.Shape, n *ir.Node) error {
	e.uint(uint64(len(s)))
	for _, d := range s {
		if tensor.IsSymbolic(d) {
			return unexportable(n, "its shapes are symbolic (a graph compiled for many sizes); export it for one size")
		}
		e.uint(uint64(d))
	}
	return nil
}

// Value tags, for constants, scalar abstracts and attributes.
const (
	valNil     = 'n'
	valBool    = 'b'
	valInt     = 'i'
	valFloat   = 'f'
	valString  = 's'
	valTensor  = 't'
	valInts    = 'v'
	valShape   = 'S'
	valDType   = 'd'
	valGoInt   = 'I'
	valFloat32 = 'F'
	valStrings = 'w'
)

func (e *encoder) value(v any, n *ir.Node) error {
	switch v := v.(type) {
	case nil:
		e.b = append(e.b, valNil)
	case bool:
		e.b = append(e.b, valBool)
		e.b = append(e.b, map[bool]byte{false: 0, true: 1}[v])
	case int64:
		e.b = append(e.b, valInt)
		e.int(v)
	case int:
		e.b = append(e.b, valGoInt)
		e.int(int64(v))
	case float64:
		e.b = append(e.b, valFloat)
		e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v))
	case float32:
		e.b = append(e.b, valFloat32)
		e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(v))
	case string:
		e.b = append(e.b, valString)
		e.str(v)
	case []int:
		e.b = append(e.b, valInts)
		e.uint(uint64(len(v)))
		for _, x := range v {
			e.int(int64(x))
		}
	case []string:
		e.b = append(e.b, valStrings)
		e.uint(uint64(len(v)))
		for _, x := range v {
			e.str(x)
		}
	case tensor.Shape:
		e.b = append(e.b, valShape)
		return e.shape(v, n)
	case tensor.DType:
		e.b = append(e.b, valDType, byte(v))
	case *tensor.Tensor:
		e.b = append(e.b, valTensor, byte(v.DType()))
		if err := e.shape(v.Shape(), n); err != nil {
			return err
		}
		off := len(*e.data)
		*e.data = tensor.AppendStorage(*e.data, v)
		e.uint(uint64(off))
		e.uint(uint64(len(*e.data) - off))
	default:
		return unexportable(n, fmt.Sprintf("it holds a %T, which a bundle cannot hold", v))
	}
	return nil
}

// attrs writes a node's attributes, sorted by name.
func (e *encoder) attrs(n *ir.Node) error {
	names := make([]string, 0, len(n.Attrs))
	for k := range n.Attrs {
		names = append(names, k)
	}
	slices.Sort(names)
	e.uint(uint64(len(names)))
	for _, k := range names {
		e.str(k)
		if err := e.value(n.Attrs[k], n); err != nil {
			return err
		}
	}
	return nil
}

// decoder reads what encoder wrote. A reader of untrusted bytes: every
// count and index is checked, and the first problem is kept in err while
// the reads that follow return zeros.
type decoder struct {
	// section names the section b is, for errors.
	section string
	b       []byte
	at      int
	err     error
	data    []byte
	dev     devices.Device
	files   []*string
	// tensorAbs are the tensor types read so far, by their encoding.
	tensorAbs map[string]ir.Abstract
	// inputs are the computed nodes' inputs as read, all in a row.
	inputs [][2]int
	// strings are the recurring strings read so far.
	strings map[string]string
	// prims are the primitives named so far, nil where this build has
	// none.
	prims map[string]*ops.Primitive
	// version is the file's format version.
	version uint32
	// From version 2, the tables nodes name their abstract values,
	// primitives and attributes from; a primitive this build lacks is
	// nil, and its name is in primNames.
	abstracts []ir.Abstract
	primTable []*ops.Primitive
	primNames []string
	attrSets  []ops.Attrs
}

// tables reads the tables of version 2; every table would be empty, an
// index into one an error, in a graph section without them.
func (d *decoder) tables() {
	if d.version < 2 {
		return
	}
	d.abstracts = make([]ir.Abstract, d.count())
	for i := range d.abstracts {
		end := d.entry()
		d.abstracts[i] = d.abstract()
		d.entryEnds(end)
	}
	n := d.count()
	d.primTable, d.primNames = make([]*ops.Primitive, n), make([]string, n)
	for i := range n {
		end := d.entry()
		d.primNames[i] = d.str()
		d.primTable[i], _ = ops.Lookup(d.primNames[i])
		d.entryEnds(end)
	}
	d.attrSets = make([]ops.Attrs, d.count())
	for i := range d.attrSets {
		end := d.entry()
		d.attrSets[i] = d.attrList()
		d.entryEnds(end)
	}
}

// entry reads a table entry's length and returns where it ends.
func (d *decoder) entry() int {
	n := d.count()
	return d.at + n
}

// entryEnds checks that an entry read to its end.
func (d *decoder) entryEnds(end int) {
	if d.err == nil && d.at != end {
		d.fail("a table entry ending at offset %d read to %d", end, d.at)
	}
}

// abstractField reads a node's abstract value: from version 2 its place
// in the table.
func (d *decoder) abstractField() ir.Abstract {
	if d.version < 2 {
		return d.abstract()
	}
	if i := d.index(len(d.abstracts), "abstract value"); d.err == nil {
		return d.abstracts[i]
	}
	return ir.AnyAbs{}
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = formatErrorf("the bundle is corrupt: "+format, args...)
	}
}

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.at:])
	if n <= 0 {
		d.fail("a bad number at offset %d of the %s section", d.at, d.section)
		return 0
	}
	d.at += n
	return v
}

func (d *decoder) int() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.at:])
	if n <= 0 {
		d.fail("a bad number at offset %d of the %s section", d.at, d.section)
		return 0
	}
	d.at += n
	return v
}

// count reads a length, which must fit in what is left of the section
// (each counted item takes at least a byte).
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.b)-d.at) {
		d.fail("a count of %d at offset %d, past the end of the %s section", n, d.at, d.section)
		return 0
	}
	return int(n)
}

func (d *decoder) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b)-d.at {
		d.fail("%d bytes wanted at offset %d, past the end of the %s section", n, d.at, d.section)
		return nil
	}
	out := d.b[d.at : d.at+n]
	d.at += n
	return out
}

func (d *decoder) byte() byte {
	b := d.bytes(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func (d *decoder) str() string { return string(d.bytes(d.count())) }

func (d *decoder) id() int {
	id := d.uint()
	if id > math.MaxInt32 {
		d.fail("a node id of %d", id)
		return 0
	}
	return int(id)
}

func (d *decoder) span() ir.Span {
	var ps [2]syntax.Position
	for i := range ps {
		id := d.uint()
		if id == 0 {
			continue
		}
		line, col := d.uint(), d.uint()
		if id > uint64(len(d.files)) || line > math.MaxInt32 || col > math.MaxInt32 {
			d.fail("a source position names file %d of %d", id, len(d.files))
			continue
		}
		ps[i] = syntax.MakePosition(d.files[id-1], int32(line), int32(col))
	}
	return ir.Span{Start: ps[0], End: ps[1]}
}

// rawNode is a node as read, before its inputs can be resolved: they are
// d.inputs[inputs[0]:inputs[1]], each a graph and a node in it.
type rawNode struct {
	n      *ir.Node
	graphs []int
	inputs [2]int
}

// family reads a graph family; missing names the primitives this build
// lacks, which make the family unusable.
func (d *decoder) family() (*ir.FuncGraph, error) {
	ngraphs := d.count()
	if d.err == nil && ngraphs == 0 {
		d.fail("an entry without graphs")
	}
	d.inputs = d.inputs[:0]
	graphs := make([]*ir.FuncGraph, ngraphs)
	nodes := make([][]*ir.Node, ngraphs)
	var raws []rawNode
	outputs := make([][2]int, ngraphs)
	for i := range graphs {
		if d.err != nil {
			return nil, d.err
		}
		name, span := d.str(), d.span()
		if i == 0 {
			graphs[i] = ir.NewGraph(name, span)
		} else {
			graphs[i] = graphs[0].NewSubgraph(name, span)
		}
		g := graphs[i]
		for range d.count() {
			id, name, span := d.id(), d.str(), d.span()
			n := g.AddParam(name, d.abstractField(), span)
			g.SetID(n, id)
			nodes[i] = append(nodes[i], n)
		}
		weights := make([]ir.Node, d.count())
		for k := range weights {
			n := &weights[k]
			n.Kind, n.Graph, n.ID, n.Name = ir.Weight, g, d.id(), d.str()
			n.Abs = d.abstractField()
			if _, ok := n.Abs.(ir.TensorAbs); !ok {
				d.fail("weight %s of @%s is not a tensor", n.Name, g.Name)
			}
			g.SetID(n, n.ID)
			g.Weights = append(g.Weights, n)
			nodes[i] = append(nodes[i], n)
		}
		for range d.count() {
			id, span := d.id(), d.span()
			v := d.value()
			switch v.(type) {
			case *tensor.Tensor, bool, int64, float64, string, nil:
			default:
				d.fail("a constant of type %T in @%s", v, g.Name)
			}
			if d.err != nil {
				return nil, d.err
			}
			n := g.Const(v, span)
			g.SetID(n, id)
			nodes[i] = append(nodes[i], n)
		}
		count := d.count()
		// Most nodes have one or two inputs.
		d.inputs = slices.Grow(d.inputs, 2*count)
		raws = slices.Grow(raws, count)
		g.Nodes = slices.Grow(g.Nodes, count)
		nodes[i] = slices.Grow(nodes[i], count)
		slab := make([]ir.Node, count)
		for k := range count {
			raw := d.node(g, &slab[k])
			if d.err != nil {
				return nil, d.err
			}
			g.SetID(raw.n, raw.n.ID)
			raws = append(raws, raw)
			g.Nodes = append(g.Nodes, raw.n)
			nodes[i] = append(nodes[i], raw.n)
		}
		outputs[i] = [2]int{int(d.uint()), int(d.uint())}
	}
	if d.err != nil {
		return nil, d.err
	}
	lookup := func(at [2]int) *ir.Node {
		if at[0] < 0 || at[0] >= len(nodes) || at[1] < 0 || at[1] >= len(nodes[at[0]]) {
			d.fail("a reference to node %d of graph %d, which does not exist", at[1], at[0])
			return nil
		}
		return nodes[at[0]][at[1]]
	}
	inputs := make([]*ir.Node, len(d.inputs))
	for _, r := range raws {
		// Each node's inputs are a full slice of one array: appending
		// to them copies.
		r.n.Inputs = inputs[r.inputs[0]:r.inputs[1]:r.inputs[1]]
		for k, at := range d.inputs[r.inputs[0]:r.inputs[1]] {
			r.n.Inputs[k] = lookup(at)
		}
		for _, gi := range r.graphs {
			if gi <= 0 || gi >= len(graphs) {
				d.fail("node %d runs graph %d of %d", r.n.ID, gi, len(graphs))
				continue
			}
			r.n.Graphs = append(r.n.Graphs, graphs[gi])
		}
	}
	for i, g := range graphs {
		g.SetOutput(lookup(outputs[i]))
	}
	if d.err != nil {
		return nil, d.err
	}
	return graphs[0], nil
}

func (d *decoder) node(g *ir.FuncGraph, n *ir.Node) rawNode {
	n.Kind, n.Graph = ir.NodeKind(d.byte()), g
	if n.Kind > ir.While || n.Kind == ir.Param || n.Kind == ir.Weight || n.Kind == ir.Const {
		d.fail("a node of kind %d among the computed nodes", n.Kind)
		return rawNode{n: n}
	}
	n.ID = d.id()
	n.Name = d.str()
	n.Span = d.span()
	n.Abs = d.abstractField()
	var raw rawNode
	switch n.Kind {
	case ir.Apply:
		p, name := d.primitive()
		n.Attrs = d.attrs()
		if d.err == nil {
			if p == nil {
				d.err = missingOp(name, n)
				return raw
			}
			n.Prim = p
		}
	case ir.GetItem:
		n.Index = int(d.uint())
	case ir.Call, ir.If, ir.While:
		for range d.count() {
			raw.graphs = append(raw.graphs, int(d.uint()))
		}
	}
	raw.inputs[0] = len(d.inputs)
	for range d.count() {
		d.inputs = append(d.inputs, [2]int{int(d.uint()), int(d.uint())})
	}
	raw.inputs[1] = len(d.inputs)
	raw.n = n
	return raw
}

// missingOp is the error for a bundle that needs a primitive this build
// of msrepl does not have.
func missingOp(name string, n *ir.Node) *FormatError {
	at := ""
	if s := n.Span.Start; s.IsValid() {
		at = fmt.Sprintf(", from %s line %d", *s.File, s.Line)
	}
	return formatErrorf("the bundle needs the primitive %s (node %d%s), which this build of msrepl lacks: use the msrepl that wrote it, or a newer one", name, n.ID, at)
}

func (d *decoder) abstract() ir.Abstract {
	start := d.at
	switch tag := d.byte(); tag {
	case absTensor:
		// Most nodes share a few tensor types: each is made once.
		d.byte()
		for range d.count() {
			d.uint()
		}
		if a, ok := d.tensorAbs[string(d.b[start:d.at])]; ok && d.err == nil {
			return a
		}
		end := d.at
		d.at = start + 1
		dt := d.dtype()
		a := ir.TensorAbs{Meta: tensor.Meta{DType: dt, Shape: d.shape()}}
		if d.err == nil {
			if d.tensorAbs == nil {
				d.tensorAbs = map[string]ir.Abstract{}
			}
			d.tensorAbs[string(d.b[start:end])] = a
		}
		return a
	case absScalar:
		kind := ir.ScalarKind(d.byte())
		if !kind.Valid() {
			d.fail("a scalar of kind %d", kind)
			return ir.AnyAbs{}
		}
		return ir.ScalarAbs{Kind: kind, Value: d.value()}
	case absNone:
		return ir.NoneAbs{}
	case absTuple, absList:
		var elems []ir.Abstract
		for range d.count() {
			elems = append(elems, d.abstract())
		}
		if tag == absTuple {
			return ir.TupleAbs{Elems: elems}
		}
		return ir.ListAbs{Elems: elems}
	case absAny:
		return ir.AnyAbs{}
	default:
		d.fail("an abstract value tagged %q", tag)
		return ir.AnyAbs{}
	}
}

func (d *decoder) dtype() tensor.DType {
	dt := tensor.DType(d.byte())
	if !slices.Contains(tensor.DTypes, dt) {
		d.fail("dtype %d", dt)
		return tensor.Float32
	}
	return dt
}

func (d *decoder) shape() tensor.Shape {
	n := d.count()
	s := make(tensor.Shape, 0, n)
	for range n {
		dim := d.uint()
		if dim > math.MaxInt32 {
			d.fail("a dimension of %d", dim)
			return s
		}
		s = append(s, int(dim))
	}
	return s
}

func (d *decoder) value() any {
	switch tag := d.byte(); tag {
	case valNil:
		return nil
	case valBool:
		return d.byte() != 0
	case valInt:
		return d.int()
	case valGoInt:
		return int(d.int())
	case valFloat:
		b := d.bytes(8)
		if b == nil {
			return 0.0
		}
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	case valFloat32:
		b := d.bytes(4)
		if b == nil {
			return float32(0)
		}
		return math.Float32frombits(binary.LittleEndian.Uint32(b))
	case valString:
		return d.str()
	case valInts:
		var v []int
		for range d.count() {
			v = append(v, int(d.int()))
		}
		return v
	case valStrings:
		var v []string
		for range d.count() {
			v = append(v, d.str())
		}
		return v
	case valShape:
		return d.shape()
	case valDType:
		return d.dtype()
	case valTensor:
		dt := d.dtype()
		shape := d.shape()
		off, n := d.uint(), d.uint()
		if d.err != nil {
			return nil
		}
		t, err := readTensor(d.dev, dt, shape, d.data, off, n)
		if err != nil {
			d.fail("%v", err)
			return nil
		}
		return t
	default:
		d.fail("a value tagged %q", tag)
		return nil
	}
}

// attrs reads a node's attributes: from version 2 their place in the
// table, whose maps nodes share (attributes are never changed in place).
func (d *decoder) attrs() ops.Attrs {
	if d.version < 2 {
		return d.attrList()
	}
	if i := d.index(len(d.attrSets), "attribute set"); d.err == nil {
		return d.attrSets[i]
	}
	return nil
}

// index reads a place in a table of n.
func (d *decoder) index(n int, what string) int {
	i := d.uint()
	if d.err == nil && i >= uint64(n) {
		d.fail("%s %d of a table of %d", what, i, n)
	}
	if d.err != nil {
		return 0
	}
	return int(i)
}

func (d *decoder) attrList() ops.Attrs {
	n := d.count()
	if n == 0 {
		return nil
	}
	a := make(ops.Attrs, n)
	for range n {
		k := d.interned()
		a[k] = d.value()
	}
	return a
}

// primitive reads a primitive's name and finds it, once per decode: from
// version 2 its place in the table. It is nil, and the name is given,
// when this build lacks it.
func (d *decoder) primitive() (*ops.Primitive, string) {
	if d.version >= 2 {
		i := d.index(len(d.primTable), "primitive")
		if d.err != nil {
			return nil, ""
		}
		return d.primTable[i], d.primNames[i]
	}
	b := d.bytes(d.count())
	if p := d.prims[string(b)]; p != nil {
		return p, ""
	}
	name := string(b)
	p, _ := ops.Lookup(name)
	if d.prims == nil {
		d.prims = map[string]*ops.Primitive{}
	}
	d.prims[name] = p
	return p, name
}

// interned reads a string that recurs (an attribute's name), made once
// per decode.
func (d *decoder) interned() string {
	b := d.bytes(d.count())
	if s, ok := d.strings[string(b)]; ok {
		return s
	}
	if d.strings == nil {
		d.strings = map[string]string{}
	}
	s := string(b)
	d.strings[s] = s
	return s
}

// readTensor makes a tensor from n bytes at off in the data section.
func readTensor(dev devices.Device, dt tensor.DType, shape tensor.Shape, data []byte, off, n uint64) (*tensor.Tensor, error) {
	if off > uint64(len(data)) || n > uint64(len(data))-off {
		return nil, fmt.Errorf("a %v tensor of shape %v wants %d bytes at offset %d of the data section, which has %d", dt, shape, n, off, len(data))
	}
	return tensor.FromStorage(dev, dt, shape, data[off:off+n])
}
