package bundle

import (
	"encoding/json"
	"time"
)

// meta is the META section: who wrote the bundle, and its entries. From
// format version 2 it is binary, like the graphs: a JSON decode was a
// third of the time the compile cache took to load a small graph.
// Version 1 files, whose META is JSON, still read.
type meta struct {
	Format   int         `json:"format"`
	Producer string      `json:"producer"`
	Created  time.Time   `json:"created"`
	Entries  []metaEntry `json:"entries"`
}

type metaEntry struct {
	Name       string       `json:"name"`
	Cell       string       `json:"cell,omitempty"`
	SourceHash string       `json:"source_hash,omitempty"`
	Key        string       `json:"key,omitempty"`
	Inputs     []metaTensor `json:"inputs"`
	Outputs    []string     `json:"outputs,omitempty"`
	Weights    []metaTensor `json:"weights"`
	// External says the weights' data are not in the file: the graph
	// names them, and the reader binds them. Weights is then empty.
	External bool         `json:"external_weights,omitempty"`
	Example  *metaExample `json:"example,omitempty"`
	// Annex is where the entry's annex lies in the ANNX section.
	Annex *metaTensor `json:"annex,omitempty"`
}

type metaExample struct {
	Inputs  []metaTensor `json:"inputs"`
	Outputs []metaTensor `json:"outputs"`
}

// metaTensor describes an input, or a weight and where its data lie.
type metaTensor struct {
	Name   string `json:"name"`
	DType  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Offset uint64 `json:"offset,omitempty"`
	Bytes  uint64 `json:"bytes,omitempty"`
}

// An entry's flags: which of its optional parts follow.
const (
	metaExternal = 1 << iota
	metaHasExample
	metaHasAnnex
)

// encodeMeta lays META out: strings and counts as uvarints, the creation
// time as Unix nanoseconds.
func encodeMeta(m meta) []byte {
	e := &encoder{}
	e.str(m.Producer)
	e.int(m.Created.UnixNano())
	e.uint(uint64(len(m.Entries)))
	for _, me := range m.Entries {
		for _, s := range []string{me.Name, me.Cell, me.SourceHash, me.Key} {
			e.str(s)
		}
		e.tensors(me.Inputs)
		e.uint(uint64(len(me.Outputs)))
		for _, o := range me.Outputs {
			e.str(o)
		}
		e.tensors(me.Weights)
		flags := 0
		if me.External {
			flags |= metaExternal
		}
		if me.Example != nil {
			flags |= metaHasExample
		}
		if me.Annex != nil {
			flags |= metaHasAnnex
		}
		e.uint(uint64(flags))
		if me.Example != nil {
			e.tensors(me.Example.Inputs)
			e.tensors(me.Example.Outputs)
		}
		if me.Annex != nil {
			e.uint(me.Annex.Offset)
			e.uint(me.Annex.Bytes)
		}
	}
	return e.b
}

func (e *encoder) tensors(ts []metaTensor) {
	e.uint(uint64(len(ts)))
	for _, t := range ts {
		e.str(t.Name)
		e.str(t.DType)
		e.uint(uint64(len(t.Shape)))
		for _, d := range t.Shape {
			e.uint(uint64(d))
		}
		e.uint(t.Offset)
		e.uint(t.Bytes)
	}
}

// decodeMeta reads META as the file's format version wrote it.
func decodeMeta(b []byte, version uint32) (meta, error) {
	var m meta
	if version == 1 {
		if err := json.Unmarshal(b, &m); err != nil {
			return m, formatErrorf("the bundle is corrupt: its %s section does not read: %v", tagMeta, err)
		}
		return m, nil
	}
	d := &decoder{b: b, section: tagMeta}
	m.Format, m.Producer = int(version), d.str()
	m.Created = time.Unix(0, d.int()).UTC()
	m.Entries = make([]metaEntry, d.count())
	for i := range m.Entries {
		me := &m.Entries[i]
		me.Name, me.Cell, me.SourceHash, me.Key = d.str(), d.str(), d.str(), d.str()
		me.Inputs = d.tensors()
		if n := d.count(); n > 0 {
			me.Outputs = make([]string, n)
			for k := range me.Outputs {
				me.Outputs[k] = d.str()
			}
		}
		me.Weights = d.tensors()
		flags := d.uint()
		if flags >= metaHasAnnex<<1 {
			d.fail("an entry with flags %#x", flags)
		}
		me.External = flags&metaExternal != 0
		if flags&metaHasExample != 0 {
			me.Example = &metaExample{Inputs: d.tensors(), Outputs: d.tensors()}
		}
		if flags&metaHasAnnex != 0 {
			me.Annex = &metaTensor{Offset: d.uint(), Bytes: d.uint()}
		}
	}
	if d.err == nil && d.at != len(d.b) {
		d.fail("%d bytes follow its last entry", len(d.b)-d.at)
	}
	return m, d.err
}

func (d *decoder) tensors() []metaTensor {
	ts := make([]metaTensor, d.count())
	for i := range ts {
		t := &ts[i]
		t.Name, t.DType = d.str(), d.str()
		t.Shape = make([]int, d.count())
		for k := range t.Shape {
			dim := d.uint()
			if dim > 1<<31 {
				d.fail("a dimension of %d", dim)
			}
			t.Shape[k] = int(dim)
		}
		t.Offset, t.Bytes = d.uint(), d.uint()
	}
	return ts
}
