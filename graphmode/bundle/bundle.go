package bundle

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"msrepl/devices"
	"msrepl/graphmode/ir"
	"msrepl/internal/atomicfile"
	"msrepl/tensor"
)

// A Bundle is what a file holds: compiled graphs, each with the weights
// it reads, and who made them.
type Bundle struct {
	// Format is the version of the format the file was written in; a
	// bundle is always written in Version.
	Format int
	// Producer is the program that wrote the bundle ("msrepl 0.1.0").
	Producer string
	Created  time.Time
	Entries  []*Entry
}

// An Entry is one compiled function: its optimized graph family, whose
// entry parameters are its inputs, and the data of the weights it reads.
type Entry struct {
	Name string
	// Cell is where the function came from: a notebook cell or a file.
	Cell string
	// SourceHash is the SHA-256 of that source, in hex.
	SourceHash string
	// Outputs name the graph's results, or are empty.
	Outputs []string
	Graph   *ir.FuncGraph
	// Weights hold the data of each weight of Graph's family, by name.
	// When nil the weights are external: the file lists their names,
	// dtypes and shapes only, and the reader binds them (the compile
	// cache binds a session's Parameters).
	Weights map[string]*tensor.Tensor
	// Key, when set, is what the graph was compiled for, as a reader that
	// looks graphs up knows it (the compile cache's key).
	Key string
	// Annex is what the writer keeps beside the graph, which the bundle
	// stores, in its own section, and does not read.
	Annex []byte
	// Example, when set, is a run of the graph: inputs and the outputs
	// they gave, by which a reader can check the bundle reproduces it.
	Example *Example
}

// An Example is one run of a graph.
type Example struct {
	Inputs, Outputs []*tensor.Tensor
}

// weightsOf lists the weights of g's family, each name once, in order.
func weightsOf(g *ir.FuncGraph) []*ir.Node {
	var out []*ir.Node
	var names []string
	for _, f := range append([]*ir.FuncGraph{g}, g.Subgraphs()...) {
		for _, w := range f.Weights {
			if !slices.Contains(names, w.Name) {
				names = append(names, w.Name)
				out = append(out, w)
			}
		}
	}
	return out
}

// Encode lays a bundle out as bytes.
func Encode(b *Bundle) ([]byte, error) {
	var data, annexes []byte
	enc := &encoder{data: &data, files: map[string]int{}}
	m := meta{Format: Version, Producer: b.Producer, Created: b.Created.UTC()}
	enc.uint(uint64(len(b.Entries)))
	for _, e := range b.Entries {
		me := metaEntry{Name: e.Name, Cell: e.Cell, SourceHash: e.SourceHash, Outputs: e.Outputs, Inputs: []metaTensor{}, Weights: []metaTensor{},
			Key: e.Key, External: e.Weights == nil}
		if e.Annex != nil {
			me.Annex = &metaTensor{Offset: uint64(len(annexes)), Bytes: uint64(len(e.Annex))}
			annexes = append(annexes, e.Annex...)
		}
		for _, p := range e.Graph.Params {
			t, ok := p.Abs.(ir.TensorAbs)
			if !ok {
				return nil, formatErrorf("%s cannot be exported: input %s is a %s, not a Tensor", e.Name, p.Name, p.Abs)
			}
			me.Inputs = append(me.Inputs, metaTensor{Name: p.Name, DType: t.DType.String(), Shape: t.Shape})
		}
		for _, w := range weightsOf(e.Graph) {
			if me.External {
				break
			}
			t := e.Weights[w.Name]
			if t == nil {
				return nil, formatErrorf("%s cannot be exported: no data for its weight %s", e.Name, w.Name)
			}
			if t.Meta().DType != w.Meta().DType || !slices.Equal(t.Shape(), w.Meta().Shape) {
				return nil, formatErrorf("%s cannot be exported: weight %s holds %v%v, and the graph reads %v%v", e.Name, w.Name, t.DType(), t.Shape(), w.Meta().DType, w.Meta().Shape)
			}
			off := len(data)
			data = tensor.AppendStorage(data, t)
			me.Weights = append(me.Weights, metaTensor{Name: w.Name, DType: t.DType().String(), Shape: t.Shape(), Offset: uint64(off), Bytes: uint64(len(data) - off)})
		}
		if ex := e.Example; ex != nil {
			me.Example = &metaExample{}
			for _, list := range []struct {
				from []*tensor.Tensor
				to   *[]metaTensor
			}{{ex.Inputs, &me.Example.Inputs}, {ex.Outputs, &me.Example.Outputs}} {
				for _, t := range list.from {
					off := len(data)
					data = tensor.AppendStorage(data, t)
					*list.to = append(*list.to, metaTensor{DType: t.DType().String(), Shape: t.Shape(), Offset: uint64(off), Bytes: uint64(len(data) - off)})
				}
			}
		}
		if err := enc.family(e.Graph); err != nil {
			var fe *FormatError
			if errors.As(err, &fe) {
				fe.Msg = fmt.Sprintf("%s: %s", e.Name, fe.Msg)
			}
			return nil, err
		}
		m.Entries = append(m.Entries, me)
	}
	// The graphs name source files, abstract values, primitives and
	// attribute sets by number: the tables go first, now that every
	// graph has been written.
	var tables encoder
	tables.uint(uint64(len(enc.names)))
	for _, n := range enc.names {
		tables.str(n)
	}
	for _, t := range []*table{&enc.abstracts, &enc.prims, &enc.attrSets} {
		t.write(&tables)
	}
	graphs := append(tables.b, enc.b...)
	secs := []section{{tagMeta, encodeMeta(m)}, {tagGraphs, graphs}, {tagData, data}}
	if annexes != nil {
		secs = append(secs, section{tagAnnex, annexes})
	}
	return container(secs), nil
}

// Decode reads a bundle, making its tensors on dev. Its graphs are
// checked whole (ir.Verify), as the file may come from anywhere.
func Decode(raw []byte, dev devices.Device) (*Bundle, error) { return decode(raw, dev, ir.Verify) }

func decode(raw []byte, dev devices.Device, verify func(*ir.FuncGraph) error) (*Bundle, error) {
	secs, err := sections(raw)
	if err != nil {
		return nil, err
	}
	version := binary.LittleEndian.Uint32(raw[len(Magic):])
	m, err := decodeMeta(secs[tagMeta], version)
	if err != nil {
		return nil, err
	}
	d := &decoder{b: secs[tagGraphs], data: secs[tagData], dev: dev, section: tagGraphs, version: version}
	annexes := secs[tagAnnex]
	for range d.count() {
		name := d.str()
		d.files = append(d.files, &name)
	}
	d.tables()
	if n := d.count(); d.err == nil && n != len(m.Entries) {
		d.fail("%d graphs for %d entries", n, len(m.Entries))
	}
	if d.err != nil {
		return nil, d.err
	}
	b := &Bundle{Format: int(version), Producer: m.Producer, Created: m.Created}
	for _, me := range m.Entries {
		g, err := d.family()
		if err != nil {
			return nil, err
		}
		if err := verify(g); err != nil {
			return nil, formatErrorf("the bundle is corrupt: the graph of %s is not valid: %v", me.Name, err)
		}
		e := &Entry{Name: me.Name, Cell: me.Cell, SourceHash: me.SourceHash, Outputs: me.Outputs, Graph: g, Key: me.Key}
		if a := me.Annex; a != nil {
			if a.Offset > uint64(len(annexes)) || a.Bytes > uint64(len(annexes))-a.Offset {
				return nil, formatErrorf("the bundle is corrupt: the annex of %s lies past the end of its section", me.Name)
			}
			e.Annex = annexes[a.Offset : a.Offset+a.Bytes]
		}
		if !me.External {
			e.Weights = map[string]*tensor.Tensor{}
		}
		for _, w := range weightsOf(g) {
			if me.External {
				break
			}
			i := slices.IndexFunc(me.Weights, func(t metaTensor) bool { return t.Name == w.Name })
			if i < 0 {
				return nil, formatErrorf("the bundle is corrupt: no data for weight %s of %s", w.Name, me.Name)
			}
			mt := w.Meta()
			t, err := readTensor(dev, mt.DType, mt.Shape, d.data, me.Weights[i].Offset, me.Weights[i].Bytes)
			if err != nil {
				return nil, formatErrorf("the bundle is corrupt: weight %s of %s: %v", w.Name, me.Name, err)
			}
			e.Weights[w.Name] = t
		}
		if me.Example != nil {
			e.Example = &Example{}
			for _, list := range []struct {
				from []metaTensor
				to   *[]*tensor.Tensor
			}{{me.Example.Inputs, &e.Example.Inputs}, {me.Example.Outputs, &e.Example.Outputs}} {
				for _, mt := range list.from {
					t, err := metaTensorData(dev, mt, d.data)
					if err != nil {
						return nil, formatErrorf("the bundle is corrupt: the example of %s: %v", me.Name, err)
					}
					*list.to = append(*list.to, t)
				}
			}
		}
		b.Entries = append(b.Entries, e)
	}
	if d.at != len(d.b) {
		return nil, formatErrorf("the bundle is corrupt: %d bytes follow its last graph", len(d.b)-d.at)
	}
	return b, nil
}

// Write saves a bundle to path atomically: an interrupted write leaves
// what was there before.
func Write(path string, b *Bundle) error {
	raw, err := Encode(b)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, raw)
}

// Read loads the bundle at path; its errors name the file.
func Read(path string, dev devices.Device) (*Bundle, error) { return read(path, dev, ir.Verify) }

// ReadOwn loads a bundle this build wrote for itself (the compile cache):
// its checksums and its graphs' structure are checked, and the abstract
// values are taken as written (ir.VerifyStructure), which loads faster.
func ReadOwn(path string, dev devices.Device) (*Bundle, error) {
	return read(path, dev, ir.VerifyStructure)
}

func read(path string, dev devices.Device, verify func(*ir.FuncGraph) error) (*Bundle, error) {
	raw, err := readFile(path)
	if err != nil {
		return nil, err
	}
	b, err := decode(raw, dev, verify)
	var fe *FormatError
	if errors.As(err, &fe) {
		fe.Path = path
	}
	return b, err
}

// readFile reads the file at path whole, in one read of the size it has
// when opened: a file is replaced, never rewritten in place (Write), and
// the compile cache reads one on a function's first call, where each
// system call counts (os.ReadFile makes one more, to see the end).
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return io.ReadAll(f)
	}
	raw := make([]byte, st.Size())
	if _, err := f.ReadAt(raw, 0); err != nil {
		return nil, err
	}
	return raw, nil
}

// Entry finds an entry by name.
func (b *Bundle) Entry(name string) (*Entry, bool) {
	for _, e := range b.Entries {
		if e.Name == name {
			return e, true
		}
	}
	return nil, false
}

// metaTensorData reads a tensor META describes from the data section.
func metaTensorData(dev devices.Device, mt metaTensor, data []byte) (*tensor.Tensor, error) {
	i := slices.IndexFunc(tensor.DTypes, func(d tensor.DType) bool { return d.String() == mt.DType })
	if i < 0 {
		return nil, fmt.Errorf("dtype %q", mt.DType)
	}
	for _, d := range mt.Shape {
		if d < 0 {
			return nil, fmt.Errorf("shape %v", mt.Shape)
		}
	}
	return readTensor(dev, tensor.DTypes[i], tensor.Shape(mt.Shape), data, mt.Offset, mt.Bytes)
}
